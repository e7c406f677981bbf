// `npm run ratings -- --check` recomputes every rating from the finished rated games: no difference
// after rated games were played; a planted difference (a rating changed by hand, a rating point
// removed) is named, and the command exits 1 with it.
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRatings } from '../../src/cli/ratings-check.ts';
import { openDatabase, type Database } from '../../src/platform/db/client.ts';
import { createScratchDatabase, testDriver, type ScratchDatabase } from '../support/db.ts';
import { migratedDataDir } from '../support/db-template.ts';
import { startTestService, type TestService } from '../support/service.ts';

let database: Database;
let service: TestService;
let scratch: ScratchDatabase | undefined;
/** Where the command finds the database: DATABASE_URL, or (PGlite) ./.data in its working directory. */
let cwd: string;
let env: Record<string, string>;
beforeAll(async () => {
  cwd = await mkdtemp(join(tmpdir(), 'ratings-check-'));
  if (testDriver === 'postgres') {
    scratch = await createScratchDatabase();
    database = await openDatabase(scratch.url, { poolSize: 4, ...scratch.options });
    env = scratch.env;
  } else {
    // The data directory begins as a copy of the run's migrated database (PGlite's initdb and the
    // migrations skipped, as openTestDatabase skips them); the service and the command open it as files.
    await migratedDataDir(join(cwd, '.data'));
    database = await openDatabase(undefined, { dataDir: join(cwd, '.data') });
    env = {};
  }
  service = await startTestService({ database });
}, 180_000);
let closed = false;
/** The service and the database, closed once (the test closes them before the command runs). */
async function closeAll() {
  if (closed) return;
  closed = true;
  await service?.close();
  await database?.close();
}
afterAll(async () => {
  await closeAll();
  await scratch?.drop();
});

let n = 0;
async function account() {
  const res = await service.http.post('/v1/accounts').send({ username: `chk_${Date.now().toString(36)}${n++}`, password: 'correct horse battery staple' }).expect(201);
  return { playerId: res.body.playerId as string, auth: { Authorization: `Bearer ${res.body.token}` } };
}

const run = promisify(execFile);
const cli = (args: string[]) =>
  // tsx by its path: the working directory is the scratch one (where PGlite's ./.data is).
  run(process.execPath, ['--import', pathToFileURL(join(import.meta.dirname, '../../node_modules/tsx/dist/loader.mjs')).href, join(import.meta.dirname, '../../src/cli/ratings.ts'), ...args], {
    cwd,
    env: { ...process.env, DATABASE_URL: '', ...env },
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

describe('ratings --check', () => {
  it('finds no difference after rated games, names a planted one, and exits 1 with it', async () => {
    const [anna, bert, cleo] = [await account(), await account(), await account()];
    for (const [a, b] of [[anna, bert], [bert, cleo], [cleo, anna], [anna, bert]]) {
      const game = await service.http.post('/v1/games').set(a.auth).send({ rated: true, seat: 'forehand' }).expect(201);
      await service.http.post(`/v1/games/${game.body.id}/join`).set(b.auth).expect(200);
      await service.http.post(`/v1/games/${game.body.id}/moves`).set(a.auth).send({ move: { type: 'resign' } }).expect(200);
    }
    expect(await checkRatings(database)).toEqual([]);

    // Planted: Bert's rating moved by hand.
    await database.query(`update ratings set rating = rating + 7 where player_id = $1`, [bert.playerId]);
    const differences = await checkRatings(database);
    expect(differences).toHaveLength(1);
    expect(differences[0]).toMatch(new RegExp(`^player ${bert.playerId} \\(classic\\): stored .* in 3 games, recomputed .* in 3$`));

    // Planted: Cleo's last game lost its rating points (as if its rating had never been written).
    const [last] = await database.query<{ game_id: string }>(`select game_id from rating_history where player_id = $1 order by seq desc limit 1`, [cleo.playerId]);
    await database.query(`delete from rating_history where game_id = $1`, [last.game_id]);
    expect(await checkRatings(database)).toContain(`game ${last.game_id}: finished rated, but never rated (a lost rating)`);

    // The command: its own process, the database of the configuration.
    await closeAll();
    // Without --check (a usage error, the database untouched) beside it: two processes at once.
    const [failed, usage] = await Promise.all([cli(['--check']), cli([])]);
    expect(failed.code, failed.stderr).toBe(1);
    expect(failed.stdout, failed.stderr).toContain(`player ${bert.playerId} (classic): stored`);
    expect(failed.stdout).toMatch(/ratings: 4 finished rated games, 3 ratings recomputed: \d+ difference\(s\)\n$/);
    expect(usage.code).toBe(2);
  }, 120_000);
});
