// kill -9 of the serving process of one of two servers under load: its primary starts a new worker
// and it serves again; the bots on it fail over to the other server meanwhile; every move a client
// got a 200 for is in the log exactly once, no log has a gap, every finished record verifies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLog, describeRun, retriedOf, sleep, startLoad, startServer, untilReady, type ServerProcess } from '../../bench/fault-harness.ts';
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

describe('kill -9 of one of two processes under load', () => {
  it('loses no acknowledged move, and the process serves again by itself', async () => {
    const [a, b] = servers;
    const load = startLoad([a.url, b.url], { concurrency: 8, seconds: 8 });
    await sleep(3000);
    const worker = a.workerPid();
    expect(worker).not.toBeNull();
    const acksBefore = load.acks.length;
    process.kill(worker!, 'SIGKILL');
    const servedAgainMs = await untilReady(a.url, 30_000);
    const summary = await load.done;
    const check = await checkLog(pg.url, b.url, load.acks);
    const retried = retriedOf(summary);
    console.log(
      describeRun('kill -9 (worker of A)', {
        servedAgainMs: servedAgainMs === null ? 'never' : Math.round(servedAgainMs),
        acksBefore,
        ...check,
        lost: check.lost.length,
        retried,
        failedGames: summary.failedGames,
      }),
    );
    expect(servedAgainMs).not.toBeNull();
    expect(a.workerPid()).not.toBe(worker);
    expect(a.messages.some((m) => m.includes('died (SIGKILL)'))).toBe(true);
    expect(load.acks.length).toBeGreaterThan(acksBefore);
    expect(check.lost).toEqual([]);
    expect(check.gaps).toEqual([]);
    expect(check.unverified).toEqual([]);
  });
});
