// A benchmark's own database: a scratch database on the PostgreSQL server of DATABASE_URL (by
// default the machine's, postgres://postgres@127.0.0.1:5432/test), dropped at the end; with
// DATABASE_URL=memory://…, in-memory PGlite instead.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

const env = process.env;
/** The server the scratch databases are made on; null: PGlite. */
export const BENCH_SERVER_URL: string | null = env.DATABASE_URL?.startsWith('memory')
  ? null
  : env.DATABASE_URL?.startsWith('postgres')
    ? env.DATABASE_URL
    : 'postgres://postgres@127.0.0.1:5432/test';

/** A new database named `<prefix>_<random>` (its name null on PGlite), and how to drop it. */
export async function scratchDatabase(prefix: string): Promise<{ url: string; name: string | null; drop(): Promise<void> }> {
  const server = BENCH_SERVER_URL;
  if (server === null) return { url: 'memory://', name: null, drop: async () => {} };
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const a = postgres(server, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
