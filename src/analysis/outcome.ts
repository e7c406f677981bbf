// The outcome bands of a solver value (src/bots/solver/value.ts): a card that moves the value
// from one band to another changed what the score sheet writes, and is a mistake.
import type { GameType } from '../engine/index.ts';

/**
 * The band of a value. Suit, grand and ramsch: schwarz against (−1), schneider against (≤ 30),
 * lost (≤ 60), won (≤ 89), schneider (≤ 120), schwarz (121): the lines at 31, 61 and 90 the
 * score sheet draws (ramsch's value is the other player's points, on the same lines). Null: the
 * value is 1 or 0 already (a trick taken or not).
 */
export function band(game: GameType, value: number): number {
  if (game === 'null') return value >= 1 ? 1 : 0;
  if (value < 0) return 0;
  if (value <= 30) return 1;
  if (value <= 60) return 2;
  if (value <= 89) return 3;
  if (value <= 120) return 4;
  return 5;
}

/** The loss of a card from its player's side: the declarer wants the value high, the other side low. */
export const lossOf = (maximizing: boolean, value: number, bestValue: number) => Math.max(0, maximizing ? bestValue - value : value - bestValue);
