// A refused request as one error type: the HTTP status and the RFC 9457 problem the service sent.
import type { components } from './generated/api-types.ts';

export type Problem = components['schemas']['Problem'];
export type GameView = components['schemas']['GameView'];

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** The problem+json body, or null when the answer was not one (a proxy's page, no body). */
    readonly problem: Problem | null,
    /** What was asked, e.g. `POST /v1/games/{gameId}/moves`. */
    readonly request: string,
  ) {
    super(`${request}: ${status} ${problem?.code ?? `HTTP_${status}`}${problem?.detail ? ` (${problem.detail})` : ''}`);
  }

  /** The service's stable machine code (`VERSION_CONFLICT`, `MUST_FOLLOW_SUIT`, …), or `HTTP_<status>`. */
  get code(): string {
    return this.problem?.code ?? `HTTP_${this.status}`;
  }

  get detail(): string {
    return this.problem?.detail ?? '';
  }

  /** The caller's current view, which a `409 VERSION_CONFLICT` carries: decide again from it. */
  get view(): GameView | undefined {
    return this.problem?.view;
  }
}

/**
 * Why the service refused the caller's token: `expired` (a token renews itself in time; once it has
 * ended, only a new sign-in helps), `revoked` (signed out, by its owner or a password change), or
 * `unknown` (not a token of this service, or its player is gone: another database, say).
 */
export type TokenRefusal = 'expired' | 'revoked' | 'unknown';

/** The refusal of the caller's token that `e` is, or null for any other error. */
export function tokenRefusal(e: unknown): TokenRefusal | null {
  if (!(e instanceof ApiError) || e.status !== 401) return null;
  return e.code === 'TOKEN_EXPIRED' ? 'expired' : e.code === 'TOKEN_REVOKED' ? 'revoked' : e.code === 'INVALID_TOKEN' ? 'unknown' : null;
}

export const isApiError = (e: unknown, code?: string): e is ApiError => e instanceof ApiError && (code === undefined || e.code === code);

/** A problem body from whatever openapi-fetch parsed (text that was not JSON stays a string). */
export function problemOf(error: unknown): Problem | null {
  return error !== null && typeof error === 'object' && typeof (error as Problem).code === 'string' ? (error as Problem) : null;
}

export const isAbort = (e: unknown): boolean => e instanceof Error && e.name === 'AbortError';
