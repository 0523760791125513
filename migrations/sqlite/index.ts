import * as migration_20261122_075554_initial from './20261122_075554_initial';

export const migrations = [
  {
    up: migration_20261122_075554_initial.up,
    down: migration_20261122_075554_initial.down,
    name: '20261122_075554_initial'
  },
];
