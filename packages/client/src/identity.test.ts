import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, claimsOf, createClient, Identity, tokenRefusal, type RenewedToken } from './index.ts';

const b64url = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** An unsigned JWT with these claims (the client reads claims, it never checks a signature). */
const jwt = (claims: object) => `${b64url('{"alg":"EdDSA"}')}.${b64url(JSON.stringify(claims))}.c2ln`;

const problem = (status: number, code: string) =>
  Response.json({ type: `t/${code}`, title: 'x', status, code, detail: code.toLowerCase() }, { status, headers: { 'Content-Type': 'application/problem+json' } });

/** A service that renews tokens and answers everything else with {}; it records what it was sent. */
function service(options: { renewal?: (body: Record<string, unknown>, n: number) => Response } = {}) {
  const sent: { method: string; path: string; auth: string | null; body: string }[] = [];
  let n = 0;
  const fetch = async (r: Request) => {
    const path = new URL(r.url).pathname;
    const entry = { method: r.method, path, auth: r.headers.get('authorization'), body: await r.text() };
    sent.push(entry);
    if (r.method === 'POST' && path === '/v1/players/me/tokens') {
      const body = JSON.parse(entry.body) as Record<string, unknown>;
      n++;
      if (options.renewal) return options.renewal(body, n);
      const token = jwt({ sub: 'p1', iat: 1000 + n, exp: 1100 + n, jti: `t${n}`, name: body.name });
      return Response.json({ tokenId: `t${n}`, token, name: body.name, scopes: body.scopes ?? ['play', 'read'], expiresAt: new Date(1100_000).toISOString() }, { status: 201 });
    }
    return Response.json({ playerId: 'p1', name: 'Anna' });
  };
  return { fetch, sent };
}

describe('a token renewed by itself', () => {
  afterEach(() => vi.useRealTimers());

  it('reads the claims it plans with (unverified), and none from a token that is no JWT', () => {
    expect(claimsOf(jwt({ exp: 200, iat: 100, jti: 'x', token_name: 'Ünïcode bot', scope: 'play read' }))).toEqual({ exp: 200, iat: 100, jti: 'x', name: 'Ünïcode bot', scopes: ['play', 'read'] });
    expect(claimsOf('opaque')).toBeNull();
  });

  it('is sent as it is while a tenth of its life is left; then the next request renews it for the same player and lifetime', async () => {
    let now = 1000_000;
    const s = service();
    const renewed: RenewedToken[] = [];
    const old = jwt({ sub: 'p1', iat: 1000, exp: 1100, name: 'web', scopes: ['play', 'read'] });
    const client = createClient({ baseUrl: 'http://x', fetch: s.fetch, token: old, now: () => now, onRenewed: (t) => renewed.push(t) });

    now = 1089_000; // 11 s of 100 left
    await client.me();
    expect(s.sent.map((r) => r.path)).toEqual(['/v1/players/me']);
    expect(s.sent[0].auth).toBe(`Bearer ${old}`);

    now = 1091_000; // 9 s left: renew, then ask
    await client.me();
    expect(s.sent.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/players/me', 'POST /v1/players/me/tokens', 'GET /v1/players/me']);
    expect(s.sent[1].auth).toBe(`Bearer ${old}`);
    // A lifetime shorter than a day: the service's default; 30 days: 30 days again.
    expect(JSON.parse(s.sent[1].body)).toEqual({ name: 'web', scopes: ['play', 'read'] });
    expect(renewed.map((t) => t.tokenId)).toEqual(['t1']);
    expect(client.token).toBe(renewed[0].token);
    expect(s.sent[2].auth).toBe(`Bearer ${renewed[0].token}`);
  });

  it('renews once for many requests at a time, and the clients that share the identity all use the new token', async () => {
    const s = service();
    const identity = new Identity(jwt({ iat: 1000, exp: 1000 + 30 * 86_400 }), { now: () => (1000 + 29 * 86_400) * 1000 });
    const base = createClient({ baseUrl: 'http://x', fetch: s.fetch });
    const a = base.withToken(identity);
    const b = base.withToken(identity);
    await Promise.all([a.me(), b.me(), a.me()]);
    expect(s.sent.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(new Set(s.sent.filter((r) => r.method === 'GET').map((r) => r.auth))).toEqual(new Set([`Bearer ${identity.token}`]));
    expect(a.token).toBe(b.token);
    expect(JSON.parse(s.sent.find((r) => r.method === 'POST')!.body)).toEqual({ name: 'renewed', expiresInDays: 30 });
  });

  it('renews without a lifetime when the service takes none; keeps the old token when a renewal fails, and tries later', async () => {
    let now = (1000 + 29 * 86_400) * 1000;
    const s = service({
      renewal: (body, n) => {
        if (n === 1) return problem(422, 'VALIDATION_FAILED');
        if (n === 2) {
          expect(body).not.toHaveProperty('expiresInDays');
          return problem(503, 'DATABASE_UNAVAILABLE');
        }
        return Response.json({ tokenId: 'new', token: jwt({ iat: 1096, exp: 1196 }), name: 'renewed', scopes: ['play'], expiresAt: null }, { status: 201 });
      },
    });
    const failures: unknown[] = [];
    const old = jwt({ iat: 1000, exp: 1000 + 30 * 86_400 });
    const client = createClient({ baseUrl: 'http://x', fetch: s.fetch, token: old, now: () => now, retry: false, onRenewalFailed: (e) => failures.push(e) });
    await client.me();
    expect(client.token).toBe(old);
    expect(failures).toHaveLength(1);
    await client.me(); // too soon to try again
    expect(s.sent.filter((r) => r.method === 'POST')).toHaveLength(2);
    now += 1_500;
    await client.me();
    expect(s.sent.filter((r) => r.method === 'POST')).toHaveLength(3);
    expect(client.token).not.toBe(old);
  });

  it('does not renew a token that never expires, nor one the service will not renew (a read-only token)', async () => {
    const s = service({ renewal: () => problem(403, 'INSUFFICIENT_SCOPE') });
    const forever = createClient({ baseUrl: 'http://x', fetch: s.fetch, token: jwt({ iat: 1000 }), now: () => 9e12 });
    await forever.me();
    expect(forever.identity!.renewAt).toBeNull();
    const reader = createClient({ baseUrl: 'http://x', fetch: s.fetch, token: jwt({ iat: 1000, exp: 1100, scopes: ['read'] }), now: () => 1095_000 });
    await reader.me();
    await reader.me();
    expect(s.sent.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(reader.identity!.renewAt).toBeNull();
  });

  it('keepRenewed renews on a timer, for a program that sends nothing for long', async () => {
    vi.useFakeTimers({ now: 1000_000 });
    const s = service({
      renewal: (_body, n) => Response.json({ tokenId: `t${n}`, token: jwt({ iat: 1000 + 90 * n, exp: 1100 + 90 * n }), expiresAt: null }, { status: 201 }),
    });
    const renewed: string[] = [];
    const client = createClient({ baseUrl: 'http://x', fetch: s.fetch, token: jwt({ iat: 1000, exp: 1100 }), onRenewed: (t) => renewed.push(t.tokenId!) });
    const stop = new AbortController();
    const running = client.identity!.keepRenewed(stop.signal);
    await vi.advanceTimersByTimeAsync(89_000);
    expect(renewed).toEqual([]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(renewed).toEqual(['t1']);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(renewed).toEqual(['t1', 't2']);
    stop.abort();
    await running;
  });
});

describe('a refused token', () => {
  it('says why: expired, revoked, or unknown to the service', () => {
    const e = (code: string, status = 401) => new ApiError(status, { type: 't', title: 't', status, code, detail: '' } as never, 'GET /x');
    expect(tokenRefusal(e('TOKEN_EXPIRED'))).toBe('expired');
    expect(tokenRefusal(e('TOKEN_REVOKED'))).toBe('revoked');
    expect(tokenRefusal(e('INVALID_TOKEN'))).toBe('unknown');
    expect(tokenRefusal(e('INSUFFICIENT_SCOPE', 403))).toBeNull();
    expect(tokenRefusal(new Error('x'))).toBeNull();
  });

  it('is reported once through onRefused, from any call, streams included', async () => {
    const refusals: string[] = [];
    const fetch = async () => problem(401, 'TOKEN_REVOKED');
    const client = createClient({ baseUrl: 'http://x', fetch, token: jwt({ iat: 1, exp: 9e9 }), onRefused: (why) => refusals.push(why) });
    await expect(client.me()).rejects.toMatchObject({ status: 401, code: 'TOKEN_REVOKED' });
    await expect(client.request('GET', '/v1/players/me/tokens')).rejects.toMatchObject({ code: 'TOKEN_REVOKED' });
    await expect((async () => {
      for await (const _ of client.myEvents()) break;
    })()).rejects.toMatchObject({ code: 'TOKEN_REVOKED' });
    expect(refusals).toEqual(['revoked']);
    expect(client.identity!.refused).toBe('revoked');
  });
});
