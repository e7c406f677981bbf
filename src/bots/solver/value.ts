// What the solver's value means, per game type: one number, higher is better for the declarer,
// whose order is the order of the score (so minimax on it is minimax on the score).
//
// - Suit and grand: the declarer's card points at the end (tricks plus stock or discards),
//   except -1 when the declarer takes no trick (schwarz against it) and 121 when it takes every
//   trick (schwarz). So 61 wins, 90 is schneider, 31 avoids being schneider, 121 is schwarz.
// - Ramsch: the OTHER player's card points at the end (the chooser wants them high, its own low),
//   except -1 when the other player takes every trick (durchmarsch against the chooser) and 121
//   when it takes none (the chooser's durchmarsch). The chooser wins with 61 or more.
// - Null: 1 when the declarer takes no trick (wins), 0 when it takes one.
import type { GameType } from '../../engine/index.ts';

export const WORST = -1;
export const BEST = 121;

/** The value of a finished play, from each side's card points (the declarer's with the stock) and tricks. */
export function valueAtEnd(
  game: GameType,
  declarerPoints: number,
  declarerTricks: number,
  defenderPoints: number,
  defenderTricks: number,
): number {
  if (game === 'null') return declarerTricks === 0 ? 1 : 0;
  if (game === 'ramsch') {
    if (declarerTricks === 0) return WORST;
    if (defenderTricks === 0) return BEST;
    return defenderPoints;
  }
  if (declarerTricks === 0) return WORST;
  if (defenderTricks === 0) return BEST;
  return declarerPoints;
}
