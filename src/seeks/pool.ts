// What makes two seeks compatible: the same options (one canonical key, the pool), two different
// players, and each player's rating inside the other's range. Pure: the store's pairing query
// asks the same in SQL (seeks/store.ts), and the tests check one against the other.
import type { Config } from '../engine/index.ts';

/** What a seek asks for: the rules, the clock, rated or not, one game or a match. */
export interface SeekOptions {
  config: Config;
  turnSeconds: number | null;
  rated: boolean;
  /** 1: one game; n ≥ 2: a match of n games. */
  games: number;
}

/** The ratings a seek accepts in its opponent (inclusive; null: no bound). */
export interface RatingRange {
  min: number | null;
  max: number | null;
}

/** A seek as compatibility sees it. */
export interface PoolEntry extends RatingRange {
  playerId: string;
  pool: string;
  /** The seeker's rating in the variant (1500 unrated). */
  rating: number;
}

/** The pool of a seek's options: equal strings, same options (the order of the fields is fixed here). */
export function poolKey({ config, turnSeconds, rated, games }: SeekOptions): string {
  const { variant, scoring, spitzen, kontra, ramschTrumps } = config;
  return JSON.stringify([variant, scoring, spitzen, kontra, ramschTrumps, turnSeconds, rated, games]);
}

export const inRange = ({ min, max }: RatingRange, rating: number): boolean => (min === null || rating >= min) && (max === null || rating <= max);

/** Whether two seeks may be paired with each other. */
export function compatible(a: PoolEntry, b: PoolEntry): boolean {
  return a.pool === b.pool && a.playerId !== b.playerId && inRange(a, b.rating) && inRange(b, a.rating);
}
