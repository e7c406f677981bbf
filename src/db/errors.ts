// What the store throws on purpose, and how a driver's Postgres error is recognised.

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

/** A lobby cursor that this service did not hand out. */
export class InvalidCursorError extends Error {
  override name = 'InvalidCursorError';
  constructor() {
    super('malformed cursor');
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
