// A fresh, migrated database per test file: on the Postgres server named by DATABASE_URL
// (a new uniquely named database, dropped on close, so files run in parallel), else an
// in-memory PGlite. Both are copies of one migrated per run (test/support/db-template.ts).

import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../src/platform/db/client.ts';
import { GameStore } from '../../src/games/store.ts';
import { MatchStore } from '../../src/matches/store.ts';
import { PlayerStore } from '../../src/accounts/player-store.ts';
import { ensureTemplateDatabase, pgliteSnapshot } from './db-template.ts';

const serverUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
/**
 * Through a pooler in transaction mode (pgbouncer, as .ci/run runs the suite once):
 * DATABASE_POOL_MODE=transaction, and DATABASE_LISTEN_URL a direct connection to the same server.
 */
const sessionServerUrl = process.env.DATABASE_LISTEN_URL?.startsWith('postgres') ? process.env.DATABASE_LISTEN_URL : undefined;
const transactionPooling = process.env.DATABASE_POOL_MODE === 'transaction';

export const testDriver: Database['driver'] = serverUrl ? 'postgres' : 'pglite';
/** Whether the suite runs through a transaction pooler. */
export const throughPooler = !!serverUrl && transactionPooling;

export async function openTestDatabase(): Promise<Database> {
  if (!serverUrl) return openDatabase('memory://', { snapshot: await pgliteSnapshot() });
  const scratch = await createScratchDatabase({ migrated: true });
  const database = await openDatabase(scratch.url, { poolSize: 4, ...scratch.options });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

export interface ScratchDatabase {
  /** The URL the service uses (through the pooler, when there is one). */
  url: string;
  /** What openDatabase needs besides the URL (the pooler's mode, the direct session URL). */
  options: { transactionPooling?: boolean; sessionUrl?: string };
  /** The same for a process of the service: its environment. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

const withDatabase = (server: string, name: string) => {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
};

let template: Promise<string> | undefined;

/**
 * A database of its own on the test server, and a way to drop it: empty, or (`migrated`) a copy
 * of the run's migrated template.
 */
export async function createScratchDatabase({ migrated = false } = {}): Promise<ScratchDatabase> {
  if (!serverUrl) throw new Error('createScratchDatabase needs DATABASE_URL=postgres://…');
  const name = `t_${randomBytes(8).toString('hex')}`;
  const direct = sessionServerUrl ?? serverUrl;
  // Connects to the URL's own database (directly, past any pooler) to create and drop the scratch one.
  const admin = async (statement: string) => {
    const sql = postgres(direct, { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe(statement);
    } finally {
      await sql.end();
    }
  };
  if (migrated) {
    template ??= ensureTemplateDatabase(direct, (db) => withDatabase(direct, db));
    await admin(`create database ${name} template ${await template}`);
  } else {
    await admin(`create database ${name}`);
  }
  const url = withDatabase(serverUrl, name);
  const sessionUrl = sessionServerUrl ? withDatabase(sessionServerUrl, name) : undefined;
  return {
    url,
    options: { ...(transactionPooling ? { transactionPooling } : {}), ...(sessionUrl ? { sessionUrl } : {}) },
    env: { DATABASE_URL: url, ...(transactionPooling ? { DATABASE_POOL_MODE: 'transaction' } : {}), ...(sessionUrl ? { DATABASE_LISTEN_URL: sessionUrl } : {}) },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** A test database with the stores over it: the one setup of the store suites. */
export interface TestStores {
  database: Database;
  players: PlayerStore;
  games: GameStore;
  matches: MatchStore;
  close(): Promise<void>;
}

export async function openTestStores(): Promise<TestStores> {
  const database = await openTestDatabase();
  return {
    database,
    players: new PlayerStore(database.db),
    games: new GameStore(database),
    matches: new MatchStore(database.db),
    close: () => database.close(),
  };
}
