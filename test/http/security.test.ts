// Security headers on every answer: the API's answers load nothing and are never framed; the
// pages (the web client, /docs) load from their own origin only, with no inline script or style.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestService, type TestService } from '../support/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service?.close());

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
      service.http.get('/v1/no/such/route'),
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

  it('give the pages (the web client, /docs) a policy of their own origin', async () => {
    for (const path of ['/', '/play/0b7e2a58-3c1d-4f6a-9e85-2d4c6b1a7f30', '/docs']) {
      const res = await service.http.get(path);
      expect(csp(res), path).toMatchObject({ 'default-src': ["'self'"], 'script-src': ["'self'"], 'style-src': ["'self'"], 'frame-ancestors': ["'none'"] });
    }
  });

  it('let /docs load every script and stylesheet it names, with no inline script', async () => {
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
