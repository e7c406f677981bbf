// What every feature's routes may be built from, besides their own services. Handed in, never
// global, so tests build their own.
import type { TokenService } from '../auth/tokens.ts';
import type { PlatformConfig } from '../config.ts';
import type { CreateAnswerStore } from '../db/create-answers.ts';
import type { Logger } from '../log.ts';
import type { ServiceMetrics } from './metrics.ts';

export interface PlatformDeps {
  config: PlatformConfig;
  log: Logger;
  tokens: TokenService;
  /** The answers kept for create calls sent with an Idempotency-Key (idempotent-create.ts). */
  createAnswers: CreateAnswerStore;
  /** The process's metrics (GET /metrics, when configured). */
  metrics: ServiceMetrics;
  /** Whether the database answers and is migrated (`/readyz`). */
  ready: () => Promise<boolean>;
  /** True once the process is shutting down: new requests are refused (503 SHUTTING_DOWN). */
  stopping?: () => boolean;
  /** How long a long poll waits at most, and the SSE heartbeat interval. */
  timing: { longPollMs: number; heartbeatMs: number };
}

export const DEFAULT_TIMING = { longPollMs: 30_000, heartbeatMs: 15_000 };
