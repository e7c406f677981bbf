// The Python bot of examples/ (standard library only) plays whole games against a bot of the
// client package, run as a bot author runs it: `python3 examples/python-bot/bot.py URL …`. Once it
// opens a game and plays it on the view stream, once it joins one from the lobby and plays it on
// the long poll; between them it moves in every phase of the bidding variant. And it plays on after
// a restart of the service in the middle of a game, its stream resumed. Without python3 the suite
// is skipped with one line saying why, unless REQUIRE_PYTHON=1 (CI), where it fails instead.
import { execFile, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, playGame, waitForVersion, type GameView, type Move, type SkatClient } from '@offiziersskat/client';
import type { Database } from '../../src/platform/db/client.ts';
import { verifyRecord } from '../../src/record/index.ts';
import { openTestDatabase } from '../support/db.ts';
import { startTestService, type TestService } from '../support/service.ts';

const ROOT = join(import.meta.dirname, '../..');
/** The interpreter (PYTHON points elsewhere, e.g. to check the skip on a machine that has one). */
const PYTHON = process.env.PYTHON ?? 'python3';
const present = spawnSync(PYTHON, ['--version']).status === 0;
const required = process.env.REQUIRE_PYTHON === '1';
const skipReason = `skipped: no ${PYTHON} (apt-get install python3; REQUIRE_PYTHON=1 makes this a failure)`;

let database: Database;
let service: TestService;

/** Runs the bot to its end: exit 0 or a rejection with its output. */
function runBot(...args: string[]) {
  return promisify(execFile)(PYTHON, ['examples/python-bot/bot.py', service.url, '--verbose', ...args], { cwd: ROOT, timeout: 60_000 });
}

/**
 * The other side, steering the game through every phase: it bids only the first 18, holds every
 * bid, says kontra and re whenever it may, and otherwise makes a random legal move. Against the
 * Python bot's rule (it bids and holds up to at least 18) the bot declares when it is forehand
 * (and is asked for re) and defends when it is dealer (and is asked for kontra).
 */
function steer(v: GameView): Move {
  const of = (type: Move['type']) => v.legalMoves.filter((m) => m.type === type);
  const bids = of('bid') as Extract<Move, { type: 'bid' }>[];
  const firstBid = bids.find((m) => m.value === 18);
  const pick = of('hold')[0] ?? firstBid ?? (bids.length > 0 ? of('pass')[0] : undefined) ?? of('kontra')[0] ?? of('re')[0];
  return pick ?? v.legalMoves[Math.floor(Math.random() * v.legalMoves.length)]!;
}

async function opponent(): Promise<SkatClient> {
  const guest = createClient({ baseUrl: service.url });
  const me = await guest.createPlayer('steering');
  return guest.withToken(me.token);
}

/** Plays our side (as `steer` does) until `enough` holds for the view. */
async function playUntil(client: SkatClient, first: GameView, enough: (v: GameView) => boolean): Promise<GameView> {
  let view = first;
  while (!enough(view)) {
    if (view.toMove === view.you) view = (await client.move(view.id, steer(view), { expectedVersion: view.version })).view;
    else view = await waitForVersion(client, view.id, view.version);
  }
  return view;
}

async function waitForOpenGame(): Promise<string> {
  for (;;) {
    const res = await service.http.get('/v1/games?status=waiting').expect(200);
    if (res.body.games.length > 0) return res.body.games[0].id as string;
    await new Promise((r) => setTimeout(r, 20)); // the test's own polling, not the bot's
  }
}

/** What the bot printed: the game, its seat and the result (its last line), and the phases it moved in. */
function readRun({ stdout, stderr }: { stdout: string; stderr: string }) {
  const last = /^game (\S+) finished as (forehand|dealer): (.*)$/.exec(stdout.trimEnd().split('\n').at(-1) ?? '');
  expect(last, stdout).not.toBeNull();
  const phases = new Set([...stderr.matchAll(/^v\d+ (\w+): /gm)].map((m) => m[1]));
  return { gameId: last![1], seat: last![2], result: JSON.parse(last![3]), phases };
}

async function checkRecord(gameId: string, result: unknown) {
  const record = await service.http.get(`/v1/games/${gameId}/record`).expect(200);
  expect(record.body.result).toEqual(result);
  expect(verifyRecord(record.body).problems).toEqual([]);
}

(present || required ? describe : describe.skip)(`examples/python-bot/bot.py${present || required ? '' : ` — ${skipReason}`}`, () => {
  if (!present && !required) console.warn(`examples/python-bot/bot.py: ${skipReason}`);
  beforeAll(async () => {
    if (!present) throw new Error(`REQUIRE_PYTHON=1, but there is no ${PYTHON}: apt-get install -y python3`);
    database = await openTestDatabase();
    service = await startTestService({ database });
  });
  afterAll(async () => {
    await service?.close();
    await database?.close();
  });

  it('opens a game, plays it to the end on the view stream as forehand and declarer, and prints the result', async () => {
    const bot = runBot('--variant', 'bidding', '--seat', 'forehand');
    const gameId = await waitForOpenGame();
    const other = await opponent();
    const joined = await other.joinGame(gameId);
    const [ran, theirs] = await Promise.all([bot, playGame(other, joined, steer)]);

    const run = readRun(ran);
    expect(run).toMatchObject({ gameId, seat: 'forehand', result: theirs.result });
    expect(run.phases).toEqual(new Set(['cutting', 'bidding', 'stock', 'declaring', 're', 'playing']));
    await checkRecord(gameId, run.result);
  });

  it('joins a game from the lobby, plays it to the end on the long poll as dealer and defender', async () => {
    const other = await opponent();
    const opened = await other.createGame({ variant: 'bidding', seat: 'forehand' });
    const bot = runBot('--longpoll', '--variant', 'bidding');
    const [ran, theirs] = await Promise.all([bot, playGame(other, opened, steer)]);

    const run = readRun(ran);
    expect(ran.stdout).toContain(`game ${opened.id}: joined (bidding, dealer)`);
    expect(run).toMatchObject({ gameId: opened.id, seat: 'dealer', result: theirs.result });
    expect(run.phases).toEqual(new Set(['bidding', 'kontra', 'playing']));
    await checkRecord(opened.id, run.result);
  });

  it('plays on after the service restarts in the middle of the game, its stream resumed', async () => {
    const bot = runBot('--variant', 'classic');
    const gameId = await waitForOpenGame();
    const other = await opponent();
    // Into the fourth trick (a classic game plays all sixteen), then the service goes away and
    // comes back on the same port and database.
    const midway = await playUntil(other, await other.joinGame(gameId), (v) => v.status === 'playing' && v.trickNumber >= 4);
    const port = Number(new URL(service.url).port);
    await service.close();
    await new Promise((r) => setTimeout(r, 300)); // the bot finds nobody there for a moment
    service = await startTestService({ database, config: { port } });
    const restarted = await other.getGame(gameId);
    expect(restarted.version).toBeGreaterThanOrEqual(midway.version);
    const [ran, theirs] = await Promise.all([bot, playGame(other, restarted, steer)]);

    const run = readRun(ran);
    expect(run).toMatchObject({ gameId, result: theirs.result });
    // It moved after the restart: on a version the game reached only then.
    const versions = [...ran.stderr.matchAll(/^v(\d+) /gm)].map((m) => Number(m[1]));
    expect(Math.max(...versions)).toBeGreaterThanOrEqual(restarted.version);
    await checkRecord(gameId, run.result);
  });
});
