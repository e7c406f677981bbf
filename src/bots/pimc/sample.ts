// biome-ignore-all lint/style/noNonNullAssertion: a seat's view has `you` and (in the play) a contract; a world is dealt from exactly as many cards as it has places, so a pop never comes up empty
// Worlds consistent with what a seat has seen: every hidden card (covered cards, the other hand,
// the stock or the discards, the deal still to come) drawn at random from the cards the seat has
// not seen, under what it knows — a hand that did not follow a suit holds none of it, and a
// bidder holds cards that could carry its bids. Each world is a whole engine state, so the
// engine's own rules play it on (decide, evolve) and the solver reads it (positionFromState).
import { DECK, cardIndex } from '../../engine/cards.ts';
import { DEAL_STAGES } from '../../engine/deal.ts';
import { copyState, initialState, type State } from '../../engine/state.ts';
import { cardOrder } from '../../engine/trumps.ts';
import { decide } from '../../engine/decide.ts';
import { evolve } from '../../engine/evolve.ts';
import type { BySeat, Card, Config, GameEvent, Move, Phase, Seat } from '../../engine/types.ts';
import type { Pick } from '../rng.ts';
import type { BotView, Memory } from '../strategy.ts';
import { mayHaveBid } from './inference.ts';

const SEATS: readonly Seat[] = ['forehand', 'dealer'];
const otherSeat = (s: Seat): Seat => (s === 'forehand' ? 'dealer' : 'forehand');
const ZERO_SEED = '0'.repeat(64);

/** The phase a view asks its seat to decide in (the HTTP view names it `status`; the moves tell). */
export function phaseOf(view: BotView): Phase {
  const types = new Set(view.legalMoves.map((m) => m.type));
  if (types.has('play')) return 'playing';
  if (types.has('cut')) return 'cutting';
  if (types.has('kontra')) return 'kontra';
  if (types.has('re')) return 're';
  if (types.has('bid') || types.has('hold')) return 'bidding';
  if (types.has('pickUpStock') || types.has('discard')) return 'stock';
  if (types.has('declare')) return 'declaring';
  if (types.has('pass')) return view.bidding && !view.contract ? 'bidding' : view.contract?.kontra ? 're' : 'kontra';
  return 'finished';
}

const stockCount = (view: BotView) => (view.stock === null ? 0 : Array.isArray(view.stock) ? view.stock.length : (view.stock as { count: number }).count);
const known = (c: Card | 'hidden' | null | undefined): c is Card => c !== null && c !== undefined && c !== 'hidden';
const handOf = (view: BotView, seat: Seat): readonly Card[] | null => {
  const h = view.table[seat].hand;
  return Array.isArray(h) ? (h as readonly Card[]) : null;
};

/** Fisher–Yates with the bot's seeded source. */
function shuffle<T>(xs: T[], rand: Pick): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = rand(i + 1);
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

/** Every card the view shows (tables, hands, the stock and discards when shown, the tricks). */
function visible(view: BotView): Set<Card> {
  const out = new Set<Card>();
  for (const seat of SEATS) {
    for (const s of view.table[seat].stacks) {
      if (s.open) out.add(s.open);
      if (known(s.covered)) out.add(s.covered);
    }
    for (const c of handOf(view, seat) ?? []) out.add(c);
  }
  if (Array.isArray(view.stock)) for (const c of view.stock as Card[]) out.add(c);
  if (Array.isArray(view.discards)) for (const c of view.discards as Card[]) out.add(c);
  for (const t of view.trick) out.add(t.card);
  for (const t of view.lastTrick?.cards ?? []) out.add(t.card);
  return out;
}

/**
 * Whether the deal is still as dealt: no card played, none laid away. Then the world is built
 * position by position of the deck (cut at 0) and the engine deals what is still to come.
 */
function asDealt(view: BotView, phase: Phase): boolean {
  if (view.config.variant === 'bidding') return phase === 'bidding' || phase === 'stock';
  return phase === 'declaring' || phase === 'kontra' || phase === 're' || phase === 'cutting';
}

export interface SampleOptions {
  /** Draws tried for a world that fits the bids before one that only fits the cards is taken. */
  tries?: number;
}

/** A world (a whole state, every card known) that looks to `view.you` exactly like `view`. */
export function sampleWorld(view: BotView, memory: Memory, rand: Pick, options: SampleOptions = {}): State {
  const phase = phaseOf(view);
  return asDealt(view, phase) ? dealtWorld(view, memory, phase, rand, options.tries ?? 20) : playWorld(view, memory, phase, rand);
}

// ---------------------------------------------------------------- before the play: by deck position

function dealtWorld(view: BotView, memory: Memory, phase: Phase, rand: Pick, tries: number): State {
  const me = view.you!;
  const opp = otherSeat(me);
  const variant = view.config.variant;
  const deck: (Card | null)[] = new Array(32).fill(null);
  const seatPositions: BySeat<number[]> = { forehand: [], dealer: [] };
  const stockPositions: number[] = [];
  const myHand = handOf(view, me) ?? [];
  for (const stage of DEAL_STAGES[variant])
    for (const b of stage)
      for (let i = 0; i < b.count; i++) {
        const pos = b.from + i;
        if (b.seat === null) {
          stockPositions.push(pos);
          // The stock taken up by this seat: the two cards after its five dealt ones.
          if (myHand.length > 5 && variant === 'bidding') deck[pos] = myHand[5 + stockPositions.length - 1] ?? null;
          else if (Array.isArray(view.stock)) deck[pos] = (view.stock as Card[])[stockPositions.length - 1] ?? null;
          continue;
        }
        seatPositions[b.seat].push(pos);
        const stack = view.table[b.seat].stacks[b.stacks[i]];
        if (b.to === 'open') deck[pos] = stack?.open ?? null;
        else if (b.to === 'covered') deck[pos] = known(stack?.covered) ? (stack.covered as Card) : null;
        else deck[pos] = handOf(view, b.seat)?.[i] ?? null;
      }
  const seen = new Set(deck.filter((c): c is Card => c !== null));
  const unseen = DECK.filter((c) => !seen.has(c));
  const holes: number[] = [];
  deck.forEach((c, i) => c === null && holes.push(i));
  // What the other player saw when it bid: its open cards and its hand (not its covered cards).
  const oppSaw = seatPositions[opp].filter((pos) => dealtTo(variant, pos) !== 'covered');
  const bids = variant === 'bidding' && (memory.bid[opp] > 0 || memory.refused[opp] > 0);
  let filled: Card[] = deck as Card[];
  for (let attempt = 0; attempt < (bids ? tries : 1); attempt++) {
    const draw = shuffle(unseen.slice(), rand);
    filled = deck.slice() as Card[];
    holes.forEach((pos, k) => (filled[pos] = draw[k]));
    if (!bids || mayHaveBid(oppSaw.map((pos) => filled[pos]), memory.bid[opp], memory.refused[opp])) break;
  }
  return replayDecisions(view, phase, filled);
}

function dealtTo(variant: Config['variant'], pos: number): string | null {
  for (const stage of DEAL_STAGES[variant]) for (const b of stage) if (pos >= b.from && pos < b.from + b.count) return b.to;
  return null;
}

function apply(state: State, seat: Seat, move: Move): State {
  const d = decide(state, seat, move);
  if (!d.ok) throw new Error(`world: ${JSON.stringify(move)} refused: ${d.error.code}`);
  return d.events.reduce(evolve, state);
}

/** The state of a deck (cut at 0) dealt, with the decisions the view shows made again. */
function replayDecisions(view: BotView, phase: Phase, deck: Card[]): State {
  const config = view.config as Config;
  const start = copyState(initialState(config, ZERO_SEED));
  start.deck = deck;
  let state: State = evolve(start, { type: 'cut', seat: 'forehand', at: 0 });
  for (const b of DEAL_STAGES[config.variant][0])
    state = evolve(state, { type: 'dealt', seat: b.seat, to: b.to, stacks: b.stacks, cards: deck.slice(b.from, b.from + b.count) } as GameEvent);
  const c = view.contract;
  if (config.variant !== 'bidding') {
    if (phase === 'declaring' || phase === 'cutting' || !c?.game) return state;
    state = apply(state, c.declarer, { type: 'declare', game: c.game });
    if (phase === 're') state = apply(state, otherSeat(c.declarer), { type: 'kontra' });
    return state;
  }
  const s = copyState(state);
  s.bidding = view.bidding ? { ...view.bidding, passed: { ...view.bidding.passed } } : s.bidding;
  s.toMove = view.you;
  if (phase === 'stock' && c) {
    s.phase = 'stock';
    s.contract = { ...c };
    if ((handOf(view, view.you!)?.length ?? 0) > 5) return evolve(s, { type: 'stockPickedUp', seat: view.you!, cards: s.stock.slice() });
  }
  return s;
}

// ---------------------------------------------------------------- in play: the table as it is

function playWorld(view: BotView, memory: Memory, phase: Phase, rand: Pick): State {
  const me = view.you!;
  const opp = otherSeat(me);
  const c = view.contract!;
  const variant = view.config.variant;
  const seen = visible(view);
  for (const card of memory.played) seen.add(card);
  const unseen = DECK.filter((x) => !seen.has(x));

  // The hidden places, and how many cards each takes.
  const covered: BySeat<number[]> = { forehand: [], dealer: [] };
  for (const seat of SEATS) view.table[seat].stacks.forEach((s, i) => s.covered === 'hidden' && covered[seat].push(i));
  const oppHandCount = handOf(view, opp) ? 0 : (view.table[opp].hand as { count: number }).count;
  const hiddenStock = Array.isArray(view.stock) ? 0 : stockCount(view);
  const hiddenDiscards = view.discards === null || Array.isArray(view.discards) ? 0 : (view.discards as { count: number }).count;
  const others = covered.forehand.length + covered.dealer.length + hiddenStock + hiddenDiscards;

  // The other hand holds no card of a suit it did not follow: those cards lie elsewhere.
  const follows = c.game ? cardOrder(c.game, view.config.ramschTrumps).follows : null;
  const voids = memory.voids[opp];
  const barred = (x: Card) => follows !== null && voids.has(follows[cardIndex(x)]);
  let mustElsewhere = unseen.filter(barred);
  let free = unseen.filter((x) => !barred(x));
  if (mustElsewhere.length > others || free.length < oppHandCount) {
    mustElsewhere = [];
    free = unseen.slice(); // what it saw contradicts itself (a memory with gaps): cards alone
  }
  shuffle(free, rand);
  const oppHand = free.slice(0, oppHandCount);
  const rest = shuffle([...mustElsewhere, ...free.slice(oppHandCount)], rand);
  let k = 0;
  const next = () => rest[k++];

  const s = copyState(initialState(view.config as Config, ZERO_SEED));
  const open: BySeat<(Card | null)[]> = { forehand: [], dealer: [] };
  const cov: BySeat<(Card | null)[]> = { forehand: [], dealer: [] };
  for (const seat of SEATS)
    for (const st of view.table[seat].stacks) {
      open[seat].push(st.open);
      cov[seat].push(st.covered === 'hidden' ? next() : (st.covered as Card | null));
    }
  const hand: BySeat<Card[]> = {
    forehand: handOf(view, 'forehand')?.slice() ?? (opp === 'forehand' ? oppHand : []),
    dealer: handOf(view, 'dealer')?.slice() ?? (opp === 'dealer' ? oppHand : []),
  };
  const stock = Array.isArray(view.stock) ? (view.stock as Card[]).slice() : Array.from({ length: hiddenStock }, next);
  const discards = Array.isArray(view.discards) ? (view.discards as Card[]).slice() : Array.from({ length: hiddenDiscards }, next);
  const pickedUp = variant === 'bidding' && c.declarer !== null && stock.length === 0;

  s.phase = phase;
  s.toMove = me;
  s.open = open;
  s.covered = cov;
  s.hand = hand;
  s.stock = stock;
  s.stockPickedUp = pickedUp;
  s.discards = discards;
  s.points = { forehand: view.table.forehand.points, dealer: view.table.dealer.points };
  s.tricks = { forehand: view.table.forehand.tricks, dealer: view.table.dealer.tricks };
  s.contract = { ...c };
  s.bidding = view.bidding ? { ...view.bidding, passed: { ...view.bidding.passed } } : null;
  s.trick = view.trick.map((t) => ({ seat: t.seat, card: t.card }));
  // The led card's stack: the one of its seat with nothing open over a card not yet turned.
  s.trickStacks = view.trick.map((t) => cov[t.seat].findIndex((x, i) => x !== null && open[t.seat][i] === null));
  s.lastTrick = view.lastTrick ? { cards: view.lastTrick.cards.map((t) => ({ ...t })), winner: view.lastTrick.winner } : null;
  s.cut = 0;
  s.stackOfCard = null;
  s.deck = dealOf(view, memory, s, unseen.filter((x) => !rest.includes(x) && !oppHand.includes(x)));
  return s;
}

/**
 * A deck whose deal gives each seat the cards it had (for the matadors, which the score counts
 * over a seat's whole deal): its cards now, the ones it played, and for the declarer of a bidding
 * game the stock it took up (the stock stays in its place when it was not taken).
 */
function dealOf(view: BotView, memory: Memory, s: State, unplaced: Card[]): Card[] {
  const variant = view.config.variant;
  const held: BySeat<Card[]> = { forehand: [], dealer: [] };
  const placed = new Set<Card>();
  const add = (seat: Seat, c: Card | null) => {
    if (c !== null && !placed.has(c)) {
      placed.add(c);
      held[seat].push(c);
    }
  };
  for (const seat of SEATS) {
    s.open[seat].forEach((c) => add(seat, c));
    s.covered[seat].forEach((c) => add(seat, c));
    s.hand[seat].forEach((c) => add(seat, c));
    s.trick.forEach((t) => t.seat === seat && add(seat, t.card));
    memory.playedBy[seat].forEach((c) => add(seat, c));
  }
  const declarer = s.contract?.declarer;
  if (declarer && s.stockPickedUp) s.discards.forEach((c) => add(declarer, c));
  for (const c of s.stock) placed.add(c);
  // Cards played that the memory did not see (it never should miss one): anywhere.
  const spare = [...unplaced, ...DECK.filter((c) => !placed.has(c) && !unplaced.includes(c))];
  const deck: Card[] = new Array(32);
  const stockCards = s.stock.slice();
  for (const stage of DEAL_STAGES[variant])
    for (const b of stage)
      for (let i = 0; i < b.count; i++) {
        const pos = b.from + i;
        if (b.seat === null) deck[pos] = stockCards.shift() ?? (declarer ? held[declarer].pop() : undefined) ?? spare.pop()!;
        else deck[pos] = held[b.seat].pop() ?? spare.pop()!;
      }
  return deck;
}
