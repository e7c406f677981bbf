// One migrated database per run, copied for each test file instead of migrating each anew: on PGlite
// a dump of a migrated data directory (creating a PGlite runs initdb, about 2 s of a core; loading
// the dump about 0.3 s), on a Postgres server a template database (CREATE DATABASE … TEMPLATE).
// Both are named by a hash of the migrations (and PGlite's version), so a changed migration makes
// a new one; the migrations still run on every copy and find nothing to do.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { MIGRATIONS_FOLDER, openDatabase } from '../../src/platform/db/client.ts';

const ROOT = join(import.meta.dirname, '../..');
const CACHE = join(ROOT, 'node_modules/.cache/offiziersskat-tests');

function migrationsHash(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version as string;
  hash.update(pglite);
  for (const file of readdirSync(MIGRATIONS_FOLDER).sort()) if (file.endsWith('.sql')) hash.update(file).update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  hash.update(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json')));
  return hash.digest('hex').slice(0, 16);
}

const HASH = migrationsHash();
const SNAPSHOT = join(CACHE, `pglite-${HASH}.tar`);

/** The migrated PGlite data directory as a file, made once (by the run's global setup, or by whoever comes first). */
export async function ensurePgliteSnapshot(): Promise<string> {
  if (existsSync(SNAPSHOT)) return SNAPSHOT;
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
  const pglite = await PGlite.create();
  try {
    // As openDatabase migrates an embedded database.
    await migrate(drizzle({ client: pglite }), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await pglite.dumpDataDir('none');
    mkdirSync(CACHE, { recursive: true });
    // Written aside and renamed: a worker that reads it meanwhile sees all of it or none.
    const partial = `${SNAPSHOT}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, SNAPSHOT);
  } finally {
    if (!pglite.closed) await pglite.close();
  }
  return SNAPSHOT;
}

let snapshot: Promise<Blob> | undefined;
/** This process's copy of the snapshot (read once; every database starts from it). */
export function pgliteSnapshot(): Promise<Blob> {
  snapshot ??= ensurePgliteSnapshot().then((path) => new Blob([readFileSync(path)]));
  return snapshot;
}

/**
 * An embedded database on disk at `dataDir` that begins as a copy of the snapshot (for a service
 * or a command started as a process of its own: it skips initdb and the migrations' work).
 */
export async function migratedDataDir(dataDir: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  await (await PGlite.create({ dataDir, loadDataDir: await pgliteSnapshot() })).close();
}

/** The name of the migrated template database on the test server. */
export const TEMPLATE_DATABASE = `t_template_${HASH}`;

/**
 * The migrated template database on the server of `adminUrl` (a direct connection, past any
 * pooler): made once, by one process at a time (an advisory lock), and left for the next run.
 */
export async function ensureTemplateDatabase(adminUrl: string, databaseUrl: (name: string) => string): Promise<string> {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(hashtext(${TEMPLATE_DATABASE}))`;
    const [found] = await sql`select datistemplate from pg_database where datname = ${TEMPLATE_DATABASE}`;
    if (!found?.datistemplate) {
      if (found) await sql.unsafe(`drop database ${TEMPLATE_DATABASE} with (force)`);
      // Made under another name and renamed once migrated: a template is never seen half made.
      const making = `${TEMPLATE_DATABASE}_making`;
      await sql.unsafe(`drop database if exists ${making} with (force)`);
      await sql.unsafe(`create database ${making}`);
      const migrated = await openDatabase(databaseUrl(making), { poolSize: 1 });
      await migrated.close();
      await sql.unsafe(`alter database ${making} rename to ${TEMPLATE_DATABASE}`);
      await sql.unsafe(`alter database ${TEMPLATE_DATABASE} with is_template true allow_connections false`);
      // Templates of older migrations are of no more use.
      for (const { datname } of await sql`select datname from pg_database where datname like 't\\_template\\_%' and datname <> ${TEMPLATE_DATABASE}`) {
        await sql.unsafe(`alter database ${datname} with is_template false`);
        await sql.unsafe(`drop database if exists ${datname} with (force)`);
      }
    }
    await sql`select pg_advisory_unlock(hashtext(${TEMPLATE_DATABASE}))`;
  } finally {
    await sql.end({ timeout: 5 });
  }
  return TEMPLATE_DATABASE;
}

/**
 * vitest's globalSetup: the run's template made before the workers start, so they do not all make
 * it at once (each would otherwise make its own on PGlite, and wait on the lock on a server).
 */
export default async function setup(): Promise<void> {
  const server = process.env.DATABASE_URL?.startsWith('postgres') ? (process.env.DATABASE_LISTEN_URL ?? process.env.DATABASE_URL) : undefined;
  if (!server) {
    await ensurePgliteSnapshot();
    return;
  }
  const named = (db: string) => Object.assign(new URL(server), { pathname: `/${db}` }).toString();
  await ensureTemplateDatabase(server, named);
}
