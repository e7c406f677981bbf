// Cards in ISS notation, the canonical deck order, and card points.
import { RANKS, SUITS, type Card, type Rank, type Suit } from './types.ts';

/**
 * Canonical order: suits C S H D, within a suit 7 8 9 T J Q K A (index 0 = C7, 31 = DA).
 * Written out, not built: string literals are interned by V8, so the engine's cards compare
 * by pointer and read fast (a built string that later serves as an object key gets an
 * indirection instead).
 */
// prettier-ignore
export const DECK: readonly Card[] = [
  'C7', 'C8', 'C9', 'CT', 'CJ', 'CQ', 'CK', 'CA',
  'S7', 'S8', 'S9', 'ST', 'SJ', 'SQ', 'SK', 'SA',
  'H7', 'H8', 'H9', 'HT', 'HJ', 'HQ', 'HK', 'HA',
  'D7', 'D8', 'D9', 'DT', 'DJ', 'DQ', 'DK', 'DA',
];

/**
 * Suit and rank positions by character code (-1: not a suit / rank letter). The hot paths
 * index tables by card number, read from a card's two characters: looking a string up in an
 * object or a set costs several times more.
 */
const SUIT_AT = new Int8Array(128).fill(-1);
const RANK_AT = new Int8Array(128).fill(-1);
SUITS.forEach((s, i) => (SUIT_AT[s.charCodeAt(0)] = i));
RANKS.forEach((r, i) => (RANK_AT[r.charCodeAt(0)] = i));

/** A card's position in DECK (0 = C7 … 31 = DA). */
export const cardIndex = (card: Card): number => SUIT_AT[card.charCodeAt(0)] * 8 + RANK_AT[card.charCodeAt(1)];

export function isCard(x: unknown): x is Card {
  if (typeof x !== 'string' || x.length !== 2) return false;
  const suit = x.charCodeAt(0);
  const rank = x.charCodeAt(1);
  return suit < 128 && rank < 128 && SUIT_AT[suit] >= 0 && RANK_AT[rank] >= 0;
}

export const suitOf = (card: Card): Suit => card[0] as Suit;
export const rankOf = (card: Card): Rank => card[1] as Rank;
export const isJack = (card: Card): boolean => card[1] === 'J';

const RANK_POINTS: Record<Rank, number> = { '7': 0, '8': 0, '9': 0, T: 10, J: 2, Q: 3, K: 4, A: 11 };
export const POINTS: Readonly<Record<Card, number>> = Object.fromEntries(
  DECK.map((c) => [c, RANK_POINTS[rankOf(c)]]),
) as Record<Card, number>;

/** Card points by card index. */
export const POINTS_AT: Uint8Array = Uint8Array.from(DECK, (c) => RANK_POINTS[rankOf(c)]);

export function pointsOf(cards: readonly Card[]): number {
  let sum = 0;
  for (const c of cards) sum += POINTS_AT[cardIndex(c)];
  return sum;
}
