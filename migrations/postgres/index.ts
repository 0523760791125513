import * as migration_20261122_080334_initial from './20261122_080334_initial';
import * as migration_20261123_030555_posts_trash_versions_counts from './20261123_030555_posts_trash_versions_counts';
import * as migration_20261123_041903_archive_index from './20261123_041903_archive_index';
import * as migration_20261124_041257_per_address_sign_in_limits from './20261124_041257_per_address_sign_in_limits';
import * as migration_20261124_050254_shared_sign_in_failures from './20261124_050254_shared_sign_in_failures';
import * as migration_20261124_100300_event_password_limits from './20261124_100300_event_password_limits';
import * as migration_20261127_170038_post_names_and_dates from './20261127_170038_post_names_and_dates';
import * as migration_20261128_002739_recurring_events from './20261128_002739_recurring_events';
import * as migration_20261128_023019_change_feed from './20261128_023019_change_feed';
import * as migration_20261128_024927_search_index from './20261128_024927_search_index';
import * as migration_20261128_030532_webhooks from './20261128_030532_webhooks';
import * as migration_20261207_035438_kept_occurrence_ids from './20261207_035438_kept_occurrence_ids';

export const migrations = [
  {
    up: migration_20261122_080334_initial.up,
    down: migration_20261122_080334_initial.down,
    name: '20261122_080334_initial',
  },
  {
    up: migration_20261123_030555_posts_trash_versions_counts.up,
    down: migration_20261123_030555_posts_trash_versions_counts.down,
    name: '20261123_030555_posts_trash_versions_counts',
  },
  {
    up: migration_20261123_041903_archive_index.up,
    down: migration_20261123_041903_archive_index.down,
    name: '20261123_041903_archive_index',
  },
  {
    up: migration_20261124_041257_per_address_sign_in_limits.up,
    down: migration_20261124_041257_per_address_sign_in_limits.down,
    name: '20261124_041257_per_address_sign_in_limits',
  },
  {
    up: migration_20261124_050254_shared_sign_in_failures.up,
    down: migration_20261124_050254_shared_sign_in_failures.down,
    name: '20261124_050254_shared_sign_in_failures',
  },
  {
    up: migration_20261124_100300_event_password_limits.up,
    down: migration_20261124_100300_event_password_limits.down,
    name: '20261124_100300_event_password_limits',
  },
  {
    up: migration_20261127_170038_post_names_and_dates.up,
    down: migration_20261127_170038_post_names_and_dates.down,
    name: '20261127_170038_post_names_and_dates',
  },
  {
    up: migration_20261128_002739_recurring_events.up,
    down: migration_20261128_002739_recurring_events.down,
    name: '20261128_002739_recurring_events',
  },
  {
    up: migration_20261128_023019_change_feed.up,
    down: migration_20261128_023019_change_feed.down,
    name: '20261128_023019_change_feed',
  },
  {
    up: migration_20261128_024927_search_index.up,
    down: migration_20261128_024927_search_index.down,
    name: '20261128_024927_search_index',
  },
  {
    up: migration_20261128_030532_webhooks.up,
    down: migration_20261128_030532_webhooks.down,
    name: '20261128_030532_webhooks',
  },
  {
    up: migration_20261207_035438_kept_occurrence_ids.up,
    down: migration_20261207_035438_kept_occurrence_ids.down,
    name: '20261207_035438_kept_occurrence_ids'
  },
];
