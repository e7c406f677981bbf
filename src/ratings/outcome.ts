// What a finished game means for the ratings: each seat's score, or null when it is not rated
// (docs/api.md: a passed-in game is not rated; a resign or a timeout loses; a draw is 0.5 each).
import type { BySeat, Result } from '../engine/index.ts';
import type { Score } from './glicko.ts';

export function scoresOf(result: Result): BySeat<Score> | null {
  if (result.passedIn) return null;
  const quitter = result.resigned ?? result.timedOut;
  if (quitter) return quitter === 'forehand' ? { forehand: 0, dealer: 1 } : { forehand: 1, dealer: 0 };
  if (result.draw || result.won === null) return { forehand: 0.5, dealer: 0.5 };
  // biome-ignore lint/style/noNonNullAssertion: a game won or lost (not passed in, nobody quit) had its declarer
  const declarer = result.declarer!;
  const winner = result.won ? declarer : declarer === 'forehand' ? 'dealer' : 'forehand';
  return winner === 'forehand' ? { forehand: 1, dealer: 0 } : { forehand: 0, dealer: 1 };
}
