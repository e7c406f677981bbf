// Waiting for the opponent: long-poll and SSE, woken across server instances via the
// database's LISTEN/NOTIFY, resumable, capped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestService, twoInstances, type TestService } from '../support/service.ts';
import { openSse } from '../support/sse.ts';

// Two instances on one database (see twoInstances).
let a: TestService;
let b: TestService;
let instances: Awaited<ReturnType<typeof twoInstances>>;

beforeAll(async () => {
  instances = await twoInstances({ timing: { heartbeatMs: 300 } });
  ({ a, b } = instances);
});
afterAll(() => instances?.close());

describe('long-poll across instances', () => {
  it('a client waiting on A wakes when the move is made through B', async () => {
    const { gameId, forehand, dealer, view } = await new Client(a.http).startedGame();
    const started = Date.now();
    const waiting = a.http.get(`/v1/games/${gameId}?waitForVersion=${view.version}`).set(dealer.auth);
    const pending = new Promise<{ status: number; body: { version: number; status: string } }>((resolve, reject) =>
      waiting.end((err, res) => (err ? reject(err) : resolve(res))),
    );
    await new Promise((r) => setTimeout(r, 300));
    await new Client(b.http).move(gameId, forehand, { type: 'cut', at: 10 }).expect(200);
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.body.version).toBeGreaterThan(view.version);
    expect(res.body.status).toBe('declaring');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('answers at once when the version has already passed', async () => {
    const { gameId, dealer } = await new Client(a.http).startedGame();
    const res = await a.http.get(`/v1/games/${gameId}?waitForVersion=0`).set(dealer.auth).expect(200);
    expect(res.body.version).toBeGreaterThan(0);
  });
});

describe('Server-Sent Events', () => {
  it('streams redacted events from another instance, heartbeats, and resumes with Last-Event-ID', async () => {
    const client = new Client(a.http);
    const { gameId, forehand, dealer } = await client.startedGame();
    const first = await openSse(`${b.url}/v1/games/${gameId}/stream`, dealer.auth);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/text\/event-stream/);
    await first.until((m) => m.filter((x) => x.id).length === 2); // two seated events
    await first.until((m) => m.some((x) => x.comment === 'heartbeat'));
    await client.move(gameId, forehand, { type: 'cut', at: 12 }).expect(200);
    await first.until((m) => m.some((x) => x.event === 'cut'));
    await first.until((m) => m.filter((x) => x.event === 'dealt').length === 3);
    const seen = first.messages.filter((x) => x.id).map((x) => Number(x.id));
    expect(seen).toEqual(seen.map((_, i) => i + 1));
    // The dealer sees no covered card of either side in the stream.
    const dealtCovered = first.messages.filter((x) => x.event === 'dealt').map((x) => JSON.parse(x.data!));
    for (const e of dealtCovered) if (e.to === 'covered') expect(e.cards.every((c: string) => c === 'hidden')).toBe(true);
    await first.close();

    // While disconnected, the game moves on; the resumed stream replays exactly the missed events.
    const lastId = seen.at(-1)!;
    const moved = await client.move(gameId, forehand, { type: 'declare', game: 'grand' }).expect(200);
    const resumed = await openSse(`${a.url}/v1/games/${gameId}/stream`, { ...dealer.auth, 'Last-Event-ID': String(lastId) });
    await resumed.until((m) => m.filter((x) => x.id).length >= moved.body.events.length);
    const ids = resumed.messages.filter((x) => x.id).map((x) => Number(x.id));
    expect(ids).toEqual(moved.body.events.map((e: { seq: number }) => e.seq));
    await resumed.close();
  });

  it('closes after the final event', async () => {
    const client = new Client(a.http);
    const { gameId, forehand } = await client.startedGame();
    await client.move(gameId, forehand, { type: 'resign' }).expect(200);
    const sse = await openSse(`${a.url}/v1/games/${gameId}/stream`);
    await sse.until(() => false).catch(() => {});
    expect(sse.ended).toBe(true);
    expect(sse.messages.at(-1)?.event).toBe('finished');
  });
});

describe('the waiter cap', () => {
  let capped: TestService;
  beforeAll(async () => {
    capped = await startTestService({ database: instances.dbs[0], config: { maxWaiters: 1 } });
  });
  afterAll(() => capped?.close());

  it('answers 503 problem+json past the cap', async () => {
    const { gameId, view } = await new Client(capped.http).startedGame();
    const sse = await openSse(`${capped.url}/v1/games/${gameId}/stream`);
    await sse.until((m) => m.length >= 2);
    const res = await capped.http.get(`/v1/games/${gameId}?waitForVersion=${view.version}`);
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body.code).toBe('TOO_MANY_WAITERS');
    await sse.close();
  });
});
