// Random complete games (fast-check): after every move the cards are all accounted for, the
// legal moves are exactly what decide accepts, no view and no event shows a card its viewer
// may not see, and the event log replays to the same state.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { configArbitrary, seedArbitrary } from '../../test/support/arbitraries.ts';
import { describe, it } from 'vitest';
import { BID_VALUES } from './bids.ts';
import { DECK, pointsOf } from './cards.ts';
import { TRICK_COUNT } from './deal.ts';
import { decide } from './decide.ts';
import { evolve } from './evolve.ts';
import { legalMoves } from './legal.ts';
import { replay } from './replay.ts';
import { cutDeckOf, initialState, other, type State } from './state.ts';
import {
  GAME_TYPES,
  type Card,
  type Config,
  type GameEvent,
  type Move,
  type Scoring,
  type Seat,
  type Variant,
  type Viewer,
} from './types.ts';
import { view, viewEvent, visibleCards } from './view.ts';

const RUNS = Number(process.env.ENGINE_PROPERTY_RUNS ?? 1000);
const VIEWERS: Viewer[] = ['forehand', 'dealer', 'spectator'];

// ---------------------------------------------------------------- what may be seen

/** What a game has made public so far, beyond what the state shows: played and dealt cards. */
interface Log {
  dealt: Set<Card>;
  played: Set<Card>;
  won: Card[];
}

/** Every card a viewer may know of now (before the end): open, played, own hand, own discards. */
function mayKnow(state: State, log: Log, viewer: Viewer): Set<Card> {
  const out = new Set<Card>(log.played);
  for (const seat of ['forehand', 'dealer'] as const) for (const c of state.open[seat]) if (c) out.add(c);
  if (viewer !== 'spectator') {
    for (const c of state.hand[viewer]) out.add(c);
    if (state.contract?.declarer === viewer) for (const c of state.discards) out.add(c);
  }
  return out;
}

/** Exactly the cards a view must show: the open ones, plus own hand and own discards. */
function mustShow(state: State, viewer: Viewer): Card[] {
  const out: Card[] = [];
  for (const seat of ['forehand', 'dealer'] as const) {
    for (const c of state.open[seat]) if (c) out.push(c);
    if (state.phase === 'finished') {
      for (const c of state.covered[seat]) if (c) out.push(c);
      out.push(...state.hand[seat]);
    } else if (viewer === seat) out.push(...state.hand[seat]);
  }
  if (state.phase === 'finished') out.push(...state.stock, ...state.discards);
  else if (viewer !== 'spectator' && state.contract?.declarer === viewer) out.push(...state.discards);
  return out.sort();
}

// Plain assertions: vitest's expect costs far more than the engine in these hot loops.
function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(what);
}
function same(actual: unknown, expected: unknown, what: string): void {
  if (!isDeepStrictEqual(actual, expected))
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

const CARD_SET: ReadonlySet<string> = new Set(DECK);

/** Every card named anywhere in a value (any field, at any depth): what a client would receive. */
function tokens(x: unknown, out: Card[] = []): Card[] {
  if (typeof x === 'string') {
    if (CARD_SET.has(x)) out.push(x as Card);
  } else if (Array.isArray(x)) {
    for (const y of x) tokens(y, out);
  } else if (typeof x === 'object' && x !== null) {
    for (const k in x) tokens((x as Record<string, unknown>)[k], out);
  }
  return out;
}

function checkView(state: State, log: Log, viewer: Viewer): void {
  const v = view(state, viewer);
  same([...visibleCards(v)].sort(), mustShow(state, viewer), `cards shown to ${viewer}`);
  if (state.phase === 'finished') return;
  const known = mayKnow(state, log, viewer);
  for (const t of tokens(v)) if (!known.has(t)) throw new Error(`view for ${viewer} leaks ${t}`);
  for (const seat of ['forehand', 'dealer'] as const) {
    const t = v.table[seat];
    t.stacks.forEach((s, i) => check((s.covered === 'hidden') === (state.covered[seat][i] !== null), 'covered shown as hidden'));
    if (seat !== viewer) same(t.hand, { count: state.hand[seat].length }, `${seat}'s hand for ${viewer}`);
  }
}

/** The event as each viewer sees it: nothing it may not know once the event has happened. */
function checkEvent(event: GameEvent, after: State, log: Log, finished: boolean): void {
  for (const viewer of VIEWERS) {
    const seen = viewEvent(event, viewer, finished);
    if (finished) {
      check(seen === event, 'after the end an event is shown whole');
      continue;
    }
    const known = mayKnow(after, log, viewer);
    for (const t of tokens(seen)) if (!known.has(t)) throw new Error(`${event.type} for ${viewer} leaks ${t}`);
    if (seen.type === 'dealt') {
      const shown = seen.cards.filter((c) => c !== 'hidden').length;
      const whole = seen.to === 'open' || (seen.to === 'hand' && seen.seat === viewer);
      check(shown === (whole ? seen.cards.length : 0), `dealt ${seen.to} to ${seen.seat} for ${viewer}`);
    }
  }
}

// ---------------------------------------------------------------- the cards

/** Every card somewhere: stacks, hands, stock, discards, the trick, won, or not dealt yet. */
function checkCards(state: State, log: Log): void {
  const all: Card[] = [...log.won, ...state.stock, ...state.discards, ...state.trick.map((t) => t.card)];
  for (const seat of ['forehand', 'dealer'] as const) {
    for (const c of state.open[seat]) if (c) all.push(c);
    for (const c of state.covered[seat]) if (c) all.push(c);
    all.push(...state.hand[seat]);
  }
  for (const c of cutDeckOf(state)) if (!log.dealt.has(c)) all.push(c);
  check(all.length === 32 && new Set(all).size === 32, `32 distinct cards, got ${all.join(' ')}`);
  check(state.points.forehand + state.points.dealer === pointsOf(log.won), 'points are the won cards');
  check(2 * (state.tricks.forehand + state.tricks.dealer) === log.won.length, 'tricks are the won cards');
}

// ---------------------------------------------------------------- moves

/** A short key per move in the canonical shapes legalMoves uses (JSON.stringify is slow here). */
function moveKey(m: Move): string {
  switch (m.type) {
    case 'cut':
      return `cut${m.at}`;
    case 'bid':
      return `bid${m.value}`;
    case 'play':
      return m.card;
    case 'discard':
      return `discard${m.cards.join()}`;
    case 'declare':
      return `${m.game}${m.hand ? '+hand' : ''}${m.schneider ? '+schneider' : ''}${m.schwarz ? '+schwarz' : ''}`;
    default:
      return m.type;
  }
}

const PLAYS: Move[] = DECK.map((card) => ({ type: 'play', card }));
const NOT_PLAYS: Move[] = [
  { type: 'cut', at: 3 },
  { type: 'cut', at: 29 },
  { type: 'cut', at: 16 },
  { type: 'kontra' },
  { type: 're' },
  { type: 'pass' },
  { type: 'hold' },
  { type: 'pickUpStock' },
  { type: 'bid', value: 19 },
  { type: 'bid', value: BID_VALUES[0] },
  { type: 'bid', value: BID_VALUES[BID_VALUES.length - 1] },
  ...GAME_TYPES.flatMap((game): Move[] => [
    { type: 'declare', game },
    { type: 'declare', game, hand: true },
    { type: 'declare', game, hand: true, schneider: true },
  ]),
];

/** Moves in canonical shapes, legal or not, to try against decide: the plays while playing. */
function candidateMoves(state: State, seat: Seat): Move[] {
  if (state.phase === 'playing') return [...PLAYS, NOT_PLAYS[3], NOT_PLAYS[11]];
  const out = [...NOT_PLAYS, PLAYS[0], PLAYS[31]];
  if (state.bidding && state.bidding.value > 0) out.push({ type: 'bid', value: state.bidding.value });
  const mine = state.hand[seat];
  const theirs = state.hand[other(seat)];
  if (mine.length >= 2) out.push({ type: 'discard', cards: [mine[0], mine[mine.length - 1]] });
  if (mine.length >= 1 && theirs.length >= 1) out.push({ type: 'discard', cards: [mine[0], theirs[0]] });
  return out;
}

function checkMoves(state: State, log: Log): void {
  if (state.phase === 'finished') {
    check(state.toMove === null, 'nobody to move after the end');
    for (const seat of ['forehand', 'dealer'] as const) check(legalMoves(state, seat).length === 0, 'no legal move after the end');
    return;
  }
  const seat = state.toMove!;
  check(seat !== null, 'someone is to move');
  const legal = legalMoves(state, seat);
  check(legal.length > 0, `legal moves for ${seat}`);
  check(legalMoves(state, other(seat)).length === 0, 'no legal move for the other');
  for (const m of legal) {
    const d = decide(state, seat, m);
    if (!d.ok) throw new Error(`legal move ${JSON.stringify(m)} rejected: ${d.error.code}`);
  }
  const listed = new Set(legal.map(moveKey));
  const known = mayKnow(state, log, seat);
  for (const m of candidateMoves(state, seat)) {
    const d = decide(state, seat, m);
    if (d.ok !== listed.has(moveKey(m))) throw new Error(`${JSON.stringify(m)}: decide ok=${d.ok}, listed=${!d.ok}`);
    // An error message names only cards its reader may know (or that the move itself named).
    if (!d.ok)
      for (const t of d.error.detail.match(/\b[CSHD][789TJQKA]\b/g) ?? [])
        check(known.has(t as Card) || moveKey(m).includes(t), `error leaks ${t}`);
  }
  // The other seat: whatever it tries, it is not its turn (resigning aside).
  for (const m of [legal[0], legal[legal.length - 1]]) {
    const late = decide(state, other(seat), m);
    check(!late.ok && late.error.code === 'NOT_YOUR_TURN', `${JSON.stringify(m)} out of turn`);
  }
}

// ---------------------------------------------------------------- random games

interface Plan {
  config: Config;
  seed: string;
  choices: number[];
  /** Resign before this many moves, or never. */
  resignAt: number | null;
  resigner: Seat | 'toMove';
}

const planOf = (variant: Variant, scoring: Scoring): fc.Arbitrary<Plan> =>
  fc.record({
    config: configArbitrary(variant, scoring),
    seed: seedArbitrary,
    choices: fc.array(fc.nat(), { minLength: 1, maxLength: 100 }),
    // About one game in ten is resigned, at a random move.
    resignAt: fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.nat({ max: 60 }) }),
    resigner: fc.constantFrom('forehand' as const, 'dealer' as const, 'toMove' as const),
  });

/**
 * One move chosen by `r`. In the bidding, passing and the lowest bid are likelier (so games get
 * passed in, and not every game is overbid); at the stock, picking it up is as likely as hand.
 */
function choose(state: State, legal: Move[], r: number): Move {
  const pick = r % 4;
  if (state.phase === 'bidding' && pick < 2) return pick === 0 ? legal[legal.length - 1] : legal[0];
  if (state.phase === 'stock' && pick < 2) return legal[0];
  return legal[(r >>> 2) % legal.length];
}

function playOut(plan: Plan): { state: State; events: GameEvent[] } {
  let state = initialState(plan.config, plan.seed);
  const events: GameEvent[] = [];
  const log: Log = { dealt: new Set(), played: new Set(), won: [] };
  let step = 0;
  checkCards(state, log);
  while (state.phase !== 'finished') {
    check(step < 300, 'the game ends');
    checkMoves(state, log);
    const seat = state.toMove!;
    let actor: Seat = seat;
    let move: Move;
    if (plan.resignAt === step) {
      actor = plan.resigner === 'toMove' ? seat : plan.resigner;
      move = { type: 'resign' };
    } else {
      move = choose(state, legalMoves(state, seat), plan.choices[step % plan.choices.length]);
    }
    const d = decide(state, actor, move);
    if (!d.ok) throw new Error(`${actor} ${JSON.stringify(move)} rejected: ${d.error.code}`);
    const batch = d.events.reduce(evolve, state);
    const finished = batch.phase === 'finished';
    for (const e of d.events) {
      state = evolve(state, e);
      if (e.type === 'dealt') for (const c of e.cards) log.dealt.add(c as Card);
      if (e.type === 'played') log.played.add(e.card);
      if (e.type === 'trickTaken') log.won.push(...e.cards);
      checkEvent(e, state, log, finished);
    }
    events.push(...d.events);
    checkCards(state, log);
    for (const viewer of VIEWERS) checkView(state, log, viewer);
    step++;
  }
  checkMoves(state, log);
  for (const e of events) for (const viewer of VIEWERS) check(viewEvent(e, viewer, true) === e, 'the log is public after the end');
  return { state, events };
}

function checkEnd(plan: Plan, state: State, events: GameEvent[]): void {
  check(isDeepStrictEqual(replay(plan.config, plan.seed, events), state), 'the log replays to the live state');
  const r = state.result!;
  same(events.at(-1), { type: 'finished', result: r, serverSeed: plan.seed }, 'the last event');
  const tricks = state.tricks.forehand + state.tricks.dealer;
  const endedEarly = r.passedIn || r.resigned !== null || r.timedOut !== null;
  const nullLost = r.game === 'null' && state.tricks[r.declarer!] > 0;
  if (!endedEarly) {
    if (nullLost) check(state.tricks[r.declarer!] === 1, 'a null game ends at the first trick of the declarer');
    else check(tricks === TRICK_COUNT[plan.config.variant], `all tricks played, got ${tricks}`);
  }
  if (!endedEarly && !nullLost) {
    // Every card was played, or lies in the stock or the discards.
    const total = state.points.forehand + state.points.dealer + pointsOf(state.stock) + pointsOf(state.discards);
    check(total === 120, `card points sum to 120, got ${total}`);
  }
  if (r.declarer !== null && r.game !== 'ramsch' && !endedEarly) {
    // (A game given up is scored with the rest handed over: see resigning.test.ts.)
    const extra = pointsOf(state.stockPickedUp ? state.discards : state.stock);
    check(r.declarerPoints === state.points[r.declarer] + extra, "the declarer's card points");
  }
  same(r.end, r.passedIn ? 'passedIn' : r.resigned ? 'resigned' : r.timedOut ? 'timedOut' : 'played', 'how the game ended');
  if (r.draw) check(r.won === null && plan.config.scoring === 'simple' && r.declarerPoints === 60, 'a draw: simple 60:60, won null');
  else check(r.won !== null, 'won is null only on a draw');
  check(r.declarerPoints + r.defenderPoints === (r.declarer === null ? 0 : 120), 'both sides sum to 120');
  if (r.passedIn) same(r.scores, { forehand: 0, dealer: 0 }, 'passed in: 0:0');
  // Standard scoring writes one figure, simple scoring gives points to the winner (both in a draw).
  const figures = [r.scores.forehand, r.scores.dealer].filter((x) => x !== 0);
  if (plan.config.scoring === 'simple') check(figures.every((x) => x > 0), 'simple scoring: only gains');
  else check(figures.length <= 1, 'standard scoring: one figure');
}

const VARIANTS: Variant[] = ['classic', 'halfOpen', 'bidding'];
const SCORINGS: Scoring[] = ['standard', 'simple'];

describe.each(VARIANTS)('%s: random complete games', (variant) => {
  it.each(SCORINGS)(`${RUNS} games with %s scoring keep every invariant`, (scoring) => {
    fc.assert(
      fc.property(planOf(variant, scoring), (plan) => {
        const { state, events } = playOut(plan);
        checkEnd(plan, state, events);
      }),
      { numRuns: RUNS },
    );
  });
});
