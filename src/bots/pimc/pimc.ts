// biome-ignore-all lint/style/noNonNullAssertion: a decision reads what its phase guarantees: `you` when seated, the contract once declared, the bidding while bidding, the raise among the legal moves it was handed
// `pimc`: Perfect Information Monte Carlo. For each decision it draws worlds consistent with
// what its seat has seen (sample.ts), plays each option on in every world with the engine's
// rules, values the play with the perfect-information solver, turns the value into the score
// sheet's figures (outcome.ts) and takes the option with the best mean of `mine − theirs`.
//
// Every decision is made so: the game (classic: a suit, grand or ramsch, on the open cards;
// bidding: a suit, grand or null), bidding (hold or bid the next value while the best game's
// mean, at that bid, is above zero), picking up the stock or a hand game with schneider or
// schwarz announced, the two cards laid away, kontra and re, and every card. The other side's
// kontra and re in a world are guesses: kontra passed, re said when the declarer wins it.
import { BIDDING_GAMES } from '../../engine/legal.ts';
import { copyState, type State } from '../../engine/state.ts';
import type { Card, GameType, Move, Seat } from '../../engine/types.ts';
import * as solver from '../solver/index.ts';
import { positionFromState, threadContext, type Position, type SolverContext } from '../solver/index.ts';
import { rng, type Pick } from '../rng.ts';
import { ownCards, type ApiMove, type BotView, type Memory, type Strategy } from '../strategy.ts';
import { discardCandidates } from './discards.ts';
import { rolloutValue } from './rollout.ts';
import { applyMove, Scorer, toPlay, writtenFor } from './outcome.ts';
import { phaseOf, sampleWorld } from './sample.ts';

export interface PimcOptions {
  /** Worlds per decision, at most (default 200). */
  samples?: number;
  /**
   * Thinking time per card, ms (default 600): no new world is begun after it. The decisions
   * before the play (the game, bids, the stock, kontra) weigh more options on whole deals and
   * get `setupFactor` times as long. At least one world is always solved.
   */
  timeMs?: number;
  /** How much longer the decisions before the play may take (default 3). */
  setupFactor?: number;
  /** The clock (default performance.now). */
  now?: () => number;
  /** Pairs to lay away tried per game (default 2). */
  discardPairs?: number;
  /** The perfect-information valuation (default: hybridSolver on pimc's own solver context). */
  solver?: Solver;
  /** Positions with more cards left are played out by plain rules, not searched (default 24). */
  solverCards?: number;
  /** Positions with more cards left are searched for their band of the score only (default 18). */
  exactCards?: number;
  /** The solver context to search in (default: the thread's; one context a thread, see src/bots/solver/index.ts). */
  context?: SolverContext;
}

/** What pimc asks of a perfect-information solver (see src/bots/solver for the values). */
export interface Solver {
  /** The value of a position with best play. */
  value(position: Position): number;
  /** The value after each legal card of the side to move. */
  moveValues(position: Position): { card: Card; value: number }[];
}

/** A value inside the band the thresholds put the position in: what the score sheet sees. */
function bandValue(context: SolverContext, p: Position): number {
  const reaches = (target: number) => solver.reaches(context, p, target);
  if (p.game === 'null') return reaches(1) ? 1 : 0;
  // Ramsch: the other player's points; whoever loses writes about this many.
  if (p.game === 'ramsch') return reaches(61) ? 75 : 45;
  if (reaches(61)) return reaches(90) ? 100 : 75;
  return reaches(31) ? 45 : 20;
}

const cardsLeftIn = (p: Position) => {
  let n = p.trick.length;
  for (const side of [p.seats.forehand, p.seats.dealer]) {
    n += side.hand.length;
    for (const st of side.stacks) n += (st.open ? 1 : 0) + (st.covered ? 1 : 0);
  }
  return n;
};

/**
 * The valuation by the cards left, as each costs: with more than `solverCards` the plain
 * rules play the position out (rollout.ts: microseconds, where a whole deal's search takes a
 * tenth of a second to seconds); with more than `exactCards` the solver's threshold searches
 * put it in its band of the score (61 wins, 90 schneider, 31 escapes it; null: a trick), and
 * late in the play the solver's exact value. The searches run in `context`; past its deadline
 * the rules play out what is left to value, a search cut short by it included.
 */
export function hybridSolver(context: SolverContext, solverCards: number, exactCards: number): Solver {
  const value = (p: Position, guess?: number) => {
    const left = cardsLeftIn(p);
    // Ramsch is the solver's hardest game (nobody wants the tricks): it is searched later.
    const ramsch = p.game === 'ramsch' ? RAMSCH_LATER : 0;
    if (left > solverCards - ramsch || context.pastDeadline()) return rolloutValue(p);
    try {
      if (left > exactCards - ramsch) return bandValue(context, p);
      return solver.solve(context, p, { guess }).value;
    } catch (e) {
      if (e instanceof solver.OutOfTime) return rolloutValue(p);
      throw e;
    }
  };
  return {
    value: (p) => value(p),
    moveValues: (p) => {
      let guess: number | undefined;
      return solver.legalCards(p).map((card) => {
        const { next, over } = solver.afterCard(p, card);
        // Siblings are worth about the same: each exact search starts from the last value found.
        const v = over ? solver.solve(context, next).value : value(next, guess);
        guess = v;
        return { card, value: v };
      });
    },
  };
}

/** How many cards fewer ramsch waits for before it is searched. */
const RAMSCH_LATER = 6;

/** What the judges value worlds with: a player's valuation, and the hard limit of its decision at hand. */
interface Valuer {
  solver: Solver;
  /** Whether the decision's hard limit has passed (see pimc). */
  overTime(): boolean;
}

export function pimc(options: PimcOptions = {}): Strategy {
  const weigh = pimcWeighing(options);
  return (view, memory, pick) => {
    const moves = view.legalMoves;
    if (moves.length === 0) throw new Error('no legal move');
    const phase = phaseOf(view);
    if (phase === 'cutting') return moves[pick(moves.length)];
    if (moves.length === 1) return moves[0];
    const scores = weigh(view, memory, pick);
    let best = 0;
    for (let i = 1; i < moves.length; i++) if (scores[i] > scores[best]) best = i;
    return moves[best];
  };
}

/**
 * pimc's weighing of a decision with more than one legal move (not the cut): per legal move, in
 * order, its mean `mine − theirs` over the worlds valued (-Infinity: not weighed). pimc takes the
 * best; bench/preplay-study.ts records them for the decisions before the play.
 */
export function pimcWeighing(options: PimcOptions = {}): (view: BotView, memory: Memory, pick: Pick) => number[] {
  const maxSamples = options.samples ?? 200;
  const timeMs = options.timeMs ?? 600;
  const setupFactor = options.setupFactor ?? 3;
  const now = options.now ?? (() => performance.now());
  const pairsPerGame = options.discardPairs ?? 2;
  // Players of one thread share its context by default (see threadContext): each decision sets
  // the context's clock and deadline for itself, and lifts the deadline when it is made.
  const context = options.context ?? threadContext();
  const valuer: Valuer = {
    solver: options.solver ?? hybridSolver(context, options.solverCards ?? 24, options.exactCards ?? 18),
    overTime: () => context.pastDeadline(),
  };

  return (view, memory, pick) => {
    const phase = phaseOf(view);
    const rand = rng(pick(0x100000000));
    const me = view.you!;
    const started = now();
    const budget = phase === 'playing' ? timeMs : timeMs * setupFactor;
    // The decision's hard limit: past it, whatever is still to be valued in the world at hand is
    // played out by rules (a search early in the play can take seconds on a busy machine).
    context.now = now;
    context.deadline = started + 2 * budget;
    const judge = judgeFor(phase, view, me, pairsPerGame, valuer);
    try {
      for (let k = 0; k < maxSamples; k++) {
        if (k > 0 && now() - started >= budget) break;
        judge.add(sampleWorld(view, memory, rand));
      }
    } finally {
      context.deadline = Infinity;
    }
    return judge.scores();
  };
}

/** Weighs the options of one decision over the worlds it is shown. */
interface Judge {
  add(world: State): void;
  /** Per legal move (in order): its mean `mine − theirs`, -Infinity for a move not weighed. */
  scores(): number[];
}

/** Sums per key, and their means. */
class Means<K> {
  private readonly sums = new Map<K, { sum: number; n: number }>();
  add(key: K, gain: number): void {
    const t = this.sums.get(key);
    if (t) {
      t.sum += gain;
      t.n++;
    } else this.sums.set(key, { sum: gain, n: 1 });
  }
  mean(key: K): number {
    const t = this.sums.get(key);
    return t ? t.sum / t.n : -Infinity;
  }
  best(keys: Iterable<K>): number {
    let b = -Infinity;
    for (const k of keys) b = Math.max(b, this.mean(k));
    return b;
  }
}

/** A judge whose every world gives each move a gain (or null: not weighed). */
function perMove(valuer: Valuer, moves: readonly ApiMove[], gains: (world: State) => (number | null)[]): Judge {
  const means = new Means<number>();
  let worlds = 0;
  return {
    add: (world) => {
      const g = gains(world);
      // A world that ran past the hard limit was valued partly by rules: kept only if it is the first.
      if (worlds > 0 && valuer.overTime()) return;
      worlds++;
      g.forEach((x, i) => x !== null && means.add(i, x));
    },
    scores: () => moves.map((_, i) => means.mean(i)),
  };
}

function judgeFor(phase: string, view: BotView, me: Seat, pairsPerGame: number, valuer: Valuer): Judge {
  const moves = view.legalMoves;
  const declarable = moves.flatMap((m) => (m.type === 'declare' && !m.hand ? [m.game] : []));
  // Every game is weighed: before the play the worlds are played out by rules (cheap), not searched.
  const games = declarable.length > 0 ? declarable : BIDDING_GAMES;
  switch (phase) {
    case 'playing':
      return perMove(valuer, moves, cardGains(valuer, me, moves));
    case 'kontra':
    case 're':
      return perMove(valuer, moves, kontraGains(valuer, me, moves));
    case 'declaring':
      return perMove(valuer, moves, (world) => moves.map((m) => (m.type === 'declare' && games.includes(m.game) ? gainOfDeclare(valuer, world, me, m as Move) : null)));
    case 'bidding':
      return judgeBid(valuer, view, me, pairsPerGame, games);
    case 'stock':
      return moves.some((m) => m.type === 'discard') ? judgeDiscard(valuer, view, me, games) : judgeStock(valuer, view, me, pairsPerGame, games);
    default:
      return perMove(valuer, moves, () => moves.map(() => 0));
  }
}

// ---------------------------------------------------------------- cards

function cardGains(valuer: Valuer, me: Seat, moves: readonly ApiMove[]) {
  return (world: State) => {
    const scorer = new Scorer(world, me);
    const values = new Map<Card, number>();
    for (const { card, value } of valuer.solver.moveValues(positionFromState(world))) values.set(card, value);
    return moves.map((m) => {
      const v = m.type === 'play' ? values.get(m.card as Card) : undefined;
      return v === undefined ? null : scorer.gain(v);
    });
  };
}

// ---------------------------------------------------------------- the play from its start

/** The solver's value of a world at its first trick. */
const valueAtStart = (valuer: Valuer, play: State) => valuer.solver.value(positionFromState(play));

/** `mine − theirs` for `me` after `move` in `world`, played on to the end. */
function gainOfDeclare(valuer: Valuer, world: State, me: Seat, move: Move): number {
  const play = toPlay(applyMove(world, me, move));
  return new Scorer(play, me).gain(valueAtStart(valuer, play));
}

/** Kontra and re: the same play, written once, twice or four times over. */
function kontraGains(valuer: Valuer, me: Seat, moves: readonly ApiMove[]) {
  return (world: State) => {
    const play = toPlay(world);
    const value = valueAtStart(valuer, play);
    const declarer = play.contract!.declarer;
    const plain = writtenFor(play, value);
    const declarerWins = plain[declarer] > 0;
    const gainWith = (kontra: boolean, re: boolean) => {
      const s = copyState(play);
      s.contract = { ...play.contract!, kontra, re };
      return new Scorer(s, me).gain(value);
    };
    const said = world.contract!.kontra; // re is being decided
    return moves.map((m) => {
      if (m.type === 'kontra') return gainWith(true, declarerWins); // the declarer's re: when it wins
      if (m.type === 're') return gainWith(true, true);
      return gainWith(said, false);
    });
  };
}

// ---------------------------------------------------------------- bidding and the stock

/**
 * The declarer's play of `game` after taking up the stock and laying away one of the first
 * guesses: the best of them for this world. Returns the play (at its first trick) and its value.
 */
function pickUpAndPlay(valuer: Valuer, world: State, me: Seat, game: GameType, pairsPerGame: number): { play: State; value: number } | null {
  let s = world;
  if (!s.stockPickedUp) s = applyMove(s, me, { type: 'pickUpStock' });
  const hand = s.hand[me];
  const mine = [...hand, ...s.open[me].filter((c): c is Card => c !== null)];
  let best: { play: State; value: number } | null = null;
  for (const pair of discardCandidates(game, hand, mine, pairsPerGame)) {
    const play = toPlay(applyMove(applyMove(s, me, { type: 'discard', cards: pair }), me, { type: 'declare', game }));
    const value = valueAtStart(valuer, play);
    if (!best || better(play, me, value, best)) best = { play, value };
  }
  return best;
}

const better = (play: State, me: Seat, value: number, than: { play: State; value: number }) =>
  new Scorer(play, me).gain(value) > new Scorer(than.play, me).gain(than.value);

/** A world made the bidding's end: `me` declarer at `bid`, at the stock. */
function declarerAt(world: State, me: Seat, bid: number): State {
  const s = copyState(world);
  s.phase = 'stock';
  s.toMove = me;
  s.contract = { declarer: me, game: null, hand: false, schneider: false, schwarz: false, bid, kontra: false, re: false };
  return s;
}

/**
 * Hold or bid: what holding is worth is the best game's mean over the worlds, at this bid (the
 * game is named later). Passing counts 0.
 */
function judgeBid(valuer: Valuer, view: BotView, me: Seat, pairsPerGame: number, candidates: readonly GameType[]): Judge {
  const moves = view.legalMoves;
  const raise = moves.find((m) => m.type === 'bid' || m.type === 'hold')!;
  const bid = raise.type === 'bid' ? raise.value : view.bidding!.value;
  const games = new Means<GameType>();
  return {
    add: (world) => {
      for (const game of candidates) {
        const r = pickUpAndPlay(valuer, declarerAt(world, me, bid), me, game, pairsPerGame);
        if (r) games.add(game, new Scorer(r.play, me).gain(r.value));
      }
    },
    scores: () => moves.map((m) => (m === raise ? games.best(candidates) : m.type === 'pass' ? 0 : -Infinity)),
  };
}

/** The stock: take it up (worth its best game's mean), or a hand game with its announcements. */
function judgeStock(valuer: Valuer, view: BotView, me: Seat, pairsPerGame: number, candidates: readonly GameType[]): Judge {
  const moves = view.legalMoves;
  const pickUp = new Means<GameType>();
  const hand = new Means<number>();
  return {
    add: (world) => {
      for (const game of candidates) {
        const r = pickUpAndPlay(valuer, world, me, game, pairsPerGame);
        if (r) pickUp.add(game, new Scorer(r.play, me).gain(r.value));
      }
      // One solve per hand game; the announcements only change what is written.
      const solved = new Map<GameType, { play: State; value: number }>();
      moves.forEach((m, i) => {
        if (m.type !== 'declare' || !candidates.includes(m.game)) return;
        let r = solved.get(m.game);
        if (!r) {
          const play = toPlay(applyMove(world, me, { type: 'declare', game: m.game, hand: true }));
          r = { play, value: valueAtStart(valuer, play) };
          solved.set(m.game, r);
        }
        const s = copyState(r.play);
        s.contract = { ...r.play.contract!, schneider: m.schneider === true || m.schwarz === true, schwarz: m.schwarz === true };
        hand.add(i, new Scorer(s, me).gain(r.value));
      });
    },
    scores: () => moves.map((m, i) => (m.type === 'pickUpStock' ? pickUp.best(candidates) : hand.mean(i))),
  };
}

/**
 * Two cards to lay away: the first guesses for each game, each pair worth what its best game is
 * worth on average; the other pairs are not weighed.
 */
function judgeDiscard(valuer: Valuer, view: BotView, me: Seat, candidates: readonly GameType[]): Judge {
  const moves = view.legalMoves;
  const hand = view.table[me].hand as Card[];
  const mine = ownCards(view);
  const key = (cards: readonly string[]) => [...cards].sort().join();
  const tried = new Map<string, GameType[]>();
  for (const game of candidates)
    for (const pair of discardCandidates(game, hand, mine, 2)) tried.set(key(pair), [...(tried.get(key(pair)) ?? []), game]);
  const means = new Means<string>();
  return {
    add: (world) => {
      for (const m of moves) {
        if (m.type !== 'discard') continue;
        const games = tried.get(key(m.cards));
        if (!games) continue;
        const after = applyMove(world, me, { type: 'discard', cards: m.cards as Card[] });
        for (const game of games) means.add(`${key(m.cards)}:${game}`, gainOfDeclare(valuer, after, me, { type: 'declare', game }));
      }
    },
    scores: () =>
      moves.map((m) => {
        if (m.type !== 'discard') return -Infinity;
        const games = tried.get(key(m.cards)) ?? [];
        return means.best(games.map((g) => `${key(m.cards)}:${g}`));
      }),
  };
}

