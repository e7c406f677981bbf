// vitest's globalSetup: a run on the embedded database (no DATABASE_URL) says which suites it
// skips and why, instead of counting them as skipped without a word. The suites are found by
// what marks them, `describe.runIf(testDriver === 'postgres')` and the like, so a new one is
// listed too.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');
const MARK = /\b(?:describe|it|test)\.(?:runIf\(\s*testDriver\s*===|skipIf\(\s*testDriver\s*!==)\s*'postgres'\s*\)\(\s*(['"`])(.*?)\1/g;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'faults' ? [] : testFiles(path);
    return e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The Postgres-only tests: file and name. */
export function postgresOnly(): string[] {
  return ['src', 'test', 'web'].flatMap((d) =>
    testFiles(join(ROOT, d)).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(MARK)].map((m) => `${relative(ROOT, file)}: ${(m[2] ?? '').replace(/\$\{.*?\}/g, '…')}`)),
  );
}

/** The lines a run on PGlite prints (none on a PostgreSQL server). */
export function announcement(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DATABASE_URL?.startsWith('postgres')) return '';
  const skipped = postgresOnly();
  if (skipped.length === 0) return '';
  return (
    `On embedded PGlite (DATABASE_URL is not set): ${skipped.length} Postgres-only suite(s) skipped. They need a PostgreSQL server ` +
      `(several processes on one database, restarts, LISTEN, statement timeouts, pgbouncer); run them with DATABASE_URL=postgres://…:\n` +
    skipped.map((s) => `  - ${s}\n`).join('')
  );
}

export default function announce(): void {
  process.stdout.write(announcement());
}
