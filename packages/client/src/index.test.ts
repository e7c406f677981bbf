import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiError, createClient, type GameView } from './index.ts';

const problem = (status: number, code: string, extra: object = {}) =>
  Response.json({ type: `t/${code}`, title: 'x', status, code, detail: code.toLowerCase(), ...extra }, { status, headers: { 'Content-Type': 'application/problem+json' } });

/** A transport that records requests and answers from a list. */
function transport(...answers: (() => Response)[]) {
  const sent: { method: string; url: string; headers: Headers; body: string }[] = [];
  const fetch = async (r: Request) => {
    sent.push({ method: r.method, url: r.url, headers: r.headers, body: await r.text() });
    return answers.shift()!();
  };
  return { fetch, sent };
}

const view = { id: 'g1', version: 5, status: 'playing' } as GameView;

describe('SkatClient', () => {
  it('sends the token, JSON bodies, and hands back the data', async () => {
    const t = transport(() => Response.json(view, { status: 201 }));
    const client = createClient({ baseUrl: 'http://skat.test/', fetch: t.fetch }).withToken('tok');
    expect(await client.createGame({ variant: 'bidding' })).toEqual(view);
    expect(t.sent[0].url).toBe('http://skat.test/v1/games');
    expect(t.sent[0].headers.get('authorization')).toBe('Bearer tok');
    expect(JSON.parse(t.sent[0].body)).toEqual({ variant: 'bidding' });
  });

  it('turns a refusal into an ApiError with the problem (and a conflict’s fresh view)', async () => {
    const t = transport(() => problem(409, 'VERSION_CONFLICT', { view }), () => new Response('<html>bad gateway</html>', { status: 502 }));
    const client = createClient({ fetch: t.fetch, baseUrl: 'http://x' });
    const conflict = await client.move('g1', { type: 'play', card: 'CJ' }, { expectedVersion: 4 }).catch((e) => e);
    expect(conflict).toBeInstanceOf(ApiError);
    expect(conflict).toMatchObject({ status: 409, code: 'VERSION_CONFLICT', view });
    const gateway = await client.getGame('g1').catch((e) => e);
    expect(gateway).toMatchObject({ status: 502, code: 'HTTP_502', problem: null });
  });

  it('gives each move an Idempotency-Key and the version it was chosen at; the same key on a resend', async () => {
    const answer = { version: 6, view, events: [] };
    const t = transport(
      () => problem(409, 'VERSION_CONFLICT', { view }),
      () => Response.json(answer),
      () => Response.json(answer),
    );
    const client = createClient({ fetch: t.fetch, baseUrl: 'http://x' });
    // Without expectedVersion a lost race is sent again (the service decides it afresh).
    expect(await client.move('g1', { type: 'pass' })).toEqual(answer);
    const [first, second] = t.sent;
    expect(first.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(second.headers.get('idempotency-key')).toBe(first.headers.get('idempotency-key'));
    expect(JSON.parse(first.body)).toEqual({ move: { type: 'pass' } });

    await client.move('g1', { type: 'play', card: 'SA' }, { expectedVersion: 5 });
    expect(JSON.parse(t.sent[2].body)).toEqual({ move: { type: 'play', card: 'SA' }, expectedVersion: 5 });
    expect(t.sent[2].headers.get('idempotency-key')).not.toBe(first.headers.get('idempotency-key'));
  });

  it('sends no key when told not to (a load generator)', async () => {
    const t = transport(() => Response.json({ version: 6, view, events: [] }));
    await createClient({ fetch: t.fetch, baseUrl: 'http://x', idempotencyKeys: false }).move('g1', { type: 'pass' }, { expectedVersion: 5 });
    expect(t.sent[0].headers.get('idempotency-key')).toBeNull();
  });

  it('retries 429 and 503 through every call; no retries when turned off', async () => {
    const t = transport(
      () => problem(429, 'RATE_LIMITED', {}),
      () => Response.json({ games: [], nextCursor: null }),
    );
    const client = createClient({ fetch: t.fetch, baseUrl: 'http://x', retry: { baseDelayMs: 1 } });
    expect(await client.listGames()).toEqual({ games: [], nextCursor: null });
    expect(t.sent.map((s) => new URL(s.url, 'http://x').search)).toEqual(['?status=waiting', '?status=waiting']);

    const once = transport(() => problem(503, 'TOO_MANY_WAITERS'));
    const error = await createClient({ fetch: once.fetch, baseUrl: 'http://x', retry: false }).getGame('g1', { waitForVersion: 3 }).catch((e) => e);
    expect(error.code).toBe('TOO_MANY_WAITERS');
    expect(once.sent).toHaveLength(1);
    expect(once.sent[0].url).toContain('/v1/games/g1?waitForVersion=3');
  });

  it('raw requests go over the same transport (204: undefined)', async () => {
    const t = transport(() => new Response(null, { status: 204 }), () => problem(422, 'GAME_STARTED'));
    const client = createClient({ fetch: t.fetch, baseUrl: 'http://x', token: 't' });
    expect(await client.request('DELETE', '/v1/games/g1')).toBeUndefined();
    expect(t.sent[0]).toMatchObject({ method: 'DELETE', url: 'http://x/v1/games/g1' });
    expect(t.sent[0].headers.get('authorization')).toBe('Bearer t');
    await expect(client.request('DELETE', '/v1/games/g1')).rejects.toMatchObject({ code: 'GAME_STARTED', status: 422 });
  });
});

describe('the pairing pool', () => {
  it('seeks, reads, lists and withdraws seeks; a refusal is an ApiError', async () => {
    const seek = { seekId: 's1', status: 'waiting' };
    const t = transport(
      () => Response.json({ ...seek, status: 'paired', gameId: 'g1' }, { status: 201 }),
      () => Response.json(seek),
      () => Response.json({ items: [seek], nextCursor: null }),
      () => new Response(null, { status: 204 }),
      () => problem(429, 'TOO_MANY_SEEKS'),
    );
    const client = createClient({ fetch: t.fetch, baseUrl: 'http://x', token: 't', retry: false });
    expect(await client.createSeek({ variant: 'classic', rated: true, ratingRange: [1400, 1600], whileConnected: true })).toMatchObject({ status: 'paired', gameId: 'g1' });
    expect(t.sent[0]).toMatchObject({ method: 'POST', url: 'http://x/v1/seeks' });
    expect(JSON.parse(t.sent[0].body)).toEqual({ variant: 'classic', rated: true, ratingRange: [1400, 1600], whileConnected: true });
    expect(await client.getSeek('s1')).toEqual(seek);
    expect(t.sent[1]).toMatchObject({ method: 'GET', url: 'http://x/v1/seeks/s1' });
    expect((await client.listSeeks({ limit: 5 })).items).toEqual([seek]);
    expect(t.sent[2].url).toBe('http://x/v1/seeks?limit=5');
    expect(await client.withdrawSeek('s1')).toBeUndefined();
    expect(t.sent[3]).toMatchObject({ method: 'DELETE', url: 'http://x/v1/seeks/s1' });
    await expect(client.createSeek({ variant: 'classic' })).rejects.toMatchObject({ status: 429, code: 'TOO_MANY_SEEKS' });
  });
});

describe('src/client', () => {
  it('runs in a browser too: no node: imports, no Node globals', () => {
    const dir = new URL('./', import.meta.url);
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(files).toContain('index.ts');
    for (const f of files) {
      const source = readFileSync(new URL(f, dir), 'utf8');
      expect(source, f).not.toMatch(/from ['"]node:|require\(|\bprocess\.|\bBuffer\b/);
    }
  });
});
