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

describe('security headers', () => {
  const csp = (res: { headers: Record<string, string> }) =>
    Object.fromEntries(res.headers['content-security-policy'].split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));

  it('are on every response, with a policy that loads nothing on the API', async () => {
    const client = new Client(service.http);
    const { gameId } = await client.startedGame();
    const responses = await Promise.all([
      service.http.get('/healthz'),
      service.http.get(`/v1/games/${gameId}`),
      service.http.get('/v1/games/nope'),
      service.http.get('/no/such/route'),
      service.http.post('/v1/players').send('{'),
      service.http.get('/openapi.json'),
    ]);
    for (const res of responses) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
      expect(csp(res)).toMatchObject({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
    }
    const stream = await fetch(`${service.url}/v1/games/${gameId}/stream`);
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
    expect(stream.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    await stream.body?.cancel();
  });

  it('let /docs load every script and stylesheet it names, with no inline script but the one hashed', async () => {
    const res = await service.http.get('/docs');
    expect(res.status).toBe(200);
    const policy = csp(res);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    const allowed = (directive: string, src: string) => {
      const url = new URL(src, service.url);
      return url.origin === service.url ? policy[directive].includes("'self'") : policy[directive].some((s: string) => s === url.origin || src.startsWith(s));
    };
    const scripts = [...res.text.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    const styles = [...res.text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) expect(allowed('script-src', src), src).toBe(true);
    for (const href of styles) expect(allowed('style-src', href), href).toBe(true);
    const { createHash } = await import('node:crypto');
    for (const [, body] of res.text.matchAll(/<script>([\s\S]*?)<\/script>/g))
      expect(policy['script-src']).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    // What it loads from this service is there.
    for (const src of [...scripts, ...styles].filter((s) => new URL(s, service.url).origin === service.url))
      expect((await service.http.get(new URL(src, service.url).pathname)).status, src).toBe(200);
  });
});
