// A fresh, migrated database per test file: on the Postgres server named by DATABASE_URL
// (a new uniquely named database, dropped on close, so files run in parallel), else an
// in-memory PGlite.

import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { GameStore } from '../../src/db/games.ts';
import { MatchStore } from '../../src/db/matches.ts';
import { PlayerStore } from '../../src/db/players.ts';

const serverUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;

export const testDriver: Database['driver'] = serverUrl ? 'postgres' : 'pglite';

export async function openTestDatabase(): Promise<Database> {
  if (!serverUrl) return openDatabase('memory://');
  const scratch = await createScratchDatabase();
  const database = await openDatabase(scratch.url, { poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** An empty, unmigrated database on the test server, and a way to drop it. */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!serverUrl) throw new Error('createScratchDatabase needs DATABASE_URL=postgres://…');
  const name = `t_${randomBytes(8).toString('hex')}`;
  // Connects to the URL's own database to create and drop the scratch one.
  const admin = async (statement: string) => {
    const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe(statement);
    } finally {
      await sql.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
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
    games: new GameStore(database.db),
    matches: new MatchStore(database.db),
    close: () => database.close(),
  };
}
