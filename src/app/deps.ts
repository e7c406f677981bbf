// What the HTTP layer is built from. Handed in, never global, so tests build their own.
import type { AccountService } from '../accounts/service.ts';
import type { TokenService } from '../platform/auth/tokens.ts';
import type { AppConfig } from '../platform/config.ts';
import type { GameExport } from '../exports/service.ts';
import type { CreateAnswerStore } from '../platform/db/create-answers.ts';
import type { GameService } from '../games/service.ts';
import type { Logger } from '../platform/log.ts';
import type { MatchService } from '../matches/service.ts';
import type { PlayerService } from '../players/service.ts';
import type { RatingService } from '../ratings/service.ts';
import type { SeekService } from '../seeks/service.ts';
import type { ServiceMetrics } from '../platform/http/metrics.ts';

export interface AppDeps {
  config: AppConfig;
  log: Logger;
  tokens: TokenService;
  /** Players: guests, those behind external tokens, and what a player asks about itself (src/players). */
  players: PlayerService;
  /** Accounts, sign-in and the players' tokens (src/accounts). */
  accounts: AccountService;
  /** The games' use cases (src/games). */
  games: GameService;
  /** The matches' use cases (src/matches). */
  matches: MatchService;
  /** Ratings, their history and the leaderboards (src/ratings). */
  ratings: RatingService;
  /** The exports of finished games (exports/service.ts). */
  exporter: GameExport;
  /** The pairing pool (src/seeks). */
  seeks: SeekService;
  /** The answers kept for create calls sent with an Idempotency-Key (platform/http/idempotent-create.ts). */
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
