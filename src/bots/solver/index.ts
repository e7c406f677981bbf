// The perfect-information solver: the value of a position with every card known, and the best
// card. `value` is one number per game type, higher is better for the declarer (see value.ts):
// - suit, grand: the declarer's final card points (stock or discards included); -1 when it takes
//   no trick, 121 when it takes every trick. 61 wins, 90 schneider, 121 schwarz.
// - ramsch: the other player's final card points (the chooser, `declarer`, wants them high);
//   -1 when the other player takes every trick, 121 when the chooser does (durchmarsch).
// - null: 1 when the declarer takes no trick (wins), 0 when it takes one.
//
// Every search runs in a SolverContext (its table, its deadline, the position it searches), handed
// to each call, as bridge's DDS keeps one per thread. Positions of one deal solved one after
// another in the same context share its table (see search.ts). Keep one context a thread: a thread
// that searches in two runs every search slower (searchIn in search.ts says why). This file and
// what it exports are the solver's whole face: nothing outside this folder imports its other files.
import type { Card } from '../../engine/index.ts';
import { legalCards, playCard } from './minimax.ts';
import type { Position } from './position.ts';
import { SolverContext, type Search } from './search.ts';

export { positionFromState, cardsLeft, type Position, type PositionSeat, type PositionStack } from './position.ts';
export { legalCards, finalValue } from './minimax.ts';
export { valueAtEnd, WORST, BEST } from './value.ts';
export { OutOfTime, type SolverContext } from './search.ts';
// Seeded deals through the engine's rules, for benchmarks and tests.
export { dealAtFirstTrick, type DealOptions } from './deals.ts';

export interface SolverContextOptions {
  /** The clock the context's `deadline` is read on (default performance.now). */
  now?: () => number;
}

/**
 * A context for searches: an empty table (8 MB, made at the first search), no deadline. Set
 * `deadline` (a time on `now`'s clock) and a search past it throws OutOfTime; the context is
 * usable again at once. For a thread's one owner of its searches (a benchmark, a test).
 */
export function createSolverContext(options: SolverContextOptions = {}): SolverContext {
  return new SolverContext(options.now);
}

let shared: SolverContext | null = null;

/**
 * This thread's context, made at the first call: for callers that search one at a time in a
 * thread and own no context (pimc's players share it: a thread makes one decision at a time).
 * It exists for speed, not convenience (see above): the solver's functions do not use it.
 */
export function threadContext(): SolverContext {
  return (shared ??= new SolverContext());
}

export interface Solution {
  /** The minimax value (see above) of the position. */
  value: number;
  /** A best card for the side to move (null when the play is over). */
  move: Card | null;
}

export interface SolveOptions {
  /** A guess of the value to start from (the search converges from it): e.g. the last value. */
  guess?: number;
}

/**
 * The value of the loaded position by null-window probes (each fail-soft answer a bound), the
 * table keeping what every probe proved: first at the guess, then galloping away from it in
 * doubling steps until the value is bracketed, then halving. Probes near the value cost the
 * most, so few of them: MTD(f)'s steps of one point proved slower here.
 */
function valueOfLoaded(s: Search, guess: number): Solution {
  let [lo, hi] = s.staticBounds();
  const declarerToMove = s.rootSide() === 0;
  // The move of the probe that proved the bound on the side to move's side of the value.
  let move = -1;
  let loProven = false;
  let hiProven = false;
  let step = 4;
  let t = Math.min(Math.max(guess, lo + 1), hi);
  while (lo < hi) {
    const g = s.probe(t);
    if (g >= t) {
      lo = g;
      loProven = true;
      if (declarerToMove) move = s.rootMove();
    } else {
      hi = g;
      hiProven = true;
      if (!declarerToMove) move = s.rootMove();
    }
    if (lo >= hi) break;
    if (loProven && hiProven) t = (lo + hi + 1) >> 1;
    else if (loProven) t = Math.min(lo + step, hi);
    else t = Math.max(hi + 1 - step, lo + 1);
    step *= 2;
  }
  // A bound known without a probe on that side (the static one): one probe finds the move.
  if (move < 0 || (declarerToMove ? !loProven : !hiProven)) {
    s.probe(declarerToMove ? lo : lo + 1);
    move = s.rootMove();
  }
  return { value: lo, move: move >= 0 ? s.cardOf(move) : null };
}

/** The value of the position with best play by both sides, and a best card for the side to move. */
export function solve(context: SolverContext, position: Position, options: SolveOptions = {}): Solution {
  const s = context.search;
  s.load(position);
  if (s.over()) return { value: s.valueAtOver(), move: null };
  const solution = valueOfLoaded(s, options.guess ?? (position.game === 'null' ? 1 : 61));
  return { value: solution.value, move: solution.move ?? legalCards(position)[0] };
}

/** Whether the declarer's side reaches `target` or more (see above), whoever is to move. */
export function reaches(context: SolverContext, position: Position, target: number): boolean {
  const s = context.search;
  s.load(position);
  if (s.over()) return s.valueAtOver() >= target;
  return s.reach(target);
}

/** The value after each legal card of the side to move: what a sampling player averages. */
export function moveValues(context: SolverContext, position: Position): { card: Card; value: number }[] {
  return legalCards(position).map((card) => ({ card, value: solve(context, playCard(position, card).next).value }));
}

/** The position after the side to move plays `card` (a legal card), and whether the play is then over. */
export function afterCard(position: Position, card: Card): { next: Position; over: boolean } {
  return playCard(position, card);
}
