// What a feature is made from and what it gives back: each feature's factory (src/<feature>/create.ts)
// takes the platform's parts and the features it uses, and hands back its services, its routes and
// its work beside requests. src/app/features.ts calls the factories in order, as lila's Env files do.
import type { TokenService } from './auth/tokens.ts';
import type { PlatformConfig } from './config.ts';
import type { Database } from './db/client.ts';
import type { PlatformDeps } from './http/deps.ts';
import type { App } from './http/env.ts';
import type { Logger } from './log.ts';
import type { Notifier } from './streams/notifier.ts';

/** The platform's parts every feature may be built from. */
export interface Platform {
  config: PlatformConfig;
  database: Database;
  notifier: Notifier;
  tokens: TokenService;
  log: Logger;
  now: () => Date;
}

/** A feature's routes, built once the edge's parts (metrics, readiness, …) exist. */
export type Routes = (edge: PlatformDeps) => App;

/** What a sweep is run with. */
export interface SweepContext {
  at: Date;
  /** Answers kept for idempotent requests go this long after the request (IDEMPOTENCY_TTL_SECONDS). */
  idempotencyTtlMs: number;
  /** Runs one expiry: one that fails is logged and left for the next sweep (false). */
  attempt(expire: () => Promise<void>, id: string): Promise<boolean>;
}

/**
 * A retention sweep (src/platform/sweeper.ts runs them, one process at a time): what it ended or
 * forgot, counted under names of the sweep's outcome (`games`, `matches`, `answers`, `seeks`).
 */
export type Sweep = (context: SweepContext) => Promise<Record<string, number>>;

/** Work a feature does beside requests (a timer, worker threads): started with the service, stopped with it. */
export interface Background {
  start(): void;
  /** Stops, and waits for the work in flight. */
  stop(): Promise<void>;
}
