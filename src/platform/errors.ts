// What the service refuses, in the service's own words: a stable code, a human detail and the
// facts a client needs to act on it. No HTTP here: the edge (src/platform/http/problems.ts) gives each
// code its status, and the OpenAPI document lists the codes every operation can answer.
//
// Every code belongs to the one who raises it: the engine (a move's refusals), the platform (below),
// or a feature, which declares its own in src/<feature>/refusals.ts with their problem entries and
// adds them to `Refusals` (declaration merging), so `new DomainError('GAME_NOT_FOUND', …)` is
// checked wherever it is written, and a code two features both declare is a type error.
import type { AuthErrorCode } from './auth/errors.ts';
import type { EngineErrorCode } from '../engine/index.ts';

/**
 * The refusals the platform raises below the edge: a forged cursor (db/cursor.ts), an
 * Idempotency-Key used with another request or still being answered (http/idempotency.ts), and
 * the capacity the platform guards: the process cannot take one more waiting request (a long poll
 * or a stream), the database is away or too slow to answer in time, or the process is shutting down.
 */
export type PlatformRefusalCode = 'INVALID_CURSOR' | 'IDEMPOTENCY_KEY_REUSED' | 'IDEMPOTENCY_KEY_IN_USE' | 'TOO_MANY_WAITERS' | 'DATABASE_UNAVAILABLE' | 'SHUTTING_DOWN';

/**
 * Every refusal code, each to its owner: the platform's and the engine's here, each feature's added
 * by its refusals.ts:
 *
 * ```ts
 * declare module '../platform/errors.ts' {
 *   interface Refusals extends Record<keyof typeof GAME_REFUSALS, 'games'> {}
 * }
 * ```
 */
export interface Refusals extends Record<PlatformRefusalCode | AuthErrorCode, 'platform'>, Record<EngineErrorCode, 'engine'> {}

export type DomainErrorCode = keyof Refusals;

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
