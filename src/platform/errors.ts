// What the service refuses, in the service's own words: a stable code, a human detail and the
// facts a client needs to act on it. No HTTP here: the edge (src/platform/http/problems.ts) gives each
// code its status, and the OpenAPI document lists the codes every operation can answer.
import type { AuthErrorCode } from './auth/errors.ts';
import type { EngineErrorCode } from '../engine/index.ts';

/** Refusals of the game commands and reads (the engine's own codes aside). */
export type GameRefusalCode =
  | 'GAME_NOT_FOUND'
  | 'NOT_A_PLAYER'
  | 'SEAT_RESERVED'
  | 'SEAT_TAKEN'
  | 'ALREADY_SEATED'
  | 'GAME_NOT_STARTED'
  | 'VERSION_CONFLICT'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'IDEMPOTENCY_KEY_IN_USE'
  | 'INVALID_OPPONENT'
  | 'INVALID_CURSOR'
  | 'RECORD_NOT_AVAILABLE'
  | 'NO_DEADLINE'
  | 'DEADLINE_NOT_REACHED'
  | 'YOUR_TURN'
  | 'GAME_NOT_FINISHED'
  | 'MATCH_GAME'
  | 'GAME_STARTED'
  | 'GAME_CANCELLED'
  | 'NOT_YOUR_GAME'
  | 'NOT_YOUR_CHALLENGE'
  | 'PLAYER_NOT_FOUND'
  | 'TOO_MANY_WAITING_GAMES'
  | 'RATED_NEEDS_ACCOUNT'
  | 'RATED_WITH_SEED'
  | 'RATED_TURN_SECONDS';

/** Refusals of the pairing pool (src/seeks). */
export type SeekRefusalCode = 'SEEK_NOT_FOUND' | 'NOT_YOUR_SEEK' | 'SEEK_PAIRED' | 'TOO_MANY_SEEKS';

/** Refusals of the tournaments (src/tournaments). */
export type TournamentRefusalCode =
  | 'TOURNAMENT_NOT_FOUND'
  | 'TOURNAMENT_OPTIONS'
  | 'TOURNAMENT_STARTS_AT'
  | 'TOO_MANY_TOURNAMENTS'
  | 'TOURNAMENT_FINISHED'
  | 'TOURNAMENT_FULL'
  | 'TOURNAMENT_ENTRY_CLOSED'
  | 'BOTS_NOT_ALLOWED'
  | 'BOTS_ONLY'
  | 'NOT_IN_TOURNAMENT'
  | 'ALREADY_WITHDRAWN';

export type MatchRefusalCode = 'MATCH_NOT_FOUND' | 'ALREADY_IN_MATCH' | 'MATCH_FULL' | 'MATCH_STARTED' | 'MATCH_CANCELLED' | 'NOT_YOUR_MATCH' | 'TOO_MANY_WAITING_MATCHES';

/** Refusals of sign-up, sign-in and a player's tokens (src/accounts). */
export type AccountRefusalCode =
  | 'USERNAME_TAKEN'
  | 'WEAK_PASSWORD'
  | 'INVALID_CREDENTIALS'
  | 'WRONG_PASSWORD'
  | 'ACCOUNT_REQUIRED'
  | 'NOT_A_GUEST'
  | 'TOKEN_NOT_FOUND'
  | 'TOO_MANY_TOKENS';

// oauth
/** Refusals of the apps' calls under /v1 (src/oauth); the token endpoint answers RFC 6749 errors instead. */
export type OAuthRefusalCode = 'AUTHORIZATION_REQUEST_INVALID' | 'USER_CODE_NOT_FOUND' | 'GRANT_NOT_FOUND';
// oauth end

/** Refusals of the computer analysis (src/analysis). */
export type AnalysisRefusalCode = 'ANALYSIS_NOT_FOUND' | 'TOO_MANY_ANALYSES';

/**
 * The process cannot take one more waiting request (a long poll or a stream) or export now, the
 * database is away or too slow to answer in time, or the process is shutting down.
 */
export type CapacityCode = 'TOO_MANY_WAITERS' | 'TOO_MANY_EXPORTS' | 'ANALYSIS_QUEUE_FULL' | 'DATABASE_UNAVAILABLE' | 'SHUTTING_DOWN';

export type DomainErrorCode = EngineErrorCode | AuthErrorCode | GameRefusalCode | MatchRefusalCode | SeekRefusalCode | TournamentRefusalCode | AccountRefusalCode | OAuthRefusalCode | AnalysisRefusalCode | CapacityCode;

/**
 * A refusal: thrown (or returned) anywhere below the HTTP edge. `extra` holds the facts that
 * come with it (the current view on a version conflict, the deadline not yet reached).
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: DomainErrorCode,
    readonly detail: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(`${code}: ${detail}`);
  }
}
