// Which two cards a declarer lays away, as a first guess per game: the candidates pimc then
// weighs by solving. Suit and grand: never a trump or an ace; the points of short plain suits
// (tens and kings) are banked, and a suit is made void. Null: the cards most likely to take a
// trick, high cards in short suits.
import type { Card, GameType } from '../../engine/types.ts';
import { POINTS } from '../../engine/cards.ts';

const SUIT_OF: Partial<Record<GameType, string>> = { clubs: 'C', spades: 'S', hearts: 'H', diamonds: 'D' };
const NULL_RANK = '789TJQKA';

/** How much laying `card` away is worth for `game`, holding `mine` (all the declarer's cards). */
function worth(game: GameType, card: Card, mine: readonly Card[]): number {
  const inSuit = mine.filter((c) => c[0] === card[0] && (game === 'null' || c[1] !== 'J')).length;
  if (game === 'null') return NULL_RANK.indexOf(card[1]) * 2 + (inSuit <= 2 ? 4 : 0);
  const trump = card[1] === 'J' || card[0] === SUIT_OF[game];
  if (trump || card[1] === 'A') return -100;
  return POINTS[card] + 6 / inSuit;
}

/** The `count` best pairs of `hand` to lay away for `game`, best first. */
export function discardCandidates(game: GameType, hand: readonly Card[], mine: readonly Card[], count: number): [Card, Card][] {
  const pairs: { pair: [Card, Card]; w: number }[] = [];
  for (let i = 0; i < hand.length; i++)
    for (let j = i + 1; j < hand.length; j++)
      pairs.push({ pair: [hand[i], hand[j]], w: worth(game, hand[i], mine) + worth(game, hand[j], mine) });
  pairs.sort((a, b) => b.w - a.w);
  return pairs.slice(0, count).map((p) => p.pair);
}
