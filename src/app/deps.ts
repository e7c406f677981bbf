// What the app is built from: the platform's parts and every feature's services. Handed in,
// never global, so tests build their own.
import type { AccountService } from '../accounts/index.ts';
import type { AnalysisService } from '../analysis/index.ts';
import type { ExportService } from '../exports/index.ts';
import type { GameService } from '../games/index.ts';
import type { MatchService } from '../matches/index.ts';
import type { OAuthService } from '../oauth/index.ts';
import type { Routes } from '../platform/feature.ts';
import type { PlatformDeps } from '../platform/http/deps.ts';
import type { AppConfig } from './config.ts';
import type { PlayerService } from '../players/index.ts';
import type { RatingService } from '../ratings/index.ts';
import type { SeekService } from '../seeks/index.ts';
import type { TournamentService } from '../tournaments/index.ts';

export { DEFAULT_TIMING } from '../platform/http/deps.ts';

export interface AppDeps extends PlatformDeps {
  /** The platform's settings and every feature's (src/app/config.ts). */
  config: AppConfig;
  /** Players: guests, those behind external tokens, and what a player asks about itself (src/players). */
  players: PlayerService;
  /** Accounts, sign-in and the players' tokens (src/accounts). */
  accounts: AccountService;
  /** Third-party apps: OAuth 2.0, their grants and tokens (src/oauth). */
  oauth: OAuthService;
  /** The games' use cases (src/games). */
  games: GameService;
  /** The computer analysis of finished games (src/analysis). */
  analysis: AnalysisService;
  /** The matches' use cases (src/matches). */
  matches: MatchService;
  /** Ratings, their history and the leaderboards (src/ratings). */
  ratings: RatingService;
  /** The exports of finished games (src/exports). */
  exports: ExportService;
  /** The pairing pool (src/seeks). */
  seeks: SeekService;
  /** Arenas and Swiss events (src/tournaments). */
  tournaments: TournamentService;
  /** Every feature's routes, in the order the app mounts them (src/app/features.ts). */
  routes: Routes[];
}
