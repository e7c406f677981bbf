// Strategies against each other in-process, with the engine directly (no HTTP): fast, for the
// strategy test and for tuning. Each bot sees only `view(state, seat)`, as over HTTP.
import { DEFAULT_CONFIG, decide, evolve, initialState, view, type BySeat, type Config, type GameEvent, type Result, type Seat, type Variant, other } from '../engine/index.ts';
import { newMemory, remember, rng, STRATEGIES, type Strategy, type StrategyName } from './index.ts';

export function playLocalGame(config: Config, serverSeed: string, bots: BySeat<StrategyName>, seed: number): { result: Result; moves: number } {
  return playStrategies(config, serverSeed, { forehand: STRATEGIES[bots.forehand], dealer: STRATEGIES[bots.dealer] }, seed);
}

/**
 * One game of two strategies in-process. Each sees only its own views (and remembers every one
 * it is shown, as a client of the API does); `onMove` hears how long each decision took.
 */
export function playStrategies(
  config: Config,
  serverSeed: string,
  bots: BySeat<Strategy>,
  seed: number,
  onMove?: (seat: Seat, ms: number) => void,
): { result: Result; moves: number; events: GameEvent[] } {
  let state = initialState(config, serverSeed);
  const events: GameEvent[] = [];
  const memory = { forehand: newMemory(), dealer: newMemory() };
  const pick = rng(seed);
  let moves = 0;
  while (state.phase !== 'finished') {
    // biome-ignore lint/style/noNonNullAssertion: a game that is not finished has a seat to move
    const seat = state.toMove!;
    const v = view(state, seat);
    remember(memory[seat], v);
    const started = performance.now();
    const move = bots[seat](v, memory[seat], pick);
    onMove?.(seat, performance.now() - started);
    const d = decide(state, seat, move);
    if (!d.ok) throw new Error(`${seat} made an illegal move ${JSON.stringify(move)}: ${d.error.code}`);
    for (const e of d.events) state = evolve(state, e);
    events.push(...d.events);
    // Both seats see the state after every move (as each client's next view shows it).
    if (state.phase !== 'finished') remember(memory[other(seat)], view(state, other(seat)));
    moves++;
  }
  // biome-ignore lint/style/noNonNullAssertion: the loop ends when the game is finished, and a finished game has its result
  return { result: state.result!, moves, events };
}

export interface SideTally {
  strategy: StrategyName;
  /** Sum of the score-sheet figures written for this side. */
  score: number;
  /** Games this side won (declarer won, or as defender the declarer lost; ramsch: the lower side). */
  won: number;
  declared: number;
  declaredWon: number;
}

/** What tallying needs of a result: the engine's, or the one an HTTP view carries. */
export type ResultLike = Pick<Result, 'passedIn' | 'won' | 'scores'> & {
  declarer: Seat | null;
  resigned: Seat | null;
  timedOut: Seat | null;
};

/** Who won a finished game (null: passed in, or a draw). */
export function winnerOf(result: ResultLike): Seat | null {
  if (result.passedIn || result.won === null) return null;
  if (result.declarer === null) {
    const quitter = result.resigned ?? result.timedOut;
    return quitter === 'forehand' ? 'dealer' : quitter === 'dealer' ? 'forehand' : null;
  }
  const other: Seat = result.declarer === 'forehand' ? 'dealer' : 'forehand';
  return result.won ? result.declarer : other;
}

export const newTally = (strategy: StrategyName): SideTally => ({ strategy, score: 0, won: 0, declared: 0, declaredWon: 0 });

export function tally(side: SideTally, seat: Seat, result: ResultLike): void {
  side.score += result.scores[seat];
  if (winnerOf(result) === seat) side.won++;
  if (result.declarer === seat) {
    side.declared++;
    if (result.won) side.declaredWon++;
  }
}

/**
 * `games` games of `a` against `b`, seats alternating (game i: `a` is forehand when i is even).
 * Deterministic for a seed.
 */
export function selfPlay(a: StrategyName, b: StrategyName, games: number, variant: Variant, seed = 1) {
  const config: Config = { ...DEFAULT_CONFIG, variant };
  const sides = { a: newTally(a), b: newTally(b) };
  let moves = 0;
  for (let i = 0; i < games; i++) {
    const aSeat: Seat = i % 2 === 0 ? 'forehand' : 'dealer';
    const bSeat: Seat = aSeat === 'forehand' ? 'dealer' : 'forehand';
    const serverSeed = (seed * 1_000_003 + i).toString(16).padStart(64, '0');
    const bots = aSeat === 'forehand' ? { forehand: a, dealer: b } : { forehand: b, dealer: a };
    const played = playLocalGame(config, serverSeed, bots, seed * 7919 + i);
    tally(sides.a, aSeat, played.result);
    tally(sides.b, bSeat, played.result);
    moves += played.moves;
  }
  return { games, moves, ...sides };
}
