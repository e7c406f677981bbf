// What the pool and its threads say to each other (pool.ts, worker.ts).
import type { Config, GameEvent } from '../engine/index.ts';
import type { AnalysisBody } from './result.ts';
import type { Lens } from './schemas.ts';

/** One analysis to make. */
export interface JobRequest {
  lens: Lens;
  config: Config;
  serverSeed: string;
  events: GameEvent[];
  /** Seat lens: worlds per card, and the seed of their draws. */
  samples: number;
  seed: number;
}

/** A thread's answers: progress as it goes, then the analysis or why there is none. */
export type JobMessage = { type: 'progress'; done: number } | { type: 'done'; body: AnalysisBody } | { type: 'failed'; error: string };
