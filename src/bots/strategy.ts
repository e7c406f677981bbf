// biome-ignore-all lint/style/noNonNullAssertion: a strategy is asked only for a seated player's move, so `you` is set
// One interface for every strategy: it sees what a client sees — a view (of GET /v1/games/{id},
// or the engine's `view` in-process) and its memory of the views it received before — and
// answers one of the view's `legalMoves`. It never builds a move itself, so it can never send an
// illegal one, and it never sees a hidden card: there is none in what it is given.
import { cardOrder, type CardOrder } from '../engine/trumps.ts';
import { cardIndex } from '../engine/cards.ts';
import type { BySeat, Card, ContractView, Seat } from '../engine/index.ts';
import type { components } from '@offiziersskat/client';
import type { Pick } from './rng.ts';

export type ApiMove = components['schemas']['Move'];

/**
 * What a strategy reads of a view: the fields the HTTP view (`GameView`) and the engine's
 * (`EngineView`) share. Hidden cards are `'hidden'` or a count, as the viewer gets them.
 */
export interface BotView {
  you: Seat | null;
  toMove: Seat | null;
  config: {
    variant: 'classic' | 'halfOpen' | 'bidding';
    scoring: 'standard' | 'simple';
    spitzen: boolean;
    kontra: boolean;
    ramschTrumps: 'jacks' | 'none';
    practice: boolean;
  };
  contract: ContractView | null;
  bidding: { value: number; bidder: Seat | null; held: boolean; passed: BySeat<boolean> } | null;
  legalMoves: readonly ApiMove[];
  table: BySeat<SeatTable>;
  stock: { count: number } | readonly Card[] | null;
  discards: { count: number } | readonly Card[] | null;
  trick: readonly { seat: Seat; card: Card }[];
  lastTrick: { cards: readonly { seat: Seat; card: Card }[]; winner: Seat } | null;
}
export interface SeatTable {
  stacks: readonly { open: Card | null; covered: Card | 'hidden' | null }[];
  hand: readonly Card[] | { count: number };
  tricks: number;
  points: number;
}

/**
 * What a bot remembers of one game from the views it was shown (one memory per game and seat).
 * Only facts every client of that seat could note down: the cards played and who played them,
 * the suits a player showed it lacks, and the bids each player made or refused.
 */
export interface Memory {
  /** Every card seen played. */
  played: Set<Card>;
  playedBy: BySeat<Set<Card>>;
  /**
   * Suit classes (the engine's `CardOrder.follows` numbers: 0–3 the suits C S H D, 4 trump) a
   * seat did not follow when it had to: none of its hand cards is of that class any more.
   */
  voids: BySeat<Set<number>>;
  /** The highest bid a seat made or held (0: none). */
  bid: BySeat<number>;
  /** The bid a seat refused by passing (it would not go that high), or 0. */
  refused: BySeat<number>;
  /** Tricks already read for voids (a trick is seen in several views). */
  tricksSeen: Set<string>;
  /** A strategy's own notes about this game (pimc keeps its bidding estimate here). */
  notes: Map<string, unknown>;
}

export const newMemory = (): Memory => ({
  played: new Set(),
  playedBy: { forehand: new Set(), dealer: new Set() },
  voids: { forehand: new Set(), dealer: new Set() },
  bid: { forehand: 0, dealer: 0 },
  refused: { forehand: 0, dealer: 0 },
  tricksSeen: new Set(),
  notes: new Map(),
});

const orderOf = (view: BotView): CardOrder | null =>
  view.contract?.game ? cardOrder(view.contract.game, view.config.ramschTrumps) : null;

/** Notes what a view shows: the cards of the current and the last trick, and the bidding. */
export function remember(memory: Memory, view: BotView): void {
  for (const t of view.trick) {
    memory.played.add(t.card);
    memory.playedBy[t.seat].add(t.card);
  }
  const last = view.lastTrick;
  if (last) {
    for (const t of last.cards) {
      memory.played.add(t.card);
      memory.playedBy[t.seat].add(t.card);
    }
    const key = last.cards.map((t) => t.card).join();
    const order = orderOf(view);
    if (order && last.cards.length === 2 && !memory.tricksSeen.has(key)) {
      memory.tricksSeen.add(key);
      const [led, answer] = last.cards;
      const need = order.follows[cardIndex(led.card)];
      if (order.follows[cardIndex(answer.card)] !== need) memory.voids[answer.seat].add(need);
    }
  }
  const b = view.bidding;
  if (b) {
    if (b.bidder) memory.bid[b.bidder] = Math.max(memory.bid[b.bidder], b.value);
    if (b.held) memory.bid.forehand = Math.max(memory.bid.forehand, b.value);
    for (const seat of ['forehand', 'dealer'] as const)
      if (b.passed[seat] && memory.refused[seat] === 0)
        // Forehand refused to hold the dealer's bid; the dealer refused to go above the value held.
        memory.refused[seat] = seat === 'forehand' && !b.held && b.bidder === 'dealer' ? b.value : b.value + 1;
  }
}

/** Chooses one of `view.legalMoves`. `pick` is the game's seeded random source. */
export type Strategy = (view: BotView, memory: Memory, pick: Pick) => ApiMove;

/** The cards the bot knows to be its own: open cards on its stacks, turned ones, and its hand. */
export function ownCards(view: BotView): Card[] {
  const t = view.table[view.you!];
  const out: Card[] = [];
  for (const s of t.stacks) {
    if (s.open) out.push(s.open);
    if (s.covered && s.covered !== 'hidden') out.push(s.covered);
  }
  if (Array.isArray(t.hand)) out.push(...(t.hand as Card[]));
  return out;
}
