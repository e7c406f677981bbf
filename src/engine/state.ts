// The whole state of one game, and the state before the first move.
import { shuffle } from './seed.ts';
import { cardIndex } from './cards.ts';
import { STACK_COUNT } from './deal.ts';
import type { BiddingView, BySeat, Card, Config, ContractView, Phase, Result, Seat } from './types.ts';

/** The contract and the bidding hold no hidden cards: the state keeps them in their view's shape. */
export type Contract = ContractView;
export type Bidding = BiddingView;

export interface TrickCard {
  seat: Seat;
  card: Card;
}

/**
 * Everything about a game. Never mutated: `evolve` returns a new state sharing what did not
 * change. Holds hidden cards; only `view` decides what a viewer sees.
 */
export interface State {
  readonly config: Config;
  readonly serverSeed: string;
  /** The shuffled deck before the cut. */
  readonly deck: readonly Card[];
  readonly cut: number | null;
  readonly phase: Phase;
  readonly toMove: Seat | null;
  /** Per seat and stack: the open card on top, and the covered card under it. */
  readonly open: BySeat<readonly (Card | null)[]>;
  readonly covered: BySeat<readonly (Card | null)[]>;
  readonly hand: BySeat<readonly Card[]>;
  readonly stock: readonly Card[];
  readonly stockPickedUp: boolean;
  readonly discards: readonly Card[];
  /** Card points taken in tricks, and the number of tricks. */
  readonly points: BySeat<number>;
  readonly tricks: BySeat<number>;
  readonly contract: Contract | null;
  readonly bidding: Bidding | null;
  readonly trick: readonly TrickCard[];
  /** For each card of the current trick: the stack it came from, or -1 for a hand card. */
  readonly trickStacks: readonly number[];
  readonly lastTrick: { cards: readonly TrickCard[]; winner: Seat } | null;
  readonly result: Result | null;
  /**
   * For each card (by index, see `cardIndex`): the stack it was dealt onto, covered or open, or
   * -1 for a hand or the stock. Fixed at the cut (null before), shared by the states after it:
   * it finds a played card's stack without searching.
   */
  readonly stackOfCard: readonly number[] | null;
}

/** A shallow copy with one fixed shape (fast: spreads of this wide object are not). */
export function copyState(s: State): Mutable<State> {
  return {
    config: s.config,
    serverSeed: s.serverSeed,
    deck: s.deck,
    cut: s.cut,
    phase: s.phase,
    toMove: s.toMove,
    open: s.open,
    covered: s.covered,
    hand: s.hand,
    stock: s.stock,
    stockPickedUp: s.stockPickedUp,
    discards: s.discards,
    points: s.points,
    tricks: s.tricks,
    contract: s.contract,
    bidding: s.bidding,
    trick: s.trick,
    trickStacks: s.trickStacks,
    lastTrick: s.lastTrick,
    result: s.result,
    stackOfCard: s.stackOfCard,
  };
}
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export const other = (seat: Seat): Seat => (seat === 'forehand' ? 'dealer' : 'forehand');

/**
 * A seat's part, read by name: `by[seat]` with a variable key is a slower, generic lookup in
 * V8, and the per-move paths do it often.
 */
export const ofSeat = <T>(by: BySeat<T>, seat: Seat): T => (seat === 'forehand' ? by.forehand : by.dealer);

/**
 * The stack a card lies open on among the seat's stacks, or -1. A card stays on the stack it
 * was dealt to (a covered card is turned up in place), so the per-game table says where to look.
 */
export function openStackOf(state: State, seat: Seat, card: Card): number {
  const open = ofSeat(state.open, seat);
  if (state.stackOfCard === null) return open.indexOf(card);
  const stack = state.stackOfCard[cardIndex(card)];
  return stack >= 0 && open[stack] === card ? stack : -1;
}

/** A copy of `by` with the seat's part replaced. */
export const withSeat = <T>(by: BySeat<T>, seat: Seat, value: T): BySeat<T> =>
  seat === 'forehand' ? { forehand: value, dealer: by.dealer } : { forehand: by.forehand, dealer: value };

export function initialState(config: Config, serverSeed: string): State {
  const n = STACK_COUNT[config.variant];
  // A loop, not new Array(n).fill(null): fill is a slow call into V8's runtime for so few slots.
  const empty = () => {
    const row: (Card | null)[] = [];
    for (let i = 0; i < n; i++) row.push(null);
    return row;
  };
  return copyState({
    config,
    serverSeed,
    deck: shuffle(serverSeed),
    cut: null,
    phase: 'cutting',
    toMove: 'forehand',
    open: { forehand: empty(), dealer: empty() },
    covered: { forehand: empty(), dealer: empty() },
    hand: { forehand: [], dealer: [] },
    stock: [],
    stockPickedUp: false,
    discards: [],
    points: { forehand: 0, dealer: 0 },
    tricks: { forehand: 0, dealer: 0 },
    contract: null,
    bidding: null,
    trick: [],
    trickStacks: [],
    lastTrick: null,
    result: null,
    stackOfCard: null,
  });
}

/** The cut deck: what the deal hands out, position by position. */
export function cutDeckOf(state: State): Card[] {
  const at = state.cut ?? 0;
  return [...state.deck.slice(at), ...state.deck.slice(0, at)];
}

/** The card at `position` of the deck cut at `cut` (without building the cut deck). */
export const cutDeckCard = (state: State, position: number, cut = state.cut ?? 0): Card =>
  state.deck[(cut + position) % state.deck.length];

/** `count` cards of the deck cut at `cut`, from position `from`. */
export function cutDeckCards(state: State, from: number, count: number, cut = state.cut ?? 0): Card[] {
  const out: Card[] = [];
  for (let i = from; i < from + count; i++) out.push(cutDeckCard(state, i, cut));
  return out;
}

export function completedTricks(state: State): number {
  return state.tricks.forehand + state.tricks.dealer;
}
