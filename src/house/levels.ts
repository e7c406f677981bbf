// The house bots' levels: the computer's strategies as bot accounts of the service. A new level
// (a stronger strategy of src/bots) is one more line here; HOUSE_BOTS names the levels to run.
import type { StrategyName } from '../bots/index.ts';

export interface HouseLevel {
  /** What HOUSE_BOTS calls it. */
  level: string;
  /**
   * The account's username (3..24 of A-Z a-z 0-9 _ -) and the name players see: the level in
   * words (the web client shows its own words for the level, in the reader's language).
   */
  username: string;
  name: string;
  strategy: StrategyName;
  /** The strategy's thinking time per card (pimc), ms. */
  thinkMs?: number;
}

/** Every rated game has a clock: the house's seeks and its ladder's games give a minute a move. */
export const HOUSE_TURN_SECONDS = 60;

/** Weakest to strongest: the order clients list them in (houseLevel of GET /v1/bots/online). */
export const HOUSE_LEVELS: readonly HouseLevel[] = [
  { level: 'random', username: 'house-random', name: 'Computer (beginner)', strategy: 'random' },
  { level: 'greedy', username: 'house-greedy', name: 'Computer (easy)', strategy: 'greedy' },
  { level: 'pimc', username: 'house-pimc', name: 'Computer (strong)', strategy: 'pimc', thinkMs: 400 },
  { level: 'star', username: 'house-star', name: 'Computer (expert)', strategy: 'star', thinkMs: 400 },
];

/** HOUSE_BOTS names a level there is none of: a configuration error (main.ts exits with 2). */
export class HouseBotsError extends Error {
  override name = 'HouseBotsError';
}

/** The levels HOUSE_BOTS names (`all`: every one), in this list's order; an unknown name throws a HouseBotsError. */
export function houseLevels(names: readonly string[]): HouseLevel[] {
  if (names.includes('all')) return [...HOUSE_LEVELS];
  const unknown = names.filter((n) => !HOUSE_LEVELS.some((l) => l.level === n));
  if (unknown.length > 0) throw new HouseBotsError(`HOUSE_BOTS: no level ${unknown.join(', ')} (the levels: ${HOUSE_LEVELS.map((l) => l.level).join(', ')}, or all)`);
  return HOUSE_LEVELS.filter((l) => names.includes(l.level));
}
