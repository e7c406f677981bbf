// What the HTTP layer is built from. Handed in, never global, so tests build their own.
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { MatchStore } from '../db/matches.ts';
import type { Store } from '../db/store.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { Seat } from '../engine/index.ts';
import type { GameCache } from './games/cache.ts';
import type { Logger } from './log.ts';
import type { GameNotifier } from './notifier.ts';

/** Server-side randomness: the seed of a deal, a cut when the client leaves it open, a seat. */
export interface Randomness {
  serverSeed(): string;
  cut(): number;
  seat(): Seat;
}

export interface AppDeps {
  config: AppConfig;
  database: Database;
  store: Store;
  tokens: TokenService;
  log: Logger;
  random: Randomness;
  notifier: GameNotifier;
  /** Games this process has lately read or written (see games/cache.ts). */
  games: GameCache;
  /** Matches and rematches. */
  matches: MatchStore;
  /** The service clock: turn deadlines and the time written with events. Tests move it. */
  now: () => Date;
  /** How long a long poll waits at most, and the SSE heartbeat interval. */
  timing: { longPollMs: number; heartbeatMs: number };
}

export const DEFAULT_TIMING = { longPollMs: 30_000, heartbeatMs: 15_000 };
