// Exactly once under concurrency: 260 seeks of 240 players, sent at once (on Postgres through two
// processes of the service, half to each; on PGlite to one in-process service). Afterwards every
// seek is in exactly one game or match with one other player's compatible seek, or still waits,
// and no two waiting seeks are compatible.
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/engine/index.ts';
import { compatible, poolKey, type PoolEntry } from '../../src/seeks/pool.ts';
import { createScratchDatabase, testDriver, type ScratchDatabase } from '../support/db.ts';
import { startProcesses, type RunningProcess } from '../support/processes.ts';
import { startTestService, type TestService } from '../support/service.ts';

const PLAYERS = 240;
/** Players who send a second, identical seek at the same time (never paired with their own). */
const TWICE = 20;
const OPTIONS = [
  { variant: 'classic', turnSeconds: 30 },
  { variant: 'classic', turnSeconds: 30, games: 2 },
  { variant: 'halfOpen' },
  { variant: 'bidding', scoring: 'simple' },
];
/** Every seventh seeker wants 1600..2000 (nobody here: all are 1500), every fifth 1000..1500. */
const rangeOf = (i: number) => (i % 7 === 0 ? { ratingRange: [1600, 2000] } : i % 5 === 0 ? { ratingRange: [1000, 1500] } : {});

type Seek = {
  seekId: string;
  status: string;
  player: { playerId: string };
  config: Record<string, unknown>;
  turnSeconds: number | null;
  rated: boolean;
  games: number;
  rating: number;
  ratingRange: [number, number] | null;
  gameId?: string;
  matchId?: string;
};

const entryOf = (s: Seek): PoolEntry => ({
  playerId: s.player.playerId,
  pool: poolKey({ config: s.config as unknown as Config, turnSeconds: s.turnSeconds, rated: s.rated, games: s.games }),
  rating: s.rating,
  min: s.ratingRange?.[0] ?? null,
  max: s.ratingRange?.[1] ?? null,
});

/**
 * A seek, on a connection of its own (node:http without an agent): a kept-alive socket the server
 * closes as the request leaves it (its keep-alive time up on a loaded machine) would leave open
 * whether the seek was made.
 */
function postSeek(url: string, token: string, key: string, body: unknown): Promise<{ status: number; body: Record<string, any> }> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data), Authorization: `Bearer ${token}`, 'Idempotency-Key': key } }, (res) => {
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

/** A request; a read (or a sign-up: one more guest is harmless) is sent again after a connection reset of the loaded machine. */
const call = async (url: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; body: Record<string, any> }> => {
  const { token, ...rest } = init;
  const again = !rest.method || url.endsWith('/v1/players');
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(url, { ...rest, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
      return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, any> };
    } catch (e) {
      if (!again || attempt >= 3) throw new Error(`${rest.method ?? 'GET'} ${url}: ${(e as Error).message} (${String((e as Error).cause)})`);
    }
  }
};

/** `read` of each item, `n` at a time (reads one after another are mostly round trips), in order. */
async function readInChunks<T, R>(items: T[], n: number, read: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += n) out.push(...(await Promise.all(items.slice(i, i + n).map(read))));
  return out;
}

async function seekAtOnce(bases: string[], countSeeks: () => Promise<number>) {
  const players: Record<string, any>[] = [];
  for (let i = 0; i < PLAYERS; i += 40)
    players.push(
      ...(await Promise.all(
        Array.from({ length: 40 }, async (_, j) => (await call(`${bases[(i + j) % bases.length]}/v1/players`, { method: 'POST', body: JSON.stringify({ name: `seeker ${i + j}` }) })).body),
      )),
    );
  const requests = [
    ...players.map((p, i) => ({ player: p, body: { ...OPTIONS[i % OPTIONS.length], ...rangeOf(i) }, base: bases[i % bases.length] })),
    ...players.slice(0, TWICE).map((p, i) => ({ player: p, body: { ...OPTIONS[i % OPTIONS.length], ...rangeOf(i) }, base: bases[(i + 1) % bases.length] })),
  ];
  // A 503 (no database connection in time, or a statement past its time: one pool's placements
  // queue behind one another, and a pooler has few connections) comes with Retry-After, and the
  // seek may or may not have been made: the seeker tries again with the same Idempotency-Key, as a
  // client does. The count of rows below shows no seek was made twice.
  let refused = 0;
  const answers = await Promise.all(
    requests.map(async (r, i) => {
      for (;;) {
        // The same key on every try: a seek made although its answer was a 503 is answered, not made again.
        const answer = await postSeek(`${r.base}/v1/seeks`, r.player.token, `seek ${i}`, r.body);
        if (answer.status !== 503) return answer;
        expect(answer.body.code).toBe('DATABASE_UNAVAILABLE');
        refused++;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }),
  );
  for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(201);
  // Every seek written is one of the answered ones.
  expect(await countSeeks()).toBe(answers.length);

  const seeks = await readInChunks(answers, 20, async (a) => (await call(`${bases[0]}/v1/seeks/${a.body.seekId}`)).body as Seek);
  // An answer that said paired names the game the seek is in.
  answers.forEach((a, i) => {
    const started = (s: Record<string, any>) => ({ status: s.status, gameId: s.gameId ?? null, matchId: s.matchId ?? null });
    if (a.body.status === 'paired') expect(started(seeks[i])).toEqual(started(a.body));
  });

  const byStart = new Map<string, Seek[]>();
  const waiting: Seek[] = [];
  for (const s of seeks) {
    expect(['waiting', 'paired']).toContain(s.status);
    if (s.status === 'waiting') {
      waiting.push(s);
      continue;
    }
    const key = s.gameId ?? `match ${s.matchId}`;
    expect(s.gameId === undefined).not.toBe(s.matchId === undefined);
    byStart.set(key, [...(byStart.get(key) ?? []), s]);
  }
  // Each game or match: exactly two seeks, of two players, compatible with each other.
  for (const [key, pair] of byStart) {
    expect(pair, key).toHaveLength(2);
    expect(compatible(entryOf(pair[0]), entryOf(pair[1])), key).toBe(true);
  }
  // The games were started with exactly those two players.
  await readInChunks([...byStart].slice(0, 40), 20, async ([key, pair]) => {
    const seated = pair.map((s) => s.player.playerId).sort();
    if (pair[0].gameId) {
      const view = (await call(`${bases[1 % bases.length]}/v1/games/${key}`)).body;
      expect(view.status).toBe('cutting');
      expect([view.players.forehand.playerId, view.players.dealer.playerId].sort()).toEqual(seated);
    } else {
      const match = (await call(`${bases[1 % bases.length]}/v1/matches/${pair[0].matchId}`)).body;
      expect(match.status).toBe('playing');
      expect(match.players.map((p: { playerId: string }) => p.playerId).sort()).toEqual(seated);
    }
  });
  // No two compatible seeks are left waiting.
  for (let i = 0; i < waiting.length; i++)
    for (let j = i + 1; j < waiting.length; j++) expect(compatible(entryOf(waiting[i]), entryOf(waiting[j])), `${waiting[i].seekId} ${waiting[j].seekId}`).toBe(false);
  // And the pool shows exactly the waiting ones.
  const pool: string[] = [];
  for (let cursor: string | null = null; ; ) {
    const page: Record<string, any> = (await call(`${bases[0]}/v1/seeks?limit=100${cursor ? `&cursor=${cursor}` : ''}`)).body;
    pool.push(...page.items.map((s: Seek) => s.seekId));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  expect(new Set(pool)).toEqual(new Set(waiting.map((s) => s.seekId)));
  console.log(`${seeks.length} seeks at once on ${bases.length} process(es): ${byStart.size} games and matches, ${waiting.length} waiting; ${refused} answers 503 (tried again); load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  expect(byStart.size).toBeGreaterThan(80);
}

describe.runIf(testDriver === 'postgres')('the pairing pool on two processes', () => {
  let scratch: ScratchDatabase | undefined;
  let processes: RunningProcess[] = [];
  afterAll(async () => {
    for (const p of processes) await p.stop();
    await scratch?.drop();
  });

  it('pairs each of 260 simultaneous seeks at most once, and leaves no two compatible ones waiting', async () => {
    // Migrated already (a copy of the run's template): the processes start without migrating.
    scratch = await createScratchDatabase({ migrated: true });
    processes = await startProcesses(scratch, 2, { DATABASE_POOL_SIZE: '10' });
    const sql = postgres(scratch.url, { max: 1, prepare: false, onnotice: () => {} });
    try {
      await seekAtOnce(
        processes.map((p) => p.url),
        async () => (await sql<{ n: number }[]>`select count(*)::int as n from seeks`)[0].n,
      );
    } catch (e) {
      for (const p of processes) console.log(`process ${p.url} (exit ${p.child.exitCode}):\n${p.output().slice(-3000)}`);
      throw e;
    } finally {
      await sql.end();
    }
  }, 240_000);
});

describe.runIf(testDriver === 'pglite')('the pairing pool in one process on PGlite', () => {
  let service: TestService | undefined;
  afterAll(() => service?.close());

  it('pairs each of 260 simultaneous seeks at most once, and leaves no two compatible ones waiting', async () => {
    service = await startTestService();
    const { database } = service;
    await seekAtOnce([service.url], async () => (await database.query<{ n: number }>('select count(*)::int as n from seeks'))[0].n);
  }, 240_000);
});
