// kill -9 of the process running an analysis: nothing finished is lost, and another process,
// started on the same database, takes the interrupted job once its lease runs out and completes
// it (the built service: its threads run dist/analysis-worker.js).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, startServer, type ServerProcess } from '../../bench/fault-harness.ts';
import { startOwnPostgres, type OwnPostgres } from '../support/own-postgres.ts';

let pg: OwnPostgres;
const servers: ServerProcess[] = [];
// A short lease (a dead process's job is free again 2 s on), and a seat lens slow enough to be
// killed in the middle of.
const ENV = { ANALYSIS_WORKERS: '1', ANALYSIS_LEASE_MS: '2000', ANALYSIS_POLL_MS: '200', ANALYSIS_SEAT_SAMPLES: '150' };
beforeAll(async () => {
  pg = await startOwnPostgres();
  servers.push(await startServer(pg.url, ENV));
});
afterAll(async () => {
  for (const s of servers) {
    if (s.child.exitCode !== null || s.child.signalCode !== null) continue;
    s.child.kill('SIGTERM');
    await s.exited;
  }
  pg?.destroy();
});

const call = async (url: string, method: string, path: string, token?: string, body?: unknown) => {
  const res = await fetch(url + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};

/** A game played to its end (each player's first legal card or decision), on `url`. */
async function finishedGame(url: string): Promise<string> {
  const a = (await call(url, 'POST', '/v1/players', undefined, { name: 'Anna' })).body;
  const b = (await call(url, 'POST', '/v1/players', undefined, { name: 'Bert' })).body;
  const game = (await call(url, 'POST', '/v1/games', a.token, { seat: 'forehand' })).body;
  await call(url, 'POST', `/v1/games/${game.id}/join`, b.token);
  const tokens: Record<string, string> = { [a.playerId]: a.token, [b.playerId]: b.token };
  let view = (await call(url, 'GET', `/v1/games/${game.id}`)).body;
  while (view.status !== 'finished') {
    const token = tokens[view.players[view.toMove].playerId];
    const mine = (await call(url, 'GET', `/v1/games/${game.id}`, token)).body;
    const move = mine.legalMoves.find((m: { type: string }) => m.type !== 'resign');
    view = (await call(url, 'POST', `/v1/games/${game.id}/moves`, token, { move })).body.view;
  }
  return game.id;
}

async function until<T>(what: () => Promise<T>, ok: (t: T) => boolean, withinMs: number): Promise<T> {
  const t0 = performance.now();
  for (;;) {
    const t = await what();
    if (ok(t) || performance.now() - t0 > withinMs) return t;
    await sleep(100);
  }
}

describe('kill -9 of the process running an analysis', () => {
  it('loses no finished analysis; another process completes the interrupted one', async () => {
    const [a] = servers;
    const gameId = await finishedGame(a.url);
    const get = (url: string, lens: string) => call(url, 'GET', `/v1/games/${gameId}/analysis?lens=${lens}`);

    // The open lens done on A.
    expect((await call(a.url, 'POST', `/v1/games/${gameId}/analysis`)).status).toBe(202);
    const open = await until(() => get(a.url, 'open'), (r) => r.body.status === 'done', 60_000);
    expect(open.body.status).toBe('done');

    // The seat lens running on A, part done: then A's primary and its worker are killed.
    expect((await call(a.url, 'POST', `/v1/games/${gameId}/analysis?lens=seat`)).status).toBe(202);
    const running = await until(() => get(a.url, 'seat'), (r) => r.body.status !== 'queued' && r.body.progress > 0, 60_000);
    expect(running.body.status).toBe('running');
    const worker = a.workerPid();
    process.kill(a.pid, 'SIGKILL');
    if (worker) process.kill(worker, 'SIGKILL');
    await a.exited;

    // B, started on the same database, takes the job once A's lease has run out, and completes it.
    const b = await startServer(pg.url, ENV);
    servers.push(b);
    expect((await get(b.url, 'open')).body).toEqual(open.body);
    const seat = await until(() => get(b.url, 'seat'), (r) => r.body.status === 'done' || r.body.status === 'failed', 120_000);
    expect(seat.body.status).toBe('done');
    expect(seat.body.plies).toHaveLength(open.body.plies.length);
    expect((await call(b.url, 'POST', `/v1/games/${gameId}/analysis?lens=seat`)).body).toEqual(seat.body);
  });
});
