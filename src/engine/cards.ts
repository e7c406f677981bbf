// Cards in ISS notation, the canonical deck order, and card points.
import { RANKS, SUITS, type Card, type Rank, type Suit } from './types.ts';

/** Canonical order: suits C S H D, within a suit 7 8 9 T J Q K A (index 0 = C7, 31 = DA). */
export const DECK: readonly Card[] = SUITS.flatMap((s) => RANKS.map((r) => `${s}${r}` as Card));

const CARD_SET: ReadonlySet<string> = new Set(DECK);

export function isCard(x: unknown): x is Card {
  return typeof x === 'string' && CARD_SET.has(x);
}

export const suitOf = (card: Card): Suit => card[0] as Suit;
export const rankOf = (card: Card): Rank => card[1] as Rank;
export const isJack = (card: Card): boolean => card[1] === 'J';

const RANK_POINTS: Record<Rank, number> = { '7': 0, '8': 0, '9': 0, T: 10, J: 2, Q: 3, K: 4, A: 11 };
export const POINTS: Readonly<Record<Card, number>> = Object.fromEntries(
  DECK.map((c) => [c, RANK_POINTS[rankOf(c)]]),
) as Record<Card, number>;

export function pointsOf(cards: readonly Card[]): number {
  let sum = 0;
  for (const c of cards) sum += POINTS[c];
  return sum;
}
