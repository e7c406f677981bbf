// Resigning is never cheaper than playing on (fast-check). Random games are given up (resigned,
// or timed out) at a random point after the game is fixed; the quitter's score is compared with
// the worst continuation for it, which this file plays out on paper and scores with its own small
// scorer: the other side takes every card not yet in a completed trick and every trick still to
// come; in ramsch the quitter takes them; in null a quitting declarer takes a trick, a quitting
// defender leaves the declarer trickless. Nothing here calls the engine's scoring.
import fc from 'fast-check';
import { configArbitrary, seedArbitrary } from '../../test/support/arbitraries.ts';
import { describe, it } from 'vitest';
import { DECK } from './cards.ts';
import { decide, timeOut } from './decide.ts';
import { evolve } from './evolve.ts';
import { legalMoves } from './legal.ts';
import { cutDeck, shuffle } from './seed.ts';
import { initialState, other, type State } from './state.ts';
import type {
  BySeat,
  Card,
  Config,
  Contract,
  Decision,
  GameEvent,
  Move,
  Result,
  Scoring,
  Seat,
  Variant,
} from './index.ts';

const RUNS = Number(process.env.ENGINE_PROPERTY_RUNS ?? 1000);

// ---------------------------------------------------------------- the rules, written out again

const CARD_POINTS: Record<string, number> = { A: 11, T: 10, K: 4, Q: 3, J: 2 };
const points = (cards: readonly Card[]) => cards.reduce((sum, c) => sum + (CARD_POINTS[c[1]] ?? 0), 0);
const BASE: Record<string, number> = { clubs: 12, spades: 11, hearts: 10, diamonds: 9, grand: 24 };
const TRICKS: Record<Variant, number> = { classic: 16, halfOpen: 16, bidding: 15 };

/** The deck positions each seat is dealt (the deal table of docs/rules.md), stock aside. */
const DEALT: Record<Variant, BySeat<[number, number][]>> = {
  classic: { forehand: [[0, 3], [8, 11], [16, 19], [24, 27]], dealer: [[4, 7], [12, 15], [20, 23], [28, 31]] },
  halfOpen: { forehand: [[0, 3], [8, 11], [16, 23]], dealer: [[4, 7], [12, 15], [24, 31]] },
  bidding: { forehand: [[0, 4], [10, 14], [20, 24]], dealer: [[5, 9], [15, 19], [25, 29]] },
};

/** Every card the declarer was dealt, dealt yet or not, plus the stock (bidding). */
function dealOf(config: Config, seed: string, cut: number, seat: Seat): Card[] {
  const deck = cutDeck(shuffle(seed), cut);
  const out: Card[] = [];
  for (const [from, to] of DEALT[config.variant][seat]) out.push(...deck.slice(from, to + 1));
  if (config.variant === 'bidding') out.push(deck[30], deck[31]);
  return out;
}

function matadorsOf(game: string, cards: readonly Card[], spitzen: boolean): number {
  const suit = { clubs: 'C', spades: 'S', hearts: 'H', diamonds: 'D' }[game];
  const order = ['CJ', 'SJ', 'HJ', 'DJ', ...(spitzen && suit ? [...'ATKQ987'].map((r) => suit + r) : [])];
  const held = new Set(cards);
  const withTop = held.has(order[0] as Card);
  let n = 0;
  while (n < order.length && held.has(order[n] as Card) === withTop) n++;
  return n;
}

/** What the game comes to: card points and tricks of each seat (the declarer's with the stock). */
interface Outcome {
  points: BySeat<number>;
  tricks: BySeat<number>;
}

const factor = (c: Contract) => (c.re ? 4 : c.kontra ? 2 : 1);
const toSide = (declarer: Seat, mine: number, theirs: number): BySeat<number> =>
  declarer === 'forehand' ? { forehand: mine, dealer: theirs } : { forehand: theirs, dealer: mine };

/** The score sheet of an outcome, played out (no one gave up). */
function score(config: Config, c: Contract, deal: Card[], o: Outcome): BySeat<number> {
  const d = c.declarer;
  const simple = config.scoring === 'simple';
  if (c.game === 'ramsch') {
    const durch = (['forehand', 'dealer'] as const).find((s) => o.tricks[other(s)] === 0);
    if (durch) return durch === 'forehand' ? { forehand: simple ? 4 : 120, dealer: 0 } : { forehand: 0, dealer: simple ? 4 : 120 };
    const loser = o.points[d] >= o.points[other(d)] ? d : other(d);
    const write = simple ? 0 : -o.points[loser];
    const win = simple ? 2 : 0;
    return loser === 'forehand' ? { forehand: write, dealer: win } : { forehand: win, dealer: write };
  }
  if (c.game === 'null') {
    const base = c.hand ? 35 : 23;
    const overbid = c.bid !== null && base < c.bid;
    const value = overbid ? Math.ceil(c.bid! / base) * base : base;
    const won = o.tricks[d] === 0 && !overbid;
    if (simple) return won ? toSide(d, 2 * factor(c), 0) : toSide(d, 0, 2 * factor(c));
    return toSide(d, (won ? value : -2 * value) * factor(c), 0);
  }
  const mine = o.points[d];
  const made = mine >= 61;
  const loserSide = made ? other(d) : d;
  const schneider = o.points[loserSide] <= 30 || c.schneider;
  const schwarz = o.tricks[loserSide] === 0 || c.schwarz;
  const missed = (c.schneider && !(made && o.points[other(d)] <= 30)) || (c.schwarz && !(made && o.tricks[other(d)] === 0));
  const m = matadorsOf(c.game!, deal, config.spitzen);
  const multiplier = m + 1 + +c.hand + +schneider + +c.schneider + +schwarz + +c.schwarz;
  let value = multiplier * BASE[c.game!];
  const overbid = c.bid !== null && value < c.bid;
  if (overbid) value = Math.ceil(c.bid! / BASE[c.game!]) * BASE[c.game!];
  const won = made && !missed && !overbid;
  if (simple) {
    if (mine === 60 && !overbid && !c.schneider) return { forehand: factor(c), dealer: factor(c) };
    const pts = (schwarz ? 4 : schneider ? 3 : 2) * factor(c);
    return won ? toSide(d, pts, 0) : toSide(d, 0, pts);
  }
  return toSide(d, (won ? value : -2 * value) * factor(c), 0);
}

/** What the tricks of the game so far hold, from its events. */
function takenSoFar(events: GameEvent[]): { won: BySeat<Card[]>; tricks: BySeat<number> } {
  const won: BySeat<Card[]> = { forehand: [], dealer: [] };
  const tricks = { forehand: 0, dealer: 0 };
  for (const e of events)
    if (e.type === 'trickTaken') {
      won[e.winner].push(...e.cards);
      tricks[e.winner]++;
    }
  return { won, tricks };
}

/** The worst continuation for `quitter` from `state`, scored on paper. */
function worstContinuation(state: State, events: GameEvent[], quitter: Seat): BySeat<number> {
  const c = state.contract!;
  const d = c.declarer;
  const { won, tricks } = takenSoFar(events);
  // The stock (hand game) or the discards count for the declarer and are never played.
  const aside = state.config.variant !== 'bidding' ? [] : state.stockPickedUp ? state.discards : state.stock;
  const inTricks = new Set([...won.forehand, ...won.dealer, ...aside]);
  const rest = DECK.filter((card) => !inTricks.has(card));
  const tricksLeft = TRICKS[state.config.variant] - tricks.forehand - tricks.dealer;
  const pts: BySeat<number> = { forehand: points(won.forehand), dealer: points(won.dealer) };
  pts[d] += points(aside);
  const o: Outcome = { points: pts, tricks: { ...tricks } };
  let taker: Seat | null = other(quitter);
  if (c.game === 'ramsch') taker = quitter;
  if (c.game === 'null') {
    // A quitting declarer takes the next trick (and loses); a quitting defender lets it take none.
    taker = null;
    if (quitter === d) o.tricks[d]++;
  }
  if (taker) {
    o.points[taker] += points(rest);
    o.tricks[taker] += tricksLeft;
  }
  return score(state.config, c, dealOf(state.config, state.serverSeed, state.cut!, d), o);
}

// ---------------------------------------------------------------- random games, given up

interface Plan {
  config: Config;
  seed: string;
  choices: number[];
  /** Where to give up, as a fraction of the moves after the game is fixed. */
  at: number;
  quitter: Seat | 'toMove';
  how: 'resign' | 'timeOut';
}

const planOf = (variant: Variant, scoring: Scoring): fc.Arbitrary<Plan> =>
  fc.record({
    config: configArbitrary(variant, scoring),
    seed: seedArbitrary,
    choices: fc.array(fc.nat(), { minLength: 1, maxLength: 60 }),
    at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
    quitter: fc.constantFrom('forehand' as const, 'dealer' as const, 'toMove' as const),
    how: fc.constantFrom('resign' as const, 'timeOut' as const),
  });

/** A legal move: in the bidding the lowest bid and passing are likelier, so not every game is overbid. */
function choose(state: State, legal: Move[], r: number): Move {
  if (state.phase === 'bidding' && r % 4 < 2) return r % 4 === 0 ? legal[legal.length - 1] : legal[0];
  return legal[(r >>> 2) % legal.length];
}

const fixed = (s: State) => s.contract !== null && s.contract.game !== null;

/** The moves of a random complete game, and how many of them came before the game was fixed. */
function randomGame(plan: Plan): { moves: Move[]; fixedAfter: number } {
  let state = initialState(plan.config, plan.seed);
  const moves: Move[] = [];
  let fixedAfter = -1;
  while (state.phase !== 'finished') {
    if (fixedAfter < 0 && fixed(state)) fixedAfter = moves.length;
    const seat = state.toMove!;
    const move = choose(state, legalMoves(state, seat), plan.choices[moves.length % plan.choices.length]);
    const d = decide(state, seat, move);
    if (!d.ok) throw new Error(`legal move rejected: ${d.error.code}`);
    state = d.events.reduce(evolve, state);
    moves.push(move);
  }
  return { moves, fixedAfter };
}

function fail(what: string, details: unknown): never {
  throw new Error(`${what}: ${JSON.stringify(details)}`);
}

/** Plays the game to the chosen point, gives up there, and checks the score. False: no point to give up at. */
function giveUpAndCheck(plan: Plan): boolean {
  const { moves, fixedAfter } = randomGame(plan);
  if (fixedAfter < 0) return false; // passed in: no game was ever fixed
  const stop = fixedAfter + Math.floor(plan.at * (moves.length - fixedAfter));
  let state = initialState(plan.config, plan.seed);
  const events: GameEvent[] = [];
  for (const move of moves.slice(0, stop)) {
    const d = decide(state, state.toMove!, move);
    if (!d.ok) throw new Error('replay');
    events.push(...d.events);
    state = d.events.reduce(evolve, state);
  }
  const quitter = plan.quitter === 'toMove' ? state.toMove! : plan.quitter;
  const d: Decision = plan.how === 'resign' ? decide(state, quitter, { type: 'resign' }) : timeOut(state, quitter);
  if (!d.ok) fail('giving up was refused', d.error);
  const last = d.events.at(-1)!;
  if (last.type !== 'finished') fail('giving up ends the game', d.events);
  const r: Result = last.result;
  const worst = worstContinuation(state, events, quitter);
  const net = (s: BySeat<number>) => s[quitter] - s[other(quitter)];
  const where = { phase: state.phase, game: state.contract!.game, quitter, scores: r.scores, worst, moves: stop };
  if (net(r.scores) > net(worst)) fail('giving up scored better than the worst continuation', where);
  // Suit, grand and null games are scored exactly as that continuation; a ramsch is at least as
  // bad (the quitter loses even where the continuation has it win, and never by a durchmarsch).
  if (state.contract!.game !== 'ramsch' && (r.scores.forehand !== worst.forehand || r.scores.dealer !== worst.dealer))
    fail('giving up is scored as the worst continuation', where);
  if (r.durchmarsch) fail('a given-up ramsch is no durchmarsch', where);
  if (r.end !== (plan.how === 'resign' ? 'resigned' : 'timedOut')) fail('the result names how the game ended', r);
  return true;
}

const VARIANTS: Variant[] = ['classic', 'halfOpen', 'bidding'];

describe.each(VARIANTS)('%s: giving up is never cheaper than the worst continuation', (variant) => {
  it.each(['standard', 'simple'] as const)(`${RUNS} games with %s scoring, given up at a random point`, (scoring) => {
    let checked = 0;
    fc.assert(
      fc.property(planOf(variant, scoring), (plan) => {
        fc.pre(giveUpAndCheck(plan));
        checked++;
      }),
      { numRuns: RUNS },
    );
    if (checked < RUNS) throw new Error(`only ${checked} of ${RUNS} games were given up`);
  });
});
