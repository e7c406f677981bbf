// GET /metrics: off unless configured, behind its token when one is set, and counting what an
// operator watches (requests by route and status, moves by variant, group-commit batches, the
// game cache, waiters and streams, database connections, the event loop).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/problems.ts';
import { playToEnd } from '../support/matches.ts';
import { Client, startTestService, type TestService } from '../support/service.ts';
import { openSse } from '../support/sse.ts';
import { testDriver } from '../support/db.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
let off: TestService;
let on: TestService;

beforeAll(async () => {
  off = await startTestService();
  on = await startTestService({ config: { metrics: { enabled: true, token: TOKEN } }, timing: { heartbeatMs: 200 } });
});
afterAll(async () => {
  await off?.close();
  await on?.close();
});

/** The value of a sample line `name{labels} value` (the labels as written, in order). */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `) || (labels === '' && l.startsWith(`${name} `)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  it('is off unless METRICS=on', async () => {
    expectProblem(await off.http.get('/metrics'), 404, 'NOT_FOUND');
  });

  it('with METRICS_TOKEN, needs it as a bearer token', async () => {
    expectProblem(await on.http.get('/metrics'), 401, 'INVALID_TOKEN');
    expectProblem(await on.http.get('/metrics').set('Authorization', 'Bearer nope'), 401, 'INVALID_TOKEN');
    const res = await on.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('counts requests by route, moves by variant, batches, cache hits, streams and waiters', async () => {
    const client = new Client(on.http);
    const g = await client.startedGame({ variant: 'halfOpen' });
    const watching = await openSse(`${on.url}/v1/games/${g.gameId}/stream`);
    await playToEnd(client, g.gameId, [g.forehand, g.dealer], 3);
    await watching.until((m) => m.some((x) => x.event === 'finished'));
    const stillOpen = await openSse(`${on.url}/v1/players/me/stream`, g.forehand.auth);
    await stillOpen.until((m) => m.length > 0);

    const text = (await on.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;
    const moves = sample(text, 'skat_moves_total', '{variant="halfOpen"}')!;
    expect(moves).toBeGreaterThan(10);
    expect(sample(text, 'http_requests_total', '{method="POST",route="/v1/games/:gameId/moves",status="200"}')).toBe(moves);
    expect(sample(text, 'http_requests_total', '{method="POST",route="/v1/games/:gameId/join",status="200"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', '{method="POST",route="/v1/games/:gameId/moves"}')).toBe(moves);
    expect(text).not.toContain(g.gameId); // routes, never ids
    expect(sample(text, 'skat_group_commit_batch_size_count')).toBeGreaterThan(0);
    expect(sample(text, 'skat_game_cache_hits_total')).toBeGreaterThan(0);
    expect(sample(text, 'skat_game_cache_misses_total')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'skat_streams_open')).toBe(1);
    expect(sample(text, 'skat_waiters')).toBe(1);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    if (testDriver === 'postgres') expect(sample(text, 'skat_db_connections', '{state="idle"}')).toBeGreaterThanOrEqual(1);
    await stillOpen.close();
    await watching.close();
  });
});
