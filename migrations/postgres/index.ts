import * as migration_20261122_080334_initial from './20261122_080334_initial';

export const migrations = [
  {
    up: migration_20261122_080334_initial.up,
    down: migration_20261122_080334_initial.down,
    name: '20261122_080334_initial'
  },
];
