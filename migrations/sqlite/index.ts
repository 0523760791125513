import * as migration_20261122_080325_initial from './20261122_080325_initial';

export const migrations = [
  {
    up: migration_20261122_080325_initial.up,
    down: migration_20261122_080325_initial.down,
    name: '20261122_080325_initial'
  },
];
