// Expectimax over the card play of a game whose only hidden cards are covered cards unknown to
// both players (classic Offiziersskat throughout; the other variants once the other player's hand
// is played out). The chance moves are the covered cards turning up: when a trick is complete,
// each stack whose open card was played in it and whose covered card is unknown turns a card
// drawn uniformly from the cards still unknown to both.
//
// Why uniformly: the deal is a uniform shuffle, and nothing either player did depended on a card
// neither has seen (every decision is a function of what its player saw). So, given all that was
// seen, every arrangement of the unseen cards over the unseen places (the unknown covered places,
// and a stock nobody took up) is equally likely, and the next card to turn is any unseen card
// with equal chance; the one after it any of the rest, and so on.
//
// Once no covered card is unknown the rest is a game of perfect information: its score is a
// monotone function of the solver's value (value.ts orders the value as the score, for every game
// type), so such a position is valued by the fast solver, not by this recursion.
//
// The objective is the score sheet's `mine − theirs` for `me` (score.ts). Star1 (Ballard): a chance
// node's children get windows narrowed by the score's bounds at the node, and the node stops as
// soon as its window cannot be met. A table keeps bounds per position (the cards per place,
// unknown ones as unknown; who is to move; points and tricks; the trick in progress; the unseen
// cards; the matador cards drawn into the declarer's places).
import { DECK, POINTS } from '../../engine/cards.ts';
import type { Card, Seat } from '../../engine/types.ts';
import { afterCard, finalValue, legalCards, OutOfTime, reaches, solve, type Position, type SolverContext } from '../solver/index.ts';
import { rng } from '../rng.ts';
import { valueRange, type StarScore } from './score.ts';

/** More steps of the score than this in a position's range: its exact value is cheaper than probes. */
const MAX_STEPS = 6;

/** One character a card (UNKNOWN too), for the table's keys. */
const CHAR = new Map<string, string>();
for (let i = 0; i < 32; i++) CHAR.set(DECK[i], String.fromCharCode(65 + i));
CHAR.set('??', '?');
const ch = (c: Card): string => CHAR.get(c) as string;

/** The card of a covered place neither player has seen (never a real card). */
export const UNKNOWN = '??' as Card;

/** A position to search: unknown covered cards are UNKNOWN, and `pool` holds every card in an unknown place. */
export interface StarRoot {
  position: Position;
  /** The cards in unknown places: the unknown covered cards, and (hiddenStock) the stock. */
  pool: readonly Card[];
  /** Whether the pool's cards beyond the covered places are a stock that counts for the declarer. */
  hiddenStock: boolean;
  score: StarScore;
}

export interface StarSearchOptions {
  /** Star1 windows at chance nodes (default true). */
  star1?: boolean;
  /** The transposition table (default true). */
  table?: boolean;
  /** Threshold probes for the score's band where it has few steps, not the exact value (default true). */
  bands?: boolean;
  /** The table's move first (default true). */
  ordering?: boolean;
  /** A time on `now`'s clock past which the search throws OutOfTime. */
  deadline?: number;
  now?: () => number;
  /**
   * A table to search in and keep (a game's decisions one after another share one: its keys
   * hold everything a value depends on, the declarer's matador cards included). Default: a new one.
   */
  store?: StarTable;
  /** Counts kept as the search goes (a search cut short by its deadline counted too). */
  stats?: { nodes: number; solved: number };
  /**
   * Only these cards at the root: the value is that of the best of them (the value of one card
   * played, for the bench and the analysis of a card). The root's own bounds are not kept.
   */
  rootCards?: readonly Card[];
  /**
   * Sparse sampling: a chance node with more draws than this takes the mean over this many of
   * them, drawn at random (by `seed`), not over every draw. An estimate, not exact: give such a
   * search a table of its own (`store`), never one an exact search reads later.
   */
  draws?: number;
  /** The seed of the draws sparse sampling takes (default 1). */
  seed?: number;
}

/** Bounds on positions' values, by position (see tableKey). */
export type StarTable = Map<string, Entry>;

/** More entries than this and a kept table starts again empty (an entry and its key: about 150 bytes, so some 30 MB a game at most). */
const MAX_ENTRIES = 200_000;

export interface StarResult {
  /** The expected `mine − theirs` for `me` (score.me) with best play by both. */
  value: number;
  /** The best card for the side to move (null: the play is over). */
  move: Card | null;
  /** Decision and chance nodes searched, and perfect-information positions solved. */
  nodes: number;
  solved: number;
}

/** The unknown covered places of a position. */
export function unknownPlaces(p: Position): number {
  let n = 0;
  for (const seat of ['forehand', 'dealer'] as const) for (const st of p.seats[seat].stacks) if (st.covered === UNKNOWN) n++;
  return n;
}

interface Entry {
  lo: number;
  hi: number;
  move: Card | null;
}

export function expectimax(context: SolverContext, root: StarRoot, options: StarSearchOptions = {}): StarResult {
  const star1 = options.star1 ?? true;
  const tableOn = options.table ?? true;
  const sampled = options.draws;
  const pick = rng(options.seed ?? 1);
  const ordering = options.ordering ?? true;
  const bands = options.bands ?? true;
  const deadline = options.deadline ?? Infinity;
  const now = options.now ?? (() => performance.now());
  const score = root.score;
  const me = score.me;
  const declarer = score.declarer;
  const hiddenStock = root.hiddenStock;
  const pool = [...root.pool].sort();
  const drawn: Card[] = []; // cards drawn into the declarer's places on the path
  const declarerPlaces = root.position.seats[declarer].stacks.filter((s) => s.covered === UNKNOWN).length;
  const mats = score.possibleMatadors(pool, declarerPlaces + (hiddenStock ? pool.length - unknownPlaces(root.position) : 0));
  const table: StarTable = options.store ?? new Map();
  if (table.size > MAX_ENTRIES) table.clear();
  const knownMatadors = score.knownMatadorCards();
  let nodes = 0;
  let solved = 0;

  const matadors = (rest: readonly Card[]) => score.matadorsOf(hiddenStock ? [...drawn, ...rest] : drawn);

  /** A position of perfect information (no unknown covered card): the solver values it. */
  function known(p: Position): number {
    solved++;
    if (stats) stats.solved++;
    const q = withStock(p);
    const mats = matadors(pool);
    if (!bands) return score.gain(solve(context, q).value, mats);
    // The score changes at a few values only (suit, grand: 31, 61, 90, schwarz; null: a trick):
    // threshold probes find the step the value is on, cheaper than the exact value.
    const steps = score.steps(q, mats);
    if (steps.length > MAX_STEPS) return score.gain(solve(context, q).value, mats);
    let lo = 0; // steps[lo - 1] is reached (or lo = 0), steps[hi] is not
    let hi = steps.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (reaches(context, q, steps[mid])) lo = mid + 1;
      else hi = mid;
    }
    return score.gain(lo === 0 ? valueRange(q)[0] : steps[lo - 1], mats);
  }

  /** The position with the unseen stock's points (the pool's cards once every covered card is known) for the declarer. */
  function withStock(p: Position): Position {
    if (!hiddenStock || pool.length === 0) return p;
    let pts = 0;
    for (const c of pool) pts += POINTS[c];
    return { ...p, stockPoints: p.stockPoints + pts };
  }

  // The unseen cards and the matador cards drawn, as key parts: they change at chance nodes only.
  let poolKey = '';
  let drawnKey = '';
  const rekey = () => {
    poolKey = '';
    for (const c of pool) poolKey += ch(c);
    drawnKey = knownMatadors;
    for (const c of drawn) if (score.isMatadorCard(c)) drawnKey += ch(c);
  };
  rekey();

  /** The position as a short string: one character a card, a point count or a trick count. */
  function tableKey(p: Position): string {
    let k = p.toMove === 'forehand' ? 'F' : 'D';
    for (const t of p.trick) k += ch(t.card);
    for (const seat of ['forehand', 'dealer'] as const) {
      const s = p.seats[seat];
      k += String.fromCharCode(48 + s.points, 48 + s.tricks);
      for (const st of s.stacks) k += (st.open ? ch(st.open) : '-') + (st.covered ? ch(st.covered) : '-');
      k += '/';
      // A hand only loses cards, keeping their order: one set of cards, one order.
      for (const c of s.hand) k += ch(c);
    }
    return `${k}|${poolKey}|${drawnKey}`;
  }

  const stats = options.stats;
  function checkTime(): void {
    if (stats) stats.nodes++;
    if ((++nodes & 255) === 0 && now() > deadline) throw new OutOfTime();
  }

  /** The value for `me` of the position after a card, which may complete a trick (chance) or end the play. */
  function after(p: Position, card: Card, alpha: number, beta: number): number {
    const completes = p.trick.length === 1;
    const { next, over } = afterCard(p, card);
    if (over) {
      // Only null ends early; it has no matadors. Elsewhere every covered card has turned.
      return score.gain(finalValue(withStock(next)), matadors(pool));
    }
    if (!completes) return node(next, alpha, beta);
    const turned: [Seat, number][] = [];
    for (const seat of ['forehand', 'dealer'] as const)
      next.seats[seat].stacks.forEach((st, i) => st.open === UNKNOWN && turned.push([seat, i]));
    if (turned.length === 0) return node(next, alpha, beta);
    return chance(next, turned, alpha, beta);
  }

  /** The places of `turned` each show a card drawn from the pool: the mean over every draw. */
  function chance(p: Position, turned: [Seat, number][], alpha: number, beta: number): number {
    checkTime();
    // Every ordered draw of distinct pool cards, one per place: equally likely.
    const draws: Card[][] = [];
    const build = (k: number, acc: Card[]) => {
      if (k === turned.length) return void draws.push(acc);
      for (const c of pool) if (!acc.includes(c)) build(k + 1, [...acc, c]);
    };
    build(0, []);
    if (sampled !== undefined && draws.length > sampled) {
      // A partial Fisher–Yates shuffle: `sampled` distinct draws, each equally likely.
      for (let i = 0; i < sampled; i++) {
        const j = i + pick(draws.length - i);
        [draws[i], draws[j]] = [draws[j], draws[i]];
      }
      draws.length = sampled;
    }
    const n = draws.length;
    const [lo, hi] = star1 ? score.bounds(p, mats) : [-Infinity, Infinity];
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const left = n - 1 - i;
      // Star1: the window this child must reach for the mean to reach the node's window.
      let a = -Infinity;
      let b = Infinity;
      if (star1) {
        a = alpha * n - sum - left * hi;
        b = beta * n - sum - left * lo;
        if (a >= hi) return (sum + (left + 1) * hi) / n; // cannot reach alpha
        if (b <= lo) return (sum + (left + 1) * lo) / n; // reaches beta whatever comes
      }
      const draw = draws[i];
      const seats = { ...p.seats };
      for (const seat of ['forehand', 'dealer'] as const) {
        if (!turned.some(([s]) => s === seat)) continue;
        const stacks = seats[seat].stacks.slice();
        turned.forEach(([s, idx], j) => {
          if (s === seat) stacks[idx] = { open: draw[j], covered: null };
        });
        seats[seat] = { ...seats[seat], stacks };
      }
      const child: Position = { ...p, seats };
      const removed: number[] = [];
      let pushed = 0;
      turned.forEach(([s], j) => {
        const at = pool.indexOf(draw[j]);
        pool.splice(at, 1);
        removed.push(at);
        if (s === declarer) {
          drawn.push(draw[j]);
          pushed++;
        }
      });
      rekey();
      let v: number;
      try {
        v = node(child, a, b);
      } finally {
        for (let j = turned.length - 1; j >= 0; j--) pool.splice(removed[j], 0, draw[j]);
        drawn.length -= pushed;
        rekey();
      }
      sum += v;
      if (star1) {
        if (v <= a) return (sum + left * hi) / n; // an upper bound, at most alpha
        if (v >= b) return (sum + left * lo) / n; // a lower bound, at least beta
      }
    }
    return sum / n;
  }

  /** A decision node: the side to move's best card, for `me` (fail-soft alpha-beta on the mean). */
  function node(p: Position, alpha: number, beta: number): number {
    checkTime();
    let hasUnknown = false;
    for (const seat of ['forehand', 'dealer'] as const) for (const st of p.seats[seat].stacks) if (st.covered === UNKNOWN) hasUnknown = true;
    if (!hasUnknown) {
      if (!tableOn) return known(p);
      // Leaves are reached again by cards played in another order: their exact values are kept too.
      const key = tableKey(p);
      const e = table.get(key);
      if (e && e.lo === e.hi) return e.lo;
      const v = known(p);
      table.set(key, { lo: v, hi: v, move: null });
      return v;
    }
    return decide(p, alpha, beta).value;
  }

  function decide(p: Position, alpha: number, beta: number, only?: readonly Card[]): { value: number; move: Card | null } {
    let key = '';
    let entry: Entry | undefined;
    // A root held to some of its cards has a value of its own: not the position's, not kept.
    const useTable = tableOn && only === undefined;
    if (useTable) {
      key = tableKey(p);
      entry = table.get(key);
      if (entry) {
        if (entry.lo >= beta) return { value: entry.lo, move: entry.move };
        if (entry.hi <= alpha) return { value: entry.hi, move: entry.move };
        if (entry.lo === entry.hi) return { value: entry.lo, move: entry.move };
        alpha = Math.max(alpha, entry.lo);
        beta = Math.min(beta, entry.hi);
      }
    }
    const a0 = alpha;
    const b0 = beta;
    const maximizing = p.toMove === me;
    const cards = only ? legalCards(p).filter((c) => only.includes(c)) : legalCards(p);
    if (ordering && entry?.move) {
      const i = cards.indexOf(entry.move);
      if (i > 0) [cards[0], cards[i]] = [cards[i], cards[0]];
    }
    let best = maximizing ? -Infinity : Infinity;
    let move: Card | null = null;
    for (const card of cards) {
      const v = after(p, card, alpha, beta);
      if (maximizing ? v > best : v < best) {
        best = v;
        move = card;
      }
      if (maximizing) {
        if (best > alpha) alpha = best;
      } else if (best < beta) beta = best;
      if (alpha >= beta) break;
    }
    if (useTable) {
      const e: Entry = entry ?? { lo: -Infinity, hi: Infinity, move: null };
      if (best <= a0) e.hi = Math.min(e.hi, best);
      else if (best >= b0) e.lo = Math.max(e.lo, best);
      else e.lo = e.hi = best;
      e.move = move;
      table.set(key, e);
    }
    return { value: best, move };
  }

  const p = root.position;
  if (legalCards(p).length === 0) return { value: 0, move: null, nodes, solved };
  if (unknownPlaces(p) === 0 && options.rootCards === undefined) {
    // Perfect information: the solver's best card is the score's best card (the score is monotone in the value).
    const value = known(p);
    return { value, move: solve(context, withStock(p)).move, nodes, solved };
  }
  const r = decide(p, -Infinity, Infinity, options.rootCards);
  return { value: r.value, move: r.move, nodes, solved };
}
