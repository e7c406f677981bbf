// What a bid says about the bidder's cards. A player bids on the cards it sees (its open cards
// and its hand, not its covered ones): a bid or a hold says they carry a game of that value, a
// pass says they do not. The measure is plain and any bidder's: the best suit or grand game
// with at least four trumps (grand: two jacks) among them, worth (matadors + 1) × base value.
import { matadors } from '../../engine/score.ts';
import type { Card, GameType } from '../../engine/types.ts';

const SUIT_GAMES: readonly [GameType, string, number][] = [
  ['clubs', 'C', 12],
  ['spades', 'S', 11],
  ['hearts', 'H', 10],
  ['diamonds', 'D', 9],
];

/** The value the cards can bid to, by the measure above (0: nothing worth a bid). */
export function bidLimit(cards: readonly Card[]): number {
  let best = 0;
  const jacks = cards.filter((c) => c[1] === 'J').length;
  for (const [game, suit, base] of SUIT_GAMES) {
    const trumps = cards.filter((c) => c[1] === 'J' || c[0] === suit).length;
    if (trumps >= 4) best = Math.max(best, (Math.abs(matadors(game, cards, false)) + 1) * base);
  }
  if (jacks >= 2) best = Math.max(best, (Math.abs(matadors('grand', cards, false)) + 1) * 24);
  return best;
}

/** Whether cards a bidder saw fit its bids: it bid or held `bid` (0: none) and refused `refused` (0: none). */
export function mayHaveBid(cards: readonly Card[], bid: number, refused: number): boolean {
  const limit = bidLimit(cards);
  return (bid === 0 || limit >= bid) && (refused === 0 || limit < refused);
}
