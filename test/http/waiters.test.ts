// Abuse: waiter slots per client as well as per process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/problems.ts';
import { openSse } from '../support/sse.ts';
import { Client, startTestService, type TestService } from '../support/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ config: { maxWaitersPerClient: 2 }, timing: { longPollMs: 3000 } });
});
afterAll(() => service?.close());

describe('waiter slots per client', () => {
  it('refuse a client past its share (503 TOO_MANY_WAITERS with Retry-After) and leave the others theirs', async () => {
    const client = new Client(service.http);
    const { gameId, forehand, dealer, view } = await client.startedGame();
    const poll = (auth?: { Authorization: string }) => {
      const r = service.http.get(`/v1/games/${gameId}?waitForVersion=${view.version}`);
      return auth ? r.set(auth) : r;
    };
    // The dealer (not to move) waits twice: its share.
    const waiting = [poll(dealer.auth).then((r) => r), poll(dealer.auth).then((r) => r)];
    await new Promise((r) => setTimeout(r, 200));
    const third = await poll(dealer.auth);
    expectProblem(third, 503, 'TOO_MANY_WAITERS');
    expect(third.headers['retry-after']).toBe('1');
    expect(third.body.detail).toMatch(/you hold too many/);
    const stream = await fetch(`${service.url}/v1/games/${gameId}/stream`, { headers: dealer.auth });
    expect(stream.status).toBe(503);
    expect(stream.headers.get('retry-after')).toBe('1');
    await stream.body?.cancel();

    // Another player, and a reader without a token (its address), still get theirs.
    const others = [poll(forehand.auth).then((r) => r), poll().then((r) => r)];
    await new Promise((r) => setTimeout(r, 200));
    // A move wakes them all with the new version.
    await client.move(gameId, forehand, { type: 'cut', at: 10 }).expect(200);
    for (const res of await Promise.all([...waiting, ...others])) {
      expect(res.status).toBe(200);
      expect(res.body.version).toBeGreaterThan(view.version);
    }
    // The slots are free again.
    const again = await service.http.get(`/v1/games/${gameId}?waitForVersion=0`).set(dealer.auth);
    expect(again.status).toBe(200);
  });
});

describe('waiter slots per address', () => {
  let capped: TestService;
  const NO_LIMIT = { points: 0, seconds: 1 };
  beforeAll(async () => {
    capped = await startTestService({
      config: {
        maxWaiters: 20,
        maxWaitersPerClient: 4,
        maxWaitersPerAddress: 10,
        limits: { player: NO_LIMIT, anonymous: NO_LIMIT, signup: NO_LIMIT, authFailures: NO_LIMIT, pages: NO_LIMIT, trustProxy: true, proxyHops: 1 },
      },
    });
  });
  afterAll(() => capped?.close());

  const streamsOf = async (gameId: string, from: string, tokens: string[], each: number) => {
    const opened = await Promise.all(
      tokens.flatMap((token) =>
        Array.from({ length: each }, () => fetch(`${capped.url}/v1/games/${gameId}/stream`, { headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': from } })),
      ),
    );
    return opened;
  };
  const close = async (streams: Response[]) => {
    for (const s of streams) await s.body?.cancel().catch(() => {});
  };

  it('one address holds at most its share, however many players it signs up, and the others still get in', async () => {
    const client = new Client(capped.http);
    const { gameId } = await client.startedGame();
    const guests = [];
    for (let i = 0; i < 5; i++) guests.push(await client.player(`Gast${i}`));
    // 5 players × 4 streams from one address: only the address's 10 open.
    const greedy = await streamsOf(gameId, '203.0.113.66', guests.map((g) => g.token), 4);
    expect(greedy.filter((s) => s.status === 200)).toHaveLength(10);
    const refused = greedy.filter((s) => s.status !== 200);
    expect(refused).toHaveLength(10);
    for (const r of refused) {
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe('1');
      expect((await r.json()).code).toBe('TOO_MANY_WAITERS');
    }
    // Another address (and a reader without a token) still gets its streams and long polls.
    const other = await client.player('Other');
    const fair = await streamsOf(gameId, '198.51.100.99', [other.token], 2);
    expect(fair.map((s) => s.status)).toEqual([200, 200]);
    await close([...greedy, ...fair]);
  });

  it('the last tenth of the slots is kept for addresses that hold none', async () => {
    const client = new Client(capped.http);
    const { gameId } = await client.startedGame();
    // 18 slots (20 less the 2 kept) filled by nine addresses, two streams each.
    const held: Response[] = [];
    for (let a = 0; a < 9; a++) {
      const p = await client.player(`P${a}`);
      held.push(...(await streamsOf(gameId, `192.0.2.${a + 1}`, [p.token], 2)));
    }
    expect(held.every((s) => s.status === 200)).toBe(true);
    // One of them asks for a third: only the kept room is left, and it is not for it.
    const p0 = await client.player('P0b');
    const more = await streamsOf(gameId, '192.0.2.1', [p0.token], 1);
    expect(more[0].status).toBe(503);
    // A newcomer gets one.
    const newcomer = await client.player('New');
    const fresh = await streamsOf(gameId, '198.51.100.200', [newcomer.token], 1);
    expect(fresh[0].status).toBe(200);
    await close([...held, ...more, ...fresh]);
  });
});

describe('streams past the cap', () => {
  it('are always refused with 503 and Retry-After before any byte, never a 200 that says TOO_MANY_WAITERS', async () => {
    const client = new Client(service.http);
    const { dealer } = await client.startedGame();
    // Many at once, from one player whose share is 2.
    // The player's own stream reads its events from the database before it first waits: the gap in
    // which streams let in on arrival used to take their slots too late (on a Postgres server a
    // real wait; PGlite answers within the same turn, so there the race rarely shows).
    const answers = await Promise.all(Array.from({ length: 24 }, () => openSse(`${service.url}/v1/players/me/stream`, dealer.auth)));
    // Every stream let in has sent what there is, and says nothing more for a moment.
    await new Promise((r) => setTimeout(r, 500));
    const open = answers.filter((a) => a.status === 200);
    expect(open).toHaveLength(2);
    for (const a of open) expect(a.messages.filter((m) => m.event === 'error')).toEqual([]);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(503);
      expect(a.headers.get('retry-after')).toBe('1');
      expect(a.headers.get('content-type')).toMatch(/application\/problem\+json/);
    }
    await Promise.all(answers.map((a) => a.close()));
  });
});
