// The games' settings: the process's copy of games, and how long a waiting game (or match) waits.
import { integer, settings } from '../platform/settings.ts';

export interface GameSettings {
  /** How many games one process keeps a copy of (0: none; every request reads the database). */
  cacheSize: number;
  /** A waiting game or match nobody joined is called off after this (the games' sweep, create.ts). */
  waitingTtlSeconds: number;
}

export const gameSettings = settings(
  {
    GAME_CACHE_SIZE: integer(0, 1_000_000, 1000),
    WAITING_TTL_SECONDS: integer(60, 365 * 24 * 60 * 60, 24 * 60 * 60),
  },
  (e): GameSettings => ({ cacheSize: e.GAME_CACHE_SIZE, waitingTtlSeconds: e.WAITING_TTL_SECONDS }),
);
