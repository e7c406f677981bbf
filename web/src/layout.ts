// Where cards go and which key plays them. Every row has a fixed number of slots for its variant
// (an empty slot keeps its place), so nothing moves when a card leaves; stacks keep their keys
// from the first card to the last.
import type { Card } from '@offiziersskat/client';
import type { Variant } from '../../src/engine/index.ts';
import type { SeatModel } from './model.ts';

/** The keys that play the bottom player's cards: stacks first (by stack), then the hand. */
export const CARD_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'q', 'w', 'e', 'r', 't'] as const;

export const STACKS: Record<Variant, number> = { classic: 8, halfOpen: 4, bidding: 5 };
/** Hand cards a player can hold at most: halfOpen's eight; bidding's five plus the stock's two. */
export const HAND_SLOTS: Record<Variant, number> = { classic: 0, halfOpen: 8, bidding: 7 };

/** Card slots of the widest row: the card size is chosen so that this many fit across. */
export const slotsPerRow = (variant: Variant): number => Math.max(STACKS[variant], HAND_SLOTS[variant]);

/**
 * The key of each card the bottom player could play: the open card of stack i has key i; the
 * hand's cards (in the order drawn) the keys after the stacks.
 */
export function cardKeys(seat: SeatModel, variant: Variant): Map<Card, string> {
  const keys = new Map<Card, string>();
  seat.stacks.forEach((s, i) => {
    if (s.open) keys.set(s.open, CARD_KEYS[i]);
  });
  if (Array.isArray(seat.hand)) seat.hand.forEach((c, i) => keys.set(c, CARD_KEYS[STACKS[variant] + i]));
  return keys;
}
