// Opens the database named by DATABASE_URL (embedded PGlite or a Postgres server) and
// brings it to the committed schema. Both drivers hide behind one `Database`: the drizzle handle,
// plain SQL, and LISTEN/NOTIFY. Nothing outside src/db asks which driver it has.

import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql as q } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { lockDataDir } from './data-dir-lock.ts';
import { answersWithin, guardedClient, type CallLimits } from './availability.ts';
import { type KeyLocks, processKeyLocks, sessionKeyLocks } from './key-locks.ts';

declare module 'postgres' {
  // postgres.js reads this option (its src/index.js) but its type declarations leave it out.
  interface Options<T extends Record<string, postgres.PostgresType>> {
    /** Queries sent on one connection before the first answer (0: one at a time); default 100. */
    max_pipeline?: number;
  }
}

export type Db = PgDatabase<PgQueryResultHKT>;

/**
 * A transaction of the drizzle handle (`db.transaction(async (tx) => …)`). A feature's function
 * that writes or locks inside another feature's transaction takes one: the caller's statements and
 * the owner's commit together (a Tx is a Db too, so such a function may also run on its own).
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One statement in plain SQL with $1, $2, … parameters: its rows. */
export type Query = <T extends Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export interface Database {
  db: Db;
  /** Which one it is, for logs and tests; code above src/db never branches on it. */
  driver: 'pglite' | 'postgres';
  /** One statement in plain SQL with $1, $2, … parameters: its rows. */
  query<T extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs `fn`'s statements (plain SQL, as `query`) in one transaction: committed when `fn`
   * resolves, rolled back when it throws. `fn` must make no other database call meanwhile (on
   * PGlite, one session, that call would wait for this transaction's end).
   */
  transaction<T>(fn: (query: Query) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` until the returned function
   * is called. `onReconnect` runs when the listening session was lost and has been opened again
   * (notifications sent in between are lost).
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Runs `fn` holding the advisory lock `key` on one session, if no other session (of any
   * process) holds it; false without running it when one does.
   */
  withAdvisoryLock(key: number, fn: () => Promise<void>): Promise<boolean>;
  /** Locks held on names while this process works on them, tried by any process without waiting (key-locks.ts). */
  keyLocks: KeyLocks;
  /** This process's connections to the server, busy (in a query or a transaction) and idle; null: none (embedded). */
  connections(): Promise<{ busy: number; idle: number } | null>;
  close(): Promise<void>;
}

/** Where DATABASE_URL points, in words for a log line (never the URL: it may hold a password). */
export function describeDatabase(url: string | undefined): string {
  if (url === undefined) return 'PGlite in ./.data';
  return url === 'memory://' ? 'in-memory PGlite' : 'postgres';
}

/** The application_name of this process's connections. */
const APPLICATION_NAME = `offiziersskat:${process.pid}`;

export interface OpenOptions {
  /** Where embedded PGlite keeps its files when no URL is given (default `./.data`). */
  dataDir?: string;
  /** postgres.js pool size (default 10). */
  poolSize?: number;
  /** Opening a connection to the server (default 5000 ms). */
  connectTimeoutMs?: number;
  /** Postgres: waiting for a connection, and the server's statement_timeout (see availability.ts). */
  limits?: CallLimits;
  /**
   * Postgres through a pooler in transaction mode (pgbouncer): every transaction may land on
   * another server session, so no prepared statements and no session settings on `url`; what needs
   * a session of its own (LISTEN, the migrations' and the sweeper's advisory locks) goes to
   * `sessionUrl`, a direct connection. The statement limits are then the pooler's to set (its
   * connect_query, or the database's defaults; deploy/).
   */
  transactionPooling?: boolean;
  /** A direct session connection to the same database (default: `url`). */
  sessionUrl?: string;
  /**
   * In-memory PGlite only: start from this dump of a data directory (PGlite's dumpDataDir)
   * instead of an empty one. The test suites start each database from one migrated once, which
   * skips PGlite's initdb (about 2 s of a core); the migrations still run and find nothing to do.
   */
  snapshot?: Blob;
}

export const DEFAULT_LIMITS: CallLimits = { acquireMs: 5000, statementMs: 5000 };

/**
 * postgres.js's pause before reconnecting grows with every failed attempt of the process (3^n/100 s,
 * up to 20 s by default), so a database back after a minute's absence waited up to 20 s more for
 * the next try. Here: 50 ms doubling, at most 1 s (a handful of connections trying once a second).
 */
const reconnectBackoff = (retries: number) => Math.min(0.05 * 2 ** Math.max(0, retries - 1), 1);

/**
 * Relative to this file, not the cwd, so the server and the tests find it from anywhere: two
 * levels up from src/platform/db/client.ts, one level up from the built dist/main.js.
 */
// biome-ignore lint/style/noNonNullAssertion: one of the two places holds the migrations in every layout the service runs from (sources or dist/); none: the start fails here
export const MIGRATIONS_FOLDER = ['../../../drizzle', '../drizzle']
  .map((path) => fileURLToPath(new URL(path, import.meta.url)))
  .find((dir) => existsSync(join(dir, 'meta', '_journal.json')))!;
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

// Any fixed number: every process of this service serialises its migrations on it.
const MIGRATION_LOCK = 0x05_6b_61_74; // "Skat"

export async function openDatabase(url: string | undefined, opts: OpenOptions = {}): Promise<Database> {
  if (url === undefined || url === 'memory://') {
    const dataDir = url === undefined ? (opts.dataDir ?? './.data') : undefined;
    // PGlite creates only the last directory of the path itself; no dataDir is in-memory.
    if (dataDir) await mkdir(dataDir, { recursive: true });
    // Loaded only when used: the embedded database's module alone is ~45 MB of RSS, which a
    // server on Postgres has no use for.
    const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const release = dataDir ? lockDataDir(dataDir) : () => {};
    let pglite: PGlite;
    try {
      pglite = await PGlite.create(dataDir ? { dataDir } : opts.snapshot ? { loadDataDir: opts.snapshot } : {});
    } catch (error) {
      release();
      throw error;
    }
    const db = drizzlePglite({ client: pglite });
    try {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } catch (error) {
      await pglite.close();
      release();
      throw error;
    }
    return pgliteDatabase(db, pglite, release);
  }

  if (/^postgres(ql)?:\/\//.test(url)) {
    const connectTimeout = (opts.connectTimeoutMs ?? 5000) / 1000;
    const limits = opts.limits ?? DEFAULT_LIMITS;
    const pooled = opts.transactionPooling ?? false;
    const sessionUrl = opts.sessionUrl ?? url;
    await migratePostgresServer(sessionUrl, connectTimeout);
    const options = (max: number, viaPooler: boolean): postgres.Options<Record<string, postgres.PostgresType>> => ({
      max,
      idle_timeout: 30,
      connect_timeout: connectTimeout,
      backoff: reconnectBackoff,
      onnotice: () => {},
      // A pooler in transaction mode hands each transaction to any server session: a statement
      // prepared on one would be missing on the next.
      prepare: !viaPooler,
      // Through a pooler, one query at a time per connection (postgres.js pipelines up to 100 by
      // default). pgbouncer 1.18 in transaction mode hands the server back at the first
      // ReadyForQuery even when the client has already sent the next query on that connection:
      // a pipelined query could then wait forever for its answer (503 after the statement time).
      max_pipeline: viaPooler ? 0 : 100,
      // Every session's own limits, sent with its start-up message: a statement (a lock wait
      // included) and a transaction left idle (a client gone mid-transaction) are ended by the
      // server. (A pooler refuses start-up settings it does not know: there the pooler sets them.)
      // The application name marks this process's connections in pg_stat_activity (Database.connections).
      connection: {
        application_name: APPLICATION_NAME,
        ...(!viaPooler && limits.statementMs > 0 ? { statement_timeout: limits.statementMs, idle_in_transaction_session_timeout: limits.statementMs } : {}),
      },
    });
    const sql = postgres(url, options(opts.poolSize ?? 10, pooled));
    // LISTEN and advisory locks: on the pool itself, unless that goes through a transaction pooler.
    const session = pooled || sessionUrl !== url ? postgres(sessionUrl, options(2, false)) : sql;
    const guarded = guardedClient(sql, limits);
    // A session of its own for the key locks, never closed while the process runs (key-locks.ts).
    const keyLocks = sessionKeyLocks(() => postgres(sessionUrl, { ...options(1, false), idle_timeout: 0, max_lifetime: null }), limits);
    return postgresDatabase(drizzlePostgres({ client: guarded }), { sql, session, guarded, prepare: !pooled, keyLocks });
  }

  throw new Error('DATABASE_URL: expected memory://, postgres://… or postgresql://…');
}

function pgliteDatabase(db: Db, pglite: PGlite, release: () => void): Database {
  // One session for everyone: an advisory lock is re-entrant on it, so the locks held through
  // this Database are counted here too.
  const held = new Set<number>();
  return {
    db,
    driver: 'pglite',
    query: async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) => (await pglite.query<T>(text, params)).rows,
    transaction: (fn) => pglite.transaction((tx) => fn(async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) => (await tx.query<T>(text, params)).rows)),
    // PGlite is one session: it never loses its LISTEN.
    listen: async (channel, onNotify) => {
      const unlisten = await pglite.listen(channel, onNotify);
      // Unlistening at close: a database closed already has nothing left to stop.
      return () => unlisten().catch(() => {});
    },
    notify: async (channel, payload) => {
      await pglite.query('select pg_notify($1, $2)', [channel, payload]);
    },
    withAdvisoryLock: async (key, fn) => {
      if (held.has(key)) return false;
      held.add(key);
      try {
        const [{ locked }] = (await pglite.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key])).rows;
        if (!locked) return false;
        try {
          await fn();
        } finally {
          await pglite.query('select pg_advisory_unlock($1)', [key]);
        }
        return true;
      } finally {
        held.delete(key);
      }
    },
    keyLocks: processKeyLocks(),
    connections: async () => null,
    close: async () => {
      await pglite.close();
      release();
    },
  };
}

interface PostgresClients {
  /** The pool every query uses (maybe through a pooler). */
  sql: postgres.Sql;
  /** Direct sessions: LISTEN and advisory locks (the pool itself when it is direct). */
  session: postgres.Sql;
  /** The pool with its calls bounded (availability.ts). */
  guarded: postgres.Sql;
  /** Whether the pool may prepare statements (not through a transaction pooler). */
  prepare: boolean;
  keyLocks: KeyLocks;
}

function postgresDatabase(db: Db, { sql, session: sessions, guarded, prepare, keyLocks }: PostgresClients): Database {
  return {
    db,
    driver: 'postgres',
    query: async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
      // The rows of a raw statement: their shape is what the caller's SQL selects (T).
      (await guarded.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare })) as unknown as T[],
    // Bounded as a whole (availability.ts): a transaction given up rolls back.
    transaction: <T>(fn: (query: Query) => Promise<T>) =>
      guarded.begin((tx) =>
        fn(async <R extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
          // The rows of a raw statement: their shape is what the caller's SQL selects (R).
          (await tx.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare })) as unknown as R[],
        ),
      ) as Promise<T>,
    listen: async (channel, onNotify, onReconnect) => {
      // postgres.js keeps one listening connection and listens again after losing it; it calls
      // onlisten each time, the first time included.
      let listening = false;
      const { unlisten } = await sessions.listen(channel, onNotify, () => {
        if (listening) onReconnect?.();
        listening = true;
      });
      // Unlistening at close: a connection lost already listens no more.
      return () => unlisten().catch(() => {});
    },
    // Bounded like every other call, so an announcement never waits long for a database away.
    notify: async (channel, payload) => {
      await guarded.unsafe('select pg_notify($1, $2)', [channel, payload]);
    },
    withAdvisoryLock: async (key, fn) => {
      // A session lock on a connection of its own: the pool's others may run fn's queries.
      const session = await sessions.reserve();
      try {
        const [{ locked }] = await session<{ locked: boolean }[]>`select pg_try_advisory_lock(${key}) as locked`;
        if (!locked) return false;
        try {
          await fn();
        } finally {
          await session`select pg_advisory_unlock(${key})`;
        }
        return true;
      } finally {
        session.release();
      }
    },
    connections: async () => {
      const rows = await sql<{ busy: number; idle: number }[]>`
        select count(*) filter (where state <> 'idle')::int as busy, count(*) filter (where state = 'idle')::int as idle
        from pg_stat_activity where application_name = ${APPLICATION_NAME} and pid <> pg_backend_pid()`;
      // This very query's connection was busy with it.
      return { busy: rows[0].busy, idle: rows[0].idle + 1 };
    },
    keyLocks,
    close: async () => {
      await keyLocks.close();
      await sql.end({ timeout: 5 });
      if (sessions !== sql) await sessions.end({ timeout: 5 });
    },
  };
}

/**
 * drizzle's migrate() takes no lock, so two processes starting together could both try to
 * create the tables. One dedicated connection holds an advisory lock around it.
 */
async function migratePostgresServer(url: string, connectTimeout: number): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: connectTimeout });
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzlePostgres({ client: sql }), { migrationsFolder: MIGRATIONS_FOLDER });
    await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * For `/readyz`: the database answers within `timeoutMs`, `probe` (a look at the table every
 * request reads, given by the composition root) with it, and every committed migration is applied.
 * A database that does not answer in time is not ready.
 */
export function isReady(database: Database, timeoutMs = 1000, probe: (db: Db) => Promise<void> = async () => {}): Promise<boolean> {
  return answersWithin(timeoutMs, () => checkReady(database, probe));
}

async function checkReady(database: Database, probe: (db: Db) => Promise<void>): Promise<boolean> {
  try {
    await database.db.execute(q`select 1`);
    // A lock held on the table every request reads (a long migration, a stuck session) makes the
    // service unable to serve, and so not ready.
    await probe(database.db);
    const rows = await database.db.execute<{ n: number }>(
      q`select count(*)::int as n from ${q.raw(MIGRATIONS_TABLE)}`,
    );
    const applied = Number(rowsOf<{ n: number }>(rows)[0]?.n ?? 0);
    // >=: a newer process may already have applied migrations this one does not know.
    return applied >= committedMigrations();
  } catch {
    return false;
  }
}

let committed: number | undefined;
const committedMigrations = () =>
  (committed ??= readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length);

/** The rows of drizzle's execute(): postgres.js answers with the row array, PGlite with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
