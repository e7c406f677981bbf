// Abuse: waiter slots per client as well as per process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/problems.ts';
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
