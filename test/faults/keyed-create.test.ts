// A keyed create caught mid-way by a fault: the database crashing (as a primary dies in a
// failover), or the serving process killed. The try that took the key is gone either way (its
// database session ended with it), so a retry with the same Idempotency-Key takes the key over at
// once and makes the thing, under the id the key holds, instead of being told 409
// IDEMPOTENCY_KEY_IN_USE until the key grows stale. One thing is made, never two.
//
// The create is caught by holding a lock on `games` (SHARE: reads pass, inserts wait) until the
// fault: its key is taken, its insert waits.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, startServer, type ServerProcess } from '../../bench/fault-harness.ts';
import { startOwnPostgres, type OwnPostgres } from '../support/own-postgres.ts';

let pg: OwnPostgres;
const servers: ServerProcess[] = [];
beforeAll(async () => {
  pg = await startOwnPostgres();
  servers.push(await startServer(pg.url), await startServer(pg.url));
});
afterAll(async () => {
  for (const s of servers) {
    s.child.kill('SIGTERM');
    await s.exited;
  }
  pg?.destroy();
});

async function signUp(url: string): Promise<{ playerId: string; auth: Record<string, string> }> {
  const res = await fetch(`${url}/v1/players`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Anna' }) });
  const { playerId, token } = (await res.json()) as { playerId: string; token: string };
  return { playerId, auth: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
}

const createGame = (url: string, auth: Record<string, string>, key: string) =>
  fetch(`${url}/v1/games`, { method: 'POST', headers: { ...auth, 'Idempotency-Key': key }, body: JSON.stringify({ seat: 'forehand' }), signal: AbortSignal.timeout(10_000) });

/** A session holding `games` in SHARE mode: a create's insert waits until `release`; `sql` another, to look. */
async function blockInserts(): Promise<{ sql: postgres.Sql; release: () => Promise<void> }> {
  const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
  const session = await sql.reserve();
  await session`begin`;
  await session`lock table games in share mode`;
  return {
    sql,
    release: async () => {
      await session`commit`.catch(() => {});
      session.release();
      await sql.end({ timeout: 1 });
    },
  };
}

/** Waits until the create under `key` has taken it and its insert waits on the lock: its key's id. */
async function caughtMidway(sql: postgres.Sql, key: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const [row] = await sql<{ resourceId: string; waiting: boolean }[]>`
      select resource_id as "resourceId",
             exists (select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%insert into%games%') as waiting
      from create_answers where key = ${key} and status = 0`;
    if (row?.waiting) return row.resourceId;
    await sleep(20);
  }
  throw new Error(`the create under ${key} was not caught mid-way`);
}

/** Sends the create again until it is answered 201 (at most 20 s): every status met (0: no answer), and the ms from the first try. */
async function retried(urls: string[], auth: Record<string, string>, key: string) {
  const statuses: number[] = [];
  const t0 = performance.now();
  for (let i = 0; performance.now() - t0 < 20_000; i++) {
    const res = await createGame(urls[i % urls.length] as string, auth, key).catch(() => null);
    statuses.push(res?.status ?? 0);
    if (res?.status === 201) return { statuses, ms: Math.round(performance.now() - t0), body: (await res.json()) as { id: string } };
    await res?.body?.cancel();
    await sleep(100);
  }
  return { statuses, ms: null, body: null };
}

/** The ids of the games `playerId` created. */
const gamesOf = async (playerId: string) => {
  const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
  try {
    return (await sql<{ id: string }[]>`select id from games where forehand_player_id = ${playerId}`).map((g) => g.id);
  } finally {
    await sql.end({ timeout: 1 });
  }
};

describe('a keyed create caught mid-way by a fault', () => {
  it('is made by its first retry once the crashed database is back: no 409 IDEMPOTENCY_KEY_IN_USE', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const { playerId, auth } = await signUp(a.url);
    const key = `crash-${crypto.randomUUID()}`;
    const blocker = await blockInserts();
    const first = createGame(a.url, auth, key);
    const resourceId = await caughtMidway(blocker.sql, key);
    // The key taken is on disk before the crash (the test server commits without waiting for it).
    await blocker.sql`checkpoint`;
    pg.stop('immediate');
    expect((await first).status).toBe(503);
    await blocker.release();
    pg.start();

    const again = await retried([a.url, b.url], auth, key);
    console.log(`keyed create after a database crash: ${again.ms === null ? 'no 201 within 20 s' : `201 ${again.ms} ms after the first retry, sent as the database was back`}; the answers: ${again.statuses.join(' ')}`);
    expect(again.statuses).not.toContain(409);
    expect(again.body?.id).toBe(resourceId);
    expect(await gamesOf(playerId)).toEqual([resourceId]);
  });

  it('is made at once by a retry on another process when its own process was killed (kill -9)', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const { playerId, auth } = await signUp(a.url);
    const key = `kill-${crypto.randomUUID()}`;
    const blocker = await blockInserts();
    const first = createGame(a.url, auth, key).catch(() => null);
    const resourceId = await caughtMidway(blocker.sql, key);
    process.kill(a.workerPid() as number, 'SIGKILL');
    expect(await first).toBeNull();
    await blocker.release();

    const again = await retried([b.url], auth, key);
    console.log(`keyed create after kill -9 of its process: ${again.ms === null ? 'no 201 within 20 s' : `201 ${again.ms} ms after the first retry`}; the answers: ${again.statuses.join(' ')}`);
    expect(again.statuses).not.toContain(409);
    expect(again.body?.id).toBe(resourceId);
    expect(await gamesOf(playerId)).toEqual([resourceId]);
  });
});
