// What the store throws on purpose, and how a driver's Postgres error is recognised.
import { DomainError } from '../errors.ts';

/** Another writer changed the game first; nothing of this write was kept. Reload and retry. */
export class VersionConflictError extends Error {
  override name = 'VersionConflictError';
  constructor(
    readonly gameId: string,
    readonly expectedVersion: number,
  ) {
    super(`game ${gameId} is no longer at version ${expectedVersion}`);
  }
}

/**
 * The same player's `Idempotency-Key` was stored meanwhile by another request (for another
 * write). Nothing of this write was kept; read the stored answer with `getIdempotent`.
 */
export class IdempotencyConflictError extends Error {
  override name = 'IdempotencyConflictError';
  constructor(
    readonly playerId: string,
    readonly key: string,
  ) {
    super(`idempotency key ${JSON.stringify(key)} is already used`);
  }
}

/**
 * A list's cursor that this service did not hand out: the request's fault, so a refusal like any
 * other (INVALID_CURSOR), whichever list read it; no service translates it.
 */
export class InvalidCursorError extends DomainError {
  constructor() {
    super('INVALID_CURSOR', 'the cursor was not handed out by this service');
  }
}

export interface PgErrorInfo {
  code: string;
  constraint: string | undefined;
}

/**
 * The SQLSTATE behind an error, or null. drizzle wraps driver errors in a DrizzleQueryError
 * whose `cause` is the driver's: postgres.js names the constraint `constraint_name`,
 * PGlite (pg-protocol) `constraint`.
 */
export function pgErrorOf(error: unknown): PgErrorInfo | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const r = e as { code?: unknown; constraint?: unknown; constraint_name?: unknown };
    if (typeof r.code === 'string' && /^[0-9A-Z]{5}$/.test(r.code)) {
      const constraint = r.constraint_name ?? r.constraint;
      return { code: r.code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
  }
  return null;
}

export const UNIQUE_VIOLATION = '23505';

/**
 * An internal error's message as a log line may carry it, the same everywhere (the edge's error
 * handler, the sweeper, a match's step). A database error is named by its SQLSTATE (and
 * constraint) only: drizzle's message holds the failed query with its parameters (event payloads
 * with cards, a new game's seed). Whatever else the message says is scrubbed as a second guard:
 * drizzle's `params:` part, anything shaped like a token, a long hex string (a seed, a key) and
 * every card.
 */
export function scrubbedMessage(error: unknown): string {
  const pg = pgErrorOf(error);
  if (pg) return `database error ${pg.code}${pg.constraint ? ` on ${pg.constraint}` : ''}`;
  const message = scrub(error instanceof Error ? error.message : String(error));
  // drizzle's "Failed query" says which query, not why: the innermost cause says that (a driver's
  // error without a SQLSTATE, a TypeError), by name, code and message, scrubbed the same way.
  let cause: unknown = error;
  for (let depth = 0; depth < 5 && cause instanceof Error && cause.cause instanceof Error; depth++) cause = cause.cause;
  if (cause === error || !(cause instanceof Error)) return message.slice(0, 500);
  const code = (cause as { code?: unknown }).code;
  return `${message.slice(0, 400)} (cause: ${cause.name}${typeof code === 'string' ? ` ${code}` : ''}: ${scrub(cause.message).slice(0, 200)})`;
}

const scrub = (text: string) =>
  text
    .replace(/\nparams:[\s\S]*$/, '\nparams: (not logged)')
    .replace(/\b(Bearer\s+)?[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/gi, '(token)')
    .replace(/\b[0-9a-f]{32,}\b/gi, '(hex)')
    .replace(/\b[CSHD][789TJQKA]\b/g, '??');
