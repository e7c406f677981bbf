// evolve: apply one fact to the state. Total and dumb: `decide` has already checked the rules.
// It copies the state once and sets the fields the event changes (one object shape: fast).
// biome-ignore-all lint/style/noNonNullAssertion: the phase fixes which parts of the state exist (`bidding` while bidding, `contract` once declared): evolve folds only events decide made in that phase
import { stackOfEachCard } from './deal.ts';
import { copyState, ofSeat, openStackOf, other, withSeat, type Contract, type Mutable, type State } from './state.ts';
import type { Card, Config, GameEvent, GameType, Seat } from './types.ts';

const replaceAt = <T>(xs: readonly T[], i: number, x: T): T[] => {
  const out = xs.slice();
  out[i] = x;
  return out;
};

/** A row of stacks with `cards` placed on the given stacks. */
function onStacks(row: readonly (Card | null)[], stacks: readonly number[], cards: readonly Card[]): (Card | null)[] {
  const out = row.slice();
  for (let i = 0; i < cards.length; i++) out[stacks[i]] = cards[i];
  return out;
}

const without = <T>(xs: readonly T[], x: T): T[] => {
  const out: T[] = [];
  for (const y of xs) if (y !== x) out.push(y);
  return out;
};

/** Who leads the first trick: the declarer in classic and halfOpen, forehand when bidding. */
export function firstLeader(state: State): Seat {
  return state.config.variant === 'bidding' ? 'forehand' : state.contract!.declarer;
}

export function kontraAllowed(config: Config, game: GameType): boolean {
  return config.kontra && game !== 'ramsch';
}

function startPlay(s: Mutable<State>): void {
  s.phase = 'playing';
  s.toMove = firstLeader(s);
}

function contractFor(declarer: Seat, bid: number | null): Contract {
  return { declarer, game: null, hand: false, schneider: false, schwarz: false, bid, kontra: false, re: false };
}

/** The bidding is over: `declarer` plays at `bid`. */
function biddingWon(s: Mutable<State>, declarer: Seat, bid: number): void {
  s.contract = contractFor(declarer, bid);
  s.phase = 'stock';
  s.toMove = declarer;
}

export function evolve(state: State, event: GameEvent): State {
  const s = copyState(state);
  switch (event.type) {
    // The play's events first: they are nine in ten of a game's events.
    case 'played': {
      const { seat, card } = event;
      const open = ofSeat(state.open, seat);
      const stack = openStackOf(state, seat, card);
      if (stack >= 0) s.open = withSeat(state.open, seat, replaceAt(open, stack, null));
      else s.hand = withSeat(state.hand, seat, without(ofSeat(state.hand, seat), card));
      // Two players: a trick is the led card and the answer (then `trickTaken` follows).
      const leads = state.trick.length === 0;
      s.trick = leads ? [{ seat, card }] : [state.trick[0], { seat, card }];
      s.trickStacks = leads ? [stack] : [state.trickStacks[0], stack];
      s.toMove = leads ? other(seat) : null;
      break;
    }
    case 'trickTaken': {
      const w = event.winner;
      s.points = withSeat(state.points, w, ofSeat(state.points, w) + event.points);
      s.tricks = withSeat(state.tricks, w, ofSeat(state.tricks, w) + 1);
      s.lastTrick = { cards: state.trick, winner: w };
      s.trick = [];
      s.trickStacks = [];
      s.toMove = w;
      break;
    }
    case 'turned': {
      const { seat, stack, card } = event;
      s.open = withSeat(state.open, seat, replaceAt(ofSeat(state.open, seat), stack, card));
      s.covered = withSeat(state.covered, seat, replaceAt(ofSeat(state.covered, seat), stack, null));
      break;
    }
    case 'seated':
      break;
    case 'cancelled':
      s.phase = 'cancelled';
      s.toMove = null;
      break;
    case 'cut':
      s.cut = event.at;
      s.stackOfCard = stackOfEachCard(state.deck, event.at, state.config.variant);
      if (state.config.variant === 'bidding') {
        s.phase = 'bidding';
        s.toMove = 'dealer';
        s.bidding = { value: 0, bidder: null, held: false, passed: { forehand: false, dealer: false } };
      } else {
        s.phase = 'declaring';
        s.toMove = 'forehand';
      }
      break;
    case 'dealt': {
      const cards = event.cards as Card[];
      const seat = event.seat!;
      if (event.to === 'stock') s.stock = cards;
      else if (event.to === 'hand') s.hand = withSeat(s.hand, seat, [...ofSeat(s.hand, seat), ...cards]);
      else if (event.to === 'open') s.open = withSeat(s.open, seat, onStacks(ofSeat(s.open, seat), event.stacks, cards));
      else s.covered = withSeat(s.covered, seat, onStacks(ofSeat(s.covered, seat), event.stacks, cards));
      break;
    }
    case 'declared':
      s.contract = {
        ...(state.contract ?? contractFor(event.seat, null)),
        game: event.game,
        hand: event.hand,
        schneider: event.schneider,
        schwarz: event.schwarz,
      };
      if (kontraAllowed(state.config, event.game)) {
        s.phase = 'kontra';
        s.toMove = other(event.seat);
      } else startPlay(s);
      break;
    case 'kontra':
      s.contract = { ...state.contract!, kontra: true };
      s.phase = 're';
      s.toMove = state.contract!.declarer;
      break;
    case 're':
      s.contract = { ...state.contract!, re: true };
      startPlay(s);
      break;
    case 'passed':
      if (state.phase === 'kontra' || state.phase === 're') startPlay(s);
      else biddingPassed(s, event.seat);
      break;
    case 'bid':
      s.bidding = { ...state.bidding!, value: event.value, bidder: event.seat, held: false };
      // Forehand bids only after the dealer has passed: that bid wins the bidding.
      if (event.seat === 'forehand') biddingWon(s, 'forehand', event.value);
      else s.toMove = 'forehand';
      break;
    case 'held':
      s.bidding = { ...state.bidding!, held: true };
      s.toMove = 'dealer';
      break;
    case 'stockPickedUp':
      s.hand = withSeat(s.hand, event.seat, [...s.hand[event.seat], ...s.stock]);
      s.stock = [];
      s.stockPickedUp = true;
      break;
    case 'discarded': {
      const gone = new Set(event.cards);
      s.hand = withSeat(
        s.hand,
        event.seat,
        s.hand[event.seat].filter((c) => !gone.has(c)),
      );
      s.discards = event.cards as Card[];
      s.phase = 'declaring';
      break;
    }
    case 'resigned':
    case 'timedOut':
      s.toMove = null;
      break;
    case 'finished':
      s.phase = 'finished';
      s.toMove = null;
      s.result = event.result;
      break;
  }
  return s;
}

function biddingPassed(s: Mutable<State>, seat: Seat): void {
  const b = s.bidding!;
  s.bidding = { ...b, passed: withSeat(b.passed, seat, true) };
  if (seat === 'dealer') {
    // Forehand plays at what it held; with nothing held it may still bid or pass.
    if (b.value > 0) biddingWon(s, 'forehand', b.value);
    else s.toMove = 'forehand';
  } else if (b.value > 0 && b.bidder === 'dealer') biddingWon(s, 'dealer', b.value);
  else s.toMove = null; // both passed: passed in, `finished` follows
}
