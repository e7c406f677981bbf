// Pairings that share a waiting player, at the same moment: each pairing writes a game naming
// both players and appends to both players' logs, so two of them that share a player touch the
// same player row. They must wait for each other, never deadlock (a 500 after the server's
// deadlock_timeout), and every seek is paired at most once. Joins of two matches of one creator
// write the same way. On PGlite (one session) they simply run one after the other; on Postgres,
// and through a pooler in transaction mode, they overlap.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/platform/db/client.ts';
import { createScratchDatabase, openTestDatabase, testDriver } from '../support/db.ts';
import { Client, startTestService, type TestPlayer, type TestService } from '../support/service.ts';

let service: TestService;
let client: Client;
let database: Database;

/**
 * The test's database, with time enough to wait for a connection and a lock that a loaded machine
 * never makes it answer 503: any 5xx here is a failure of the pairing itself. A transaction that
 * loses a deadlock is not run again here (the service's default is to, availability.ts): the
 * pairings must not deadlock in the first place.
 */
async function patientDatabase(): Promise<Database> {
  if (testDriver !== 'postgres') return openTestDatabase();
  const scratch = await createScratchDatabase();
  const limits = { acquireMs: 60_000, statementMs: 60_000, transactionAttempts: 1 };
  const db = await openDatabase(scratch.url, { poolSize: 4, ...scratch.options, limits });
  return {
    ...db,
    async close() {
      await db.close();
      await scratch.drop();
    },
  };
}

beforeAll(async () => {
  database = await patientDatabase();
  service = await startTestService({ database, config: { seeks: { ttlSeconds: 600 } } });
  client = new Client(service.http);
});
afterAll(async () => {
  await service?.close();
  await database?.close();
});

/**
 * A request over node:http: a 5xx is counted here rather than thrown by the checking clients (the
 * service's own check of its answers still fails the test after it).
 */
function post(path: string, p: TestPlayer, body: Record<string, unknown>): Promise<{ status: number; body: Record<string, any> }> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const headers = { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data), ...p.auth };
    const req = httpRequest(`${service.url}${path}`, { method: 'POST', agent: false, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || 'null') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(data);
  });
}
const seek = (p: TestPlayer, body: Record<string, unknown>) => post('/v1/seeks', p, body);
const waitingSeek = async (p: TestPlayer, body: Record<string, unknown>) => {
  const r = await seek(p, body);
  expect(r, JSON.stringify(r.body)).toMatchObject({ status: 201, body: { status: 'waiting' } });
  return r.body.seekId as string;
};
/** A clock no other pool of this file uses: each test's pools are its own. */
let clocks = 60_000;

describe('pairings that share a waiting player', () => {
  it('two seekers pairing at once with one player waiting in two pools: both paired, never a 5xx', async () => {
    const ROUNDS = 15;
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const x = await client.player('X');
      const [y1, y2] = [await client.player('Y1'), await client.player('Y2')];
      const a = { variant: 'classic', turnSeconds: clocks++ };
      const b = { variant: 'classic', turnSeconds: clocks++ };
      await waitingSeek(x, a);
      await waitingSeek(x, b);
      const answers = await Promise.all([seek(y1, a), seek(y2, b)]);
      for (const r of answers) {
        if (r.status >= 500) failures.push(`${r.status} ${r.body.code}`);
        else expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 'paired' });
      }
    }
    console.log(`${ROUNDS} rounds of two pairings sharing a player at once on ${testDriver}: ${failures.length} of ${2 * ROUNDS} answers 5xx ${JSON.stringify(failures)}`);
    expect(failures).toEqual([]);
  });

  it('two players joining two matches of one creator at once: both join, never a 5xx', async () => {
    // The same writes outside the pool: a join inserts the match's game 1 (naming both players),
    // then appends to both players' logs.
    const failures: string[] = [];
    for (let round = 0; round < 10; round++) {
      const x = await client.player('X');
      const [y1, y2] = [await client.player('Y1'), await client.player('Y2')];
      const created = [await post('/v1/matches', x, { games: 2 }), await post('/v1/matches', x, { games: 2 })];
      for (const c of created) expect(c.status, JSON.stringify(c.body)).toBe(201);
      const answers = await Promise.all([post(`/v1/matches/${created[0].body.id}/join`, y1, {}), post(`/v1/matches/${created[1].body.id}/join`, y2, {})]);
      for (const r of answers) {
        if (r.status >= 500) failures.push(`${r.status} ${r.body.code}`);
        else expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: 'playing' });
      }
    }
    expect(failures).toEqual([]);
  });

  it('many counter-seekers at once against players waiting in several pools: no 5xx, every seek paired at most once', async () => {
    const WAITERS = 10;
    const POOLS = 5;
    const COUNTERS = 2 * WAITERS;
    const base = clocks;
    clocks += WAITERS * POOLS;
    // The last pool of each waiter pairs into matches of two games (a match and its game 1 are written).
    const poolOf = (waiter: number, j: number) => ({ variant: 'classic', turnSeconds: base + waiter * POOLS + j, ...(j === POOLS - 1 ? { games: 2 } : {}) });
    const waiters = await Promise.all(Array.from({ length: WAITERS }, (_, i) => client.player(`W${i}`)));
    const waiting: string[] = [];
    for (const [i, w] of waiters.entries()) for (let j = 0; j < POOLS; j++) waiting.push(await waitingSeek(w, poolOf(i, j)));
    const counters = await Promise.all(Array.from({ length: COUNTERS }, (_, k) => client.player(`C${k}`)));
    // Counter-seeker k seeks in pool j of waiter k + j: every waiter is sought in all its pools at
    // once, by ten seeks of ten players, and every counter-seeker meets five waiters at once.
    const sent = counters.flatMap((c, k) => Array.from({ length: POOLS }, (_, j) => ({ player: c, body: poolOf((k + j) % WAITERS, j) })));
    const answers = await Promise.all(sent.map((s) => seek(s.player, s.body)));
    const failed = answers.filter((r) => r.status >= 500).map((r) => `${r.status} ${r.body.code}`);
    console.log(`${sent.length} seeks at once against ${WAITERS} players waiting in ${POOLS} pools each on ${testDriver}: ${failed.length} answers 5xx`);
    expect(failed).toEqual([]);
    for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(201);

    const seeks = await database.query<{ id: string; player_id: string; status: string; game_id: string | null; match_id: string | null }>(
      'select id, player_id, status, game_id, match_id from seeks where id = any($1)',
      [[...waiting, ...answers.map((r) => r.body.seekId as string)]],
    );
    expect(seeks).toHaveLength(waiting.length + sent.length);
    // Every waiter's seek was paired, once: each of the pools had one waiting seek and two seekers.
    const byId = new Map(seeks.map((s) => [s.id, s]));
    for (const id of waiting) expect(byId.get(id)?.status).toBe('paired');
    expect(seeks.filter((s) => s.status === 'paired')).toHaveLength(2 * waiting.length);
    expect(seeks.filter((s) => s.status === 'waiting')).toHaveLength(sent.length - waiting.length);
    // Each game or match: exactly two seeks, of two players, who are its two players.
    const byStart = new Map<string, string[]>();
    for (const s of seeks) {
      const started = s.game_id ?? s.match_id;
      if (started) byStart.set(started, [...(byStart.get(started) ?? []), s.player_id]);
    }
    expect(byStart.size).toBe(waiting.length);
    const games = await database.query<{ id: string; a: string; b: string }>(
      `select id, forehand_player_id as a, dealer_player_id as b from games where id = any($1)
       union all select id, creator_player_id as a, opponent_player_id as b from matches where id = any($1)`,
      [[...byStart.keys()]],
    );
    expect(games).toHaveLength(byStart.size);
    for (const g of games) {
      const pair = byStart.get(g.id) ?? [];
      expect(pair).toHaveLength(2);
      expect(new Set(pair).size).toBe(2);
      expect(new Set([g.a, g.b])).toEqual(new Set(pair));
    }
    // Every player's log holds one gameStart per game it is in (a match's game 1 too), each with its own seq.
    for (const p of [...waiters, ...counters]) {
      const inGames = games.filter((g) => g.a === p.playerId || g.b === p.playerId).length;
      const starts = await database.query<{ n: number; seqs: number }>(
        "select count(*)::int as n, count(distinct seq)::int as seqs from player_events where player_id = $1 and type = 'gameStart'",
        [p.playerId],
      );
      expect(starts[0]).toEqual({ n: inGames, seqs: inGames });
    }
  });
});
