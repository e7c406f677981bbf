// When the database is away or too slow: every call to the Postgres server is bounded in time,
// and every failure that says "the database is unavailable" (not "this request is wrong") becomes
// one refusal, DATABASE_UNAVAILABLE, which the HTTP edge answers 503 with Retry-After. A caller
// never waits longer than the acquire timeout for a connection, nor longer than the statement
// timeout (plus a margin for the answer to arrive) once its statement runs.
//
// Such a refusal does not say the write was not made: a statement that started may still
// commit, and one that waited may still run once the database is back. A client retries with the
// same Idempotency-Key or expectedVersion, which makes the retry safe either way.
import type postgres from 'postgres';
import { DomainError } from '../errors.ts';
import { pgErrorOf } from './errors.ts';

export interface CallLimits {
  /** How long a call waits for a connection (in postgres.js's queue) before it is refused. */
  acquireMs: number;
  /** The server's statement_timeout (0: none); a started call is given this plus a margin. */
  statementMs: number;
  /** How often a transaction that ends in a conflict (isConflict) runs in all (default 3; 1: never again). */
  transactionAttempts?: number;
}

/** Time for the server's own statement-timeout error to arrive before the client gives up. */
const ANSWER_MARGIN_MS = 1000;

export const databaseUnavailable = (detail: string, cause?: unknown) => {
  const error = new DomainError('DATABASE_UNAVAILABLE', detail);
  if (cause !== undefined) Object.defineProperty(error, 'cause', { value: cause, enumerable: false });
  return error;
};

/** postgres.js's own connection errors, and the socket errors of node:net. */
const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot serve now: a connection exception (class 08), shutting down
 * or starting up (57P01-57P03), a statement or lock timeout (57014, 55P03), an idle transaction
 * ended (25P03), no room (class 53: connections, memory, disk). During a failover (deploy/ha/)
 * also a write on a node that is, or has just become, a standby (25006 read_only_sql_transaction);
 * the HA engine ending the old primary's sessions is 57P01 (admin_shutdown), above.
 */
const isUnavailableState = (code: string) =>
  code.startsWith('08') || code.startsWith('53') || ['57P01', '57P02', '57P03', '57014', '55P03', '25P03', '25006'].includes(code);

/**
 * DATABASE_UNAVAILABLE for an error that means the database is away or too slow (anywhere in its
 * `cause` chain: drizzle wraps the driver's errors), else null.
 */
export function unavailableOf(error: unknown): DomainError | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DomainError) return e.code === 'DATABASE_UNAVAILABLE' ? e : null;
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (CONNECTION_CODES.has(code)) return databaseUnavailable(`the database cannot be reached (${code})`, error);
    if (/^[0-9A-Z]{5}$/.test(code) && isUnavailableState(code))
      return databaseUnavailable(code === '57014' ? 'the database did not answer in time' : `the database cannot serve now (${code})`, error);
  }
  return null;
}

const mapped = (error: unknown) => unavailableOf(error) ?? error;

/**
 * A transaction the server rolled back because it conflicted with others: a deadlock (40P01), a
 * serialization failure (40001). Nothing of it was kept, and the same transaction run again may
 * well commit. Not "unavailable" (unavailableOf): a caller may rather split a failed batch.
 */
export function isConflict(error: unknown): boolean {
  const code = pgErrorOf(error)?.code;
  return code === '40P01' || code === '40001';
}

/**
 * DATABASE_UNAVAILABLE (503, Retry-After) for a conflict that outlived its retries (a
 * transaction's, see guardedClient) or a single statement's, else null: the request may well
 * succeed when sent again, so it is no internal error.
 */
export function conflictOf(error: unknown): DomainError | null {
  return isConflict(error) ? databaseUnavailable('the write conflicted with concurrent ones; nothing of it was kept', error) : null;
}

/** A conflict's losers start again a few milliseconds apart, not all at once. */
const conflictPause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20 * attempt));

/**
 * Settles with `run`'s outcome, or refuses when `started()` is still false after acquireMs, or
 * when the statement time (plus a margin) has passed since then.
 */
function bounded<T>(limits: CallLimits, started: () => boolean, run: () => Promise<T>, onAbandon: () => void = () => {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (settle: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      settle();
    };
    const giveUp = (detail: string) =>
      finish(() => {
        onAbandon();
        reject(databaseUnavailable(detail));
      });
    timer = setTimeout(() => {
      if (!started()) return giveUp(`no database connection within ${limits.acquireMs} ms`);
      if (limits.statementMs > 0)
        timer = setTimeout(() => giveUp('the database did not answer in time'), limits.statementMs + ANSWER_MARGIN_MS);
    }, limits.acquireMs);
    run().then(
      (value) => finish(() => resolve(value)),
      (error) => finish(() => reject(mapped(error))),
    );
  });
}

type AnyQuery = postgres.PendingQuery<postgres.Row[]> & { state: unknown };

/** One query of postgres.js, bounded: `state` is set when the driver hands it to a connection. */
function boundedQuery<T>(limits: CallLimits, query: AnyQuery): Promise<T> {
  // A postgres.js query is a promise of its rows, whose type the caller names (drizzle's T).
  return bounded(limits, () => query.state !== null && query.state !== undefined, () => query as unknown as Promise<T>);
}

/**
 * The postgres.js client as drizzle uses it (`unsafe`, `begin`, `options`), with every call
 * bounded and its unavailability mapped. A transaction that gets its connection after it was
 * given up rolls back at once instead of running late.
 */
export function guardedClient(sql: postgres.Sql, limits: CallLimits): postgres.Sql {
  const unsafe = (text: string, params?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) => {
    // Prepared (named, parsed once per connection): drizzle asks postgres.js for unnamed statements,
    // which cost a second round trip each (Parse/Describe, then Bind/Execute). Through a pooler in
    // transaction mode the client's own `prepare: false` still wins (client.ts).
    // postgres.js's types leave out `state`, which its pending queries have (read by boundedQuery).
    const query = sql.unsafe(text, datesAsText(params), { ...options, prepare: true }) as unknown as AnyQuery;
    return {
      values: () => boundedQuery(limits, query.values() as unknown as AnyQuery), // `state` again, as above
      // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose: drizzle awaits the query it is handed
      then: <A, B>(ok?: (rows: unknown) => A, fail?: (e: unknown) => B) => boundedQuery(limits, query).then(ok, fail),
    };
  };
  const attempts = limits.transactionAttempts ?? 3;
  const begin = (...args: unknown[]) => {
    const fn = args.pop() as (tx: postgres.TransactionSql) => Promise<unknown>;
    let started = false;
    let abandoned = false;
    const once = () =>
      sql.begin((args[0] as string | undefined) ?? '', async (tx) => {
        if (abandoned) throw databaseUnavailable('given up before the transaction began');
        started = true;
        return fn(preparing(tx));
      });
    // A transaction the server rolled back for a conflict (a deadlock victim) runs again, whole,
    // within the same time bound: it kept nothing, and its callback only writes through `tx`.
    const run = async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await once();
        } catch (error) {
          if (abandoned || attempt >= attempts || !isConflict(error)) throw error;
          await conflictPause(attempt);
        }
      }
    };
    return bounded(limits, () => started, run, () => (abandoned = true));
  };
  return new Proxy(sql, {
    get(target, key, receiver) {
      if (key === 'unsafe') return unsafe;
      if (key === 'begin') return begin;
      return Reflect.get(target, key, receiver);
    },
  });
}

/**
 * A Date among a statement's parameters as ISO text. drizzle's driver makes postgres.js pass
 * timestamp parameters through untouched, expecting text (its columns convert their own values),
 * so a Date in a raw `sql` template would fail to serialize; postgres.js then rejects whichever
 * query is in flight on that connection, not always the one at fault.
 */
function datesAsText(params?: postgres.ParameterOrJSON<never>[]): postgres.ParameterOrJSON<never>[] | undefined {
  if (!params?.some((p) => p instanceof Date)) return params;
  return params.map((p) => (p instanceof Date ? (p.toISOString() as never) : p));
}

/** A transaction's client whose statements are prepared too (see guardedClient). */
function preparing(tx: postgres.TransactionSql): postgres.TransactionSql {
  const unsafe = (text: string, params?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
    tx.unsafe(text, datesAsText(params), { ...options, prepare: true });
  return new Proxy(tx, { get: (target, key, receiver) => (key === 'unsafe' ? unsafe : Reflect.get(target, key, receiver)) });
}

/** Resolves `check()`'s answer, or false when it has not answered within `ms`. */
export async function answersWithin(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([check().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}
