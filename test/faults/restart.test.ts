// The database goes away under load (a restart, then a stop of a few seconds) with an
// Idempotency-Key on every move (the load that crashed postgres.js 3.4.9 unpatched): no process
// dies; while the database is down requests are answered 503 with Retry-After in bounded time and
// /readyz says not ready; when it is back the service serves again by itself (pools, LISTEN, the
// group commit), and no acknowledged move is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLog, describeRun, retriedOf, sleep, startLoad, startServer, untilReady, type ServerProcess } from '../../bench/fault-harness.ts';
import { startOwnPostgres, type OwnPostgres } from '../support/own-postgres.ts';

let pg: OwnPostgres;
const servers: ServerProcess[] = [];
const ENV = { DATABASE_ACQUIRE_TIMEOUT_MS: '1000', DATABASE_CONNECT_TIMEOUT_MS: '1000', READY_TIMEOUT_MS: '500' };
beforeAll(async () => {
  pg = await startOwnPostgres();
  servers.push(await startServer(pg.url, ENV), await startServer(pg.url, ENV));
});
afterAll(async () => {
  for (const s of servers) {
    s.child.kill('SIGTERM');
    await s.exited;
  }
  pg?.destroy();
});

const json = async (res: Response) => ({ status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Record<string, any> });

describe('the database restarting and going away under load', () => {
  it('crashes nothing, answers 503 meanwhile, recovers by itself, loses no acknowledged move', async () => {
    const [a, b] = servers;
    const workers = [a.workerPid(), b.workerPid()];
    const load = startLoad([a.url, b.url], { concurrency: 8, seconds: 14, idempotency: 'all' });
    await sleep(2000);

    // 1. A restart (pg_ctl restart -m fast: the sessions are ended, the server is back at once).
    const acksBeforeRestart = load.acks.length;
    pg.restart();
    const afterRestart = await untilReady(a.url, 30_000);
    await sleep(1500);
    const acksAfterRestart = load.acks.length;

    // 2. Away for 3 s: answers in bounded time, 503 with Retry-After, /readyz not ready.
    pg.stop();
    const t0 = performance.now();
    const lobby = await json(await fetch(`${a.url}/v1/games?status=waiting`));
    const lobbyMs = performance.now() - t0;
    const ready = await fetch(`${b.url}/readyz`);
    await sleep(3000);
    pg.start();
    const afterStart = await untilReady(a.url, 30_000);
    const afterStartB = await untilReady(b.url, 30_000);

    // 3. LISTEN is back: a long poll on A wakes when the move is made through B.
    const player = async (url: string, name: string) => {
      const res = await json(await fetch(`${url}/v1/players`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) }));
      return { Authorization: `Bearer ${res.body.token}`, 'content-type': 'application/json' };
    };
    const anna = await player(a.url, 'Anna');
    const bert = await player(a.url, 'Bert');
    const game = await json(await fetch(`${a.url}/v1/games`, { method: 'POST', headers: anna, body: JSON.stringify({ seat: 'forehand' }) }));
    const joined = await json(await fetch(`${a.url}/v1/games/${game.body.id}/join`, { method: 'POST', headers: bert }));
    // A long poll may also end early, when its process re-listened (announcements may have been
    // missed meanwhile): the client asks again, as any long-polling client does.
    const tPoll = performance.now();
    const poll = (async () => {
      for (;;) {
        const res = await json(await fetch(`${a.url}/v1/games/${game.body.id}?waitForVersion=${joined.body.version}`, { headers: { Authorization: bert.Authorization } }));
        if (res.status !== 200 || res.body.version > joined.body.version || performance.now() - tPoll > 10_000) return res;
      }
    })();
    await sleep(200);
    const moved = await fetch(`${b.url}/v1/games/${game.body.id}/moves`, { method: 'POST', headers: anna, body: JSON.stringify({ move: { type: 'cut', at: 12 } }) });
    const woke = await poll;
    const wakeMs = performance.now() - tPoll - 200;

    const summary = await load.done;
    const check = await checkLog(pg.url, a.url, load.acks);
    const retried = retriedOf(summary);
    console.log(
      describeRun('Postgres restart + 3 s stop', {
        servedAgainAfterRestartMs: afterRestart === null ? 'never' : Math.round(afterRestart),
        servedAgainAfterStartMs: afterStart === null ? 'never' : Math.round(afterStart),
        lobbyWhileDownMs: Math.round(lobbyMs),
        acksBeforeRestart,
        acksAfterRestart,
        ...check,
        lost: check.lost.length,
        retried,
        failedGames: summary.failedGames,
        crossProcessWakeMs: Math.round(wakeMs),
      }),
    );
    // Nothing died: the same workers, no restart by the primaries.
    expect([a.workerPid(), b.workerPid()]).toEqual(workers);
    for (const s of servers) expect(s.messages.filter((m) => m.includes('died'))).toEqual([]);
    // Back by itself, soon.
    expect(afterRestart).not.toBeNull();
    expect(afterStart).not.toBeNull();
    expect(afterStartB).not.toBeNull();
    expect(afterStart!).toBeLessThan(5000);
    expect(acksAfterRestart).toBeGreaterThan(acksBeforeRestart);
    // Down: a 503 problem with Retry-After, within the acquire timeout (and a margin), not a 500.
    expect(lobby.status).toBe(503);
    expect(lobby.body.code).toBe('DATABASE_UNAVAILABLE');
    expect(lobby.retryAfter).toBe('1');
    expect(lobbyMs).toBeLessThan(2500);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('1');
    expect(summary.errors.INTERNAL ?? 0).toBe(0);
    // LISTEN/NOTIFY works again across the processes.
    expect(moved.status).toBe(200);
    expect(woke.status).toBe(200);
    expect(woke.body.version).toBeGreaterThan(joined.body.version);
    expect(wakeMs).toBeLessThan(5000);
    // The log.
    expect(check.lost).toEqual([]);
    expect(check.gaps).toEqual([]);
    expect(check.unverified).toEqual([]);
  });
});
