// Playing against the computer without a second person: the browser seats a second guest player
// (its own token) and plays that seat with the project's own strategies (src/bots, on the pure
// engine, running here) through the same public API, the long poll and all. The server knows
// nothing of it: to the service it is just another player. Two levels: easy is `greedy`, on the
// page's thread (it decides in well under a millisecond); strong is `star` (docs/solver.md), in a
// Web Worker: its whole decision keeps to one budget a card (600 ms), measured in Chromium at
// well under a second a move (docs/benchmarks.md); `pimc` if the page is told so (the key below).
import { playGame, type GameView, type Move, type SkatClient } from '@offiziersskat/client';
import { greedy } from '../../src/bots/greedy.ts';
import { rng } from '../../src/bots/rng.ts';
import { newMemory, remember } from '../../src/bots/strategy.ts';
import ComputerWorker from './computer-worker.ts?worker';
import type { FromWorker, ToWorker, WorkerStrategy } from './computer-worker.ts';

export const LEVELS = ['easy', 'strong'] as const;
export type Level = (typeof LEVELS)[number];

const LEVEL_KEY = 'offiziersskat:computer-level';
/** The strong level's thinking time per card, ms (a test may set it lower: the key below). */
const BUDGET_KEY = 'offiziersskat:computer-time-ms';
/** The strong level's strategy: star unless this says pimc (to compare them in a browser). */
const STRATEGY_KEY = 'offiziersskat:computer-strategy';
/** Each strong decision's time, from the page's question to the worker's answer, as a User Timing measure of this name. */
const MOVE_MEASURE = 'computer-move';

const stored = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

/** The level last chosen in this browser (easy until one is chosen). */
export function computerLevel(): Level {
  const level = stored(LEVEL_KEY);
  return level === 'strong' ? 'strong' : 'easy';
}

export function setComputerLevel(level: Level): void {
  try {
    localStorage.setItem(LEVEL_KEY, level);
  } catch {
    // storage off: the level lasts as long as the page
  }
}

export interface ComputerOptions {
  /** A pause before each move, so a person can follow the cards (ms). */
  delayMs: number;
  signal: AbortSignal;
  level?: Level;
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/** A chooser and what to do with each view the seat receives. */
interface Player {
  choose(view: GameView): Promise<Move>;
  see(view: GameView): void;
  close(): void;
}

function easy(seed: number): Player {
  const memory = newMemory();
  const pick = rng(seed);
  return { choose: async (view) => greedy(view, memory, pick), see: (view) => remember(memory, view), close: () => {} };
}

/** The strong computer's worker could not start in this browser: the game cannot go on with it. */
export class ComputerUnavailable extends Error {}

function strong(seed: number): Player {
  const worker = new ComputerWorker();
  const post = (message: ToWorker) => worker.postMessage(message);
  const waiting = new Map<number, { resolve: (m: Move) => void; reject: (e: Error) => void }>();
  const askedAt = new Map<number, number>();
  let next = 0;
  worker.onmessage = ({ data }: MessageEvent<FromWorker>) => {
    const w = waiting.get(data.id);
    waiting.delete(data.id);
    const asked = askedAt.get(data.id);
    askedAt.delete(data.id);
    if (asked !== undefined) performance.measure(MOVE_MEASURE, { start: asked, end: performance.now() });
    if ('move' in data) w?.resolve(data.move);
    else w?.reject(new Error(data.error));
  };
  // A worker that cannot start (its script refused by a proxy's or an extension's policy, gone
  // after an update, or out of memory for the solver's table) would leave the page waiting for
  // its move for ever: the game says so instead.
  let failed: Error | null = null;
  worker.onerror = (event) => {
    event.preventDefault();
    failed = new ComputerUnavailable(event.message || 'its worker failed');
    for (const w of waiting.values()) w.reject(failed);
    waiting.clear();
  };
  const timeMs = Number(stored(BUDGET_KEY)) || undefined;
  const strategy: WorkerStrategy = stored(STRATEGY_KEY) === 'pimc' ? 'pimc' : 'star';
  post({ type: 'start', seed, strategy, options: timeMs ? { timeMs } : {} });
  return {
    choose: (view) =>
      new Promise<Move>((resolve, reject) => {
        if (failed) return reject(failed);
        const id = next++;
        waiting.set(id, { resolve, reject });
        askedAt.set(id, performance.now());
        post({ type: 'choose', id, view });
      }),
    see: (view) => post({ type: 'view', view }),
    close: () => worker.terminate(),
  };
}

/** Plays the computer's seat of `gameId` until the game ends or `signal` aborts. */
export async function playComputerSeat(computer: SkatClient, gameId: string, options: ComputerOptions): Promise<GameView> {
  const seed = crypto.getRandomValues(new Uint32Array(1))[0];
  const player = (options.level ?? computerLevel()) === 'strong' ? strong(seed) : easy(seed);
  try {
    const first = await computer.getGame(gameId, { signal: options.signal });
    return await playGame(
      computer,
      first,
      async (view) => {
        await pause(options.delayMs, options.signal);
        return player.choose(view);
      },
      // The long poll, not a second stream: the page's table holds the game's event stream already,
      // and a browser keeps at most six connections to a host over HTTP/1.1.
      { signal: options.signal, onView: (view) => player.see(view), protocol: 'longpoll' },
    );
  } finally {
    player.close();
  }
}
