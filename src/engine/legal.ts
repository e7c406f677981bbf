// legalMoves: the exact move objects `decide` accepts now from a seat (resign aside, which is
// always open to a seated player while the game runs and is not listed).
// biome-ignore-all lint/style/noNonNullAssertion: legal moves are asked for in the phase that has the part read (`bidding` while bidding, `contract` with its game while playing)
import { BID_VALUES } from './bids.ts';
import { MAX_CUT, MIN_CUT } from './seed.ts';
import { cardOrder, type CardOrder } from './trumps.ts';
import { DECK, cardIndex } from './cards.ts';
import { ofSeat, type State } from './state.ts';
import type { Card, GameType, Move, Seat } from './types.ts';

export const CLASSIC_GAMES: readonly GameType[] = ['clubs', 'spades', 'hearts', 'diamonds', 'grand', 'ramsch'];
export const BIDDING_GAMES: readonly GameType[] = ['clubs', 'spades', 'hearts', 'diamonds', 'grand', 'null'];

const CUTS: Move[] = Array.from({ length: MAX_CUT - MIN_CUT + 1 }, (_, i) => ({ type: 'cut', at: MIN_CUT + i }));

// The per-move loops below index their arrays: V8 runs them faster than for…of here.

/** Whether the seat holds a playable card of suit class `cls` (open on a stack or in hand). */
function holdsClass(state: State, seat: Seat, order: CardOrder, cls: number): boolean {
  const open = ofSeat(state.open, seat);
  for (let k = 0; k < open.length; k++) {
    const c = open[k];
    if (c !== null && order.follows[cardIndex(c)] === cls) return true;
  }
  const hand = ofSeat(state.hand, seat);
  for (let k = 0; k < hand.length; k++) if (order.follows[cardIndex(hand[k])] === cls) return true;
  return false;
}

const orderOf = (state: State): CardOrder => cardOrder(state.contract!.game!, state.config.ramschTrumps);

type PlayMove = Extract<Move, { type: 'play' }>;
/** One shared, frozen move object per card, by card index: legalMoves allocates nothing per card. */
const PLAY_MOVES: readonly PlayMove[] = DECK.map((card) => Object.freeze({ type: 'play', card }));

/** The play moves open to a seat now: the hottest call of a game. */
function playMoves(state: State, seat: Seat): PlayMove[] {
  const order = orderOf(state);
  if (state.trick.length > 0) {
    // Follow suit: the cards of the led card's class, if the seat has any…
    const same = playMovesOf(state, seat, order, order.follows[cardIndex(state.trick[0].card)]);
    if (same.length > 0) return same;
  }
  // …else, and when leading, any card.
  return playMovesOf(state, seat, order, -1);
}

/** Play moves for the seat's cards of suit class `cls` (-1: all): open cards, then the hand. */
function playMovesOf(state: State, seat: Seat, order: CardOrder, cls: number): PlayMove[] {
  const out: PlayMove[] = [];
  const open = ofSeat(state.open, seat);
  for (let k = 0; k < open.length; k++) {
    const c = open[k];
    if (c === null) continue;
    const i = cardIndex(c);
    if (cls < 0 || order.follows[i] === cls) out.push(PLAY_MOVES[i]);
  }
  const hand = ofSeat(state.hand, seat);
  for (let k = 0; k < hand.length; k++) {
    const i = cardIndex(hand[k]);
    if (cls < 0 || order.follows[i] === cls) out.push(PLAY_MOVES[i]);
  }
  return out;
}

/** The cards a seat may play to the current trick. */
export function playableNow(state: State, seat: Seat): Card[] {
  return playMoves(state, seat).map((m) => m.card);
}

/** Whether one of the seat's playable cards obeys the duty to follow suit (no list built). */
export function followsSuit(state: State, seat: Seat, card: Card): boolean {
  if (state.trick.length === 0) return true;
  const order = orderOf(state);
  const need = order.follows[cardIndex(state.trick[0].card)];
  // A card of the led class always follows; another only when the seat has none of that class.
  return order.follows[cardIndex(card)] === need || !holdsClass(state, seat, order, need);
}

/** The declarations open to a declarer who plays hand (bidding): with schneider, and schwarz. */
function handDeclarations(): Move[] {
  const out: Move[] = [];
  for (const game of BIDDING_GAMES) {
    out.push({ type: 'declare', game, hand: true });
    if (game === 'null') continue;
    out.push({ type: 'declare', game, hand: true, schneider: true });
    out.push({ type: 'declare', game, hand: true, schneider: true, schwarz: true });
  }
  return out;
}
const HAND_DECLARATIONS = handDeclarations();

export function discardPairs(hand: readonly Card[]): Move[] {
  const out: Move[] = [];
  for (let i = 0; i < hand.length; i++)
    for (let j = i + 1; j < hand.length; j++) out.push({ type: 'discard', cards: [hand[i], hand[j]] });
  return out;
}

/** One shared bid move per bid value (like CUTS): the bidding lists most of them on every call. */
const BID_MOVES: readonly Move[] = BID_VALUES.map((value) => ({ type: 'bid', value }));
const PASS: Move = { type: 'pass' };

/** The bids above `value`, then pass. */
function bidsAbove(value: number): Move[] {
  const out: Move[] = [];
  for (let i = 0; i < BID_VALUES.length; i++) if (BID_VALUES[i] > value) out.push(BID_MOVES[i]);
  out.push(PASS);
  return out;
}

export function legalMoves(state: State, seat: Seat): Move[] {
  if (state.toMove !== seat) return [];
  switch (state.phase) {
    case 'playing': // first: by far the most frequent
      return playMoves(state, seat);
    case 'cutting':
      return CUTS.slice();
    case 'declaring': {
      const games = state.config.variant === 'bidding' ? BIDDING_GAMES : CLASSIC_GAMES;
      return games.map((game) => ({ type: 'declare', game }));
    }
    case 'kontra':
      return [{ type: 'kontra' }, { type: 'pass' }];
    case 're':
      return [{ type: 're' }, { type: 'pass' }];
    case 'bidding': {
      const b = state.bidding!;
      // Forehand answers the dealer's bid; after the dealer passed with nothing held it may bid.
      if (seat === 'forehand' && !b.passed.dealer) return [{ type: 'hold' }, { type: 'pass' }];
      return bidsAbove(b.value);
    }
    case 'stock':
      if (state.stockPickedUp) return discardPairs(state.hand[seat]);
      return [{ type: 'pickUpStock' }, ...HAND_DECLARATIONS];
    case 'finished':
    case 'cancelled':
      return [];
  }
}
