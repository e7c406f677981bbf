// The staged deal: which positions of the cut deck go where, and when the deal pauses
// for a decision (docs/rules.md, "Staged deal").
import { cardIndex } from './cards.ts';
import type { Card, DealTarget, Seat, Variant } from './types.ts';

export interface DealBatch {
  seat: Seat | null; // null: the stock
  to: DealTarget;
  /** First deck position of the batch. */
  from: number;
  count: number;
  /** Stack indices for covered/open batches; empty otherwise. */
  stacks: number[];
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
const stacks = (seat: Seat, to: 'covered' | 'open', from: number, first: number, count: number): DealBatch => ({
  seat,
  to,
  from,
  count,
  stacks: range(first, count),
});
const hand = (seat: Seat, from: number, count: number): DealBatch => ({ seat, to: 'hand', from, count, stacks: [] });

/**
 * The deal of each variant as stages, each dealt at a decision point: stage 0 after the cut,
 * stage 1 after forehand fixes the game, stage 2 after the dealer's kontra decision, stage 3
 * after forehand's re decision (classic and halfOpen). Forehand decides on re having seen its
 * own second batch only, so the dealer's last cards wait for that decision. When no kontra or re
 * decision is due, the stages that would wait for it follow at once.
 */
export const DEAL_STAGES: Record<Variant, DealBatch[][]> = {
  classic: [
    [stacks('forehand', 'covered', 0, 0, 4), stacks('dealer', 'covered', 4, 0, 4), stacks('forehand', 'open', 8, 0, 4)],
    [stacks('dealer', 'open', 12, 0, 4)],
    [stacks('forehand', 'covered', 16, 4, 4), stacks('dealer', 'covered', 20, 4, 4), stacks('forehand', 'open', 24, 4, 4)],
    [stacks('dealer', 'open', 28, 4, 4)],
  ],
  halfOpen: [
    [stacks('forehand', 'covered', 0, 0, 4), stacks('dealer', 'covered', 4, 0, 4), stacks('forehand', 'open', 8, 0, 4)],
    [stacks('dealer', 'open', 12, 0, 4)],
    [hand('forehand', 16, 8)],
    [hand('dealer', 24, 8)],
  ],
  bidding: [
    [
      stacks('forehand', 'covered', 0, 0, 5),
      stacks('dealer', 'covered', 5, 0, 5),
      stacks('forehand', 'open', 10, 0, 5),
      stacks('dealer', 'open', 15, 0, 5),
      hand('forehand', 20, 5),
      hand('dealer', 25, 5),
      { seat: null, to: 'stock', from: 30, count: 2, stacks: [] },
    ],
  ],
};

/** The stages of the deal, by the decision they wait for. */
export const STAGE = { cut: 0, declared: 1, kontraDecided: 2, reDecided: 3 } as const;

export const STACK_COUNT: Record<Variant, number> = { classic: 8, halfOpen: 4, bidding: 5 };
export const TRICK_COUNT: Record<Variant, number> = { classic: 16, halfOpen: 16, bidding: 15 };

/** For each card (by index): the stack it is dealt onto from the deck cut at `cut`, or -1. */
export function stackOfEachCard(deck: readonly Card[], cut: number, variant: Variant): number[] {
  const out: number[] = [];
  for (let i = 0; i < deck.length; i++) out.push(-1);
  for (const stage of DEAL_STAGES[variant])
    for (const b of stage) {
      if (b.to !== 'covered' && b.to !== 'open') continue;
      for (let i = 0; i < b.count; i++) out[cardIndex(deck[(cut + b.from + i) % deck.length])] = b.stacks[i];
    }
  return out;
}
