// The crash behind "a Postgres restart under load crashes the server process": postgres.js
// 3.4.9 writes a transaction's ROLLBACK to a socket that has closed, from a timer, and the
// TypeError ends the process (porsager/postgres#1154, #1066, #1208). patches/ carries the fix.
// The script runs in a child process: unpatched, it dies with that TypeError.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnPostgres, type OwnPostgres } from '../support/own-postgres.ts';

const SCRIPT = fileURLToPath(new URL('./null-socket-repro.mjs', import.meta.url));
let pg: OwnPostgres;

beforeAll(async () => {
  pg = await startOwnPostgres();
});
afterAll(() => pg?.destroy());

describe('postgres.js when a transaction loses its connection mid-statement', () => {
  it('rejects the transaction and goes on serving (no uncaught TypeError from nextWrite)', () => {
    for (let i = 0; i < 3; i++) {
      const run = spawnSync(process.execPath, [SCRIPT, pg.url], { encoding: 'utf8', timeout: 30_000 });
      expect(run.stderr).not.toContain("reading 'write'");
      expect(run.status).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({ transaction: 'rejected CONNECTION_CLOSED', after: 1 });
    }
  });
});
