// One client cannot degrade the service for the others (issue 22): the OpenAPI document built
// once and revalidated, a budget for what costs work outside /v1, failed authentication counted
// per address, the address a trusted proxy saw, strict UTF-8 bodies, honest 404/405s, reason
// phrases as titles, the public URL in the document, the metrics token compared in constant time.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { loadConfig } from '../../src/app/config.ts';
import { createApp } from '../../src/app/app.ts';
import { inertDeps } from '../../src/app/spec.ts';
import { PROBLEMS } from '../../src/app/problems.ts';
import { problemBody, ProblemError, type ProblemCode } from '../../src/platform/http/problems.ts';
import { expectProblem } from '../support/problems.ts';
import { Client, startTestService, type TestService } from '../support/service.ts';

vi.mock('../../src/platform/http/same-secret.ts', async (original) => {
  const real = await original<typeof import('../../src/platform/http/same-secret.ts')>();
  return { sameSecret: vi.fn(real.sameSecret) };
});
const { sameSecret } = await import('../../src/platform/http/same-secret.ts');

const NO_LIMITS = { points: 0, seconds: 1 };
const limits = (over: Partial<ReturnType<typeof loadConfig>['limits']>) => ({
  player: NO_LIMITS,
  anonymous: NO_LIMITS,
  signup: NO_LIMITS,
  authFailures: NO_LIMITS,
  pages: NO_LIMITS,
  signin: NO_LIMITS,
  signinAddress: NO_LIMITS,
  signinUsernameAddress: NO_LIMITS,
  exports: NO_LIMITS,
  trustProxy: true,
  proxyHops: 1,
  ...over,
});

describe('the OpenAPI document', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ config: { limits: limits({ pages: { points: 5, seconds: 60 } }) } });
  });
  afterAll(() => service?.close());

  it('is built once, served with an ETag, and If-None-Match answers 304', async () => {
    const first = await service.http.get('/openapi.json').set('X-Forwarded-For', '192.0.2.1').expect(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toMatch(/max-age=\d+/);
    // Gzipped for a client that takes it (supertest asks for gzip and unpacks it).
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.body.openapi).toBe('3.1.0');
    const again = await service.http.get('/openapi.json').set('X-Forwarded-For', '192.0.2.1').expect(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.etag).toBe(etag);
    const cached = await service.http.get('/openapi.json').set('X-Forwarded-For', '192.0.2.1').set('If-None-Match', etag);
    expect(cached.status).toBe(304);
    expect(cached.text ?? '').toBe('');
  });

  it('is built once per process: the second request does not render it again', async () => {
    const app = createApp(inertDeps());
    const spy = vi.spyOn(JSON, 'stringify');
    try {
      expect((await app.request('/openapi.json')).status).toBe(200);
      const big = () => spy.mock.results.filter((r) => typeof r.value === 'string' && r.value.length > 100_000).length;
      // Building it writes the document out (closing its schemas reads it as text too).
      const built = big();
      expect(built).toBeGreaterThan(0);
      expect((await app.request('/openapi.json')).status).toBe(200);
      expect(big()).toBe(built);
    } finally {
      spy.mockRestore();
    }
  });

  it('and the other pages that cost work have a budget per address; /healthz has none', async () => {
    const from = (a: string) => ({ 'X-Forwarded-For': a });
    const statuses = [];
    for (const path of ['/openapi.json', '/docs', '/readyz', '/openapi.json', '/docs/init.js', '/openapi.json'])
      statuses.push((await service.http.get(path).set(from('192.0.2.9'))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const cut = await service.http.get('/readyz').set(from('192.0.2.9'));
    expectProblem(cut, 429, 'RATE_LIMITED');
    expect(cut.headers['ratelimit-policy']).toBe('"pages";q=5;w=60');
    for (let i = 0; i < 20; i++) expect((await service.http.get('/healthz').set(from('192.0.2.9'))).status).toBe(200);
    // Another address has its own budget.
    expect((await service.http.get('/openapi.json').set(from('192.0.2.10'))).status).toBe(200);
  });
});

describe('PUBLIC_URL', () => {
  it("is the document's server; without it the server is relative", async () => {
    const deps = inertDeps();
    const app = createApp({ ...deps, config: { ...deps.config, publicUrl: 'https://skat.example.com' } });
    const doc = await (await app.request('/openapi.json')).json();
    expect(doc.servers).toEqual([{ url: 'https://skat.example.com', description: expect.any(String) }]);
    const plain = await (await createApp(inertDeps()).request('/openapi.json')).json();
    expect(plain.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    // The committed document is the relative one.
    expect(JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8')).servers).toEqual(plain.servers);
  });
});

describe('failed authentication', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ config: { limits: limits({ authFailures: { points: 3, seconds: 60 }, anonymous: { points: 100, seconds: 60 } }) } });
  });
  afterAll(() => service?.close());

  it('counts against the address: malformed, forged and unknown-player tokens, then 429 before any check', async () => {
    const anna = await new Client(service.http).player('Anna');
    const [, payload] = anna.token.split('.');
    const forged = `${anna.token.split('.')[0]}.${payload}.${'A'.repeat(86)}`;
    const from = { 'X-Forwarded-For': '198.51.100.50' };
    const tries = [
      await service.http.get('/v1/games').set(from).set('Authorization', 'Bearer not.a.token'),
      await service.http.get('/v1/games').set(from).set('Authorization', `Bearer ${forged}`),
      await service.http.get('/v1/games').set(from).set('Authorization', 'Basic abc'),
    ];
    expect(tries.map((r) => r.status)).toEqual([401, 401, 401]);
    const cut = await service.http.get('/v1/games').set(from).set('Authorization', 'Bearer not.a.token');
    expectProblem(cut, 429, 'RATE_LIMITED');
    expect(cut.headers['ratelimit-policy']).toBe('"auth-failures";q=3;w=60');
    expect(Number(cut.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Even a good token from that address waits: nothing is verified there for a while.
    expectProblem(await service.http.get('/v1/players/me').set(from).set(anna.auth), 429, 'RATE_LIMITED');
    // Elsewhere the good token works, and another address has its own budget.
    await service.http.get('/v1/players/me').set('X-Forwarded-For', '198.51.100.51').set(anna.auth).expect(200);
  });

  it('a validly signed token of a player that does not exist counts too', async () => {
    const from = { 'X-Forwarded-For': '198.51.100.60' };
    const ghost = await service.deps.tokens.issue('00000000-0000-4000-8000-000000000000');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await service.http.get('/v1/games').set(from).set('Authorization', `Bearer ${ghost.token}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('X-Forwarded-For behind trusted proxies', () => {
  it('takes the rightmost entry (one proxy), or the Nth from the right (TRUST_PROXY=N)', async () => {
    const one = await startTestService({ config: { limits: limits({ signup: { points: 2, seconds: 60 } }) } });
    const two = await startTestService({ config: { limits: limits({ signup: { points: 2, seconds: 60 }, proxyHops: 2 }) } });
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await one.http.post('/v1/players').set('X-Forwarded-For', `10.0.0.${i}, 203.0.113.7`).send({ name: 'Gast' })).status);
      expect(statuses).toEqual([201, 201, 429, 429, 429, 429]);
      const behindTwo = [];
      for (let i = 0; i < 4; i++)
        behindTwo.push((await two.http.post('/v1/players').set('X-Forwarded-For', `10.0.0.${i}, 203.0.113.8, 172.16.0.${i}`).send({ name: 'Gast' })).status);
      expect(behindTwo).toEqual([201, 201, 429, 429]);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('TRUST_PROXY reads true, false or a number of proxies', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).limits).toMatchObject({ trustProxy: true, proxyHops: 1 });
    expect(loadConfig({ TRUST_PROXY: '3' }).limits).toMatchObject({ trustProxy: true, proxyHops: 3 });
    expect(loadConfig({ TRUST_PROXY: '0' }).limits).toMatchObject({ trustProxy: false });
  });
});

describe('the edge', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ config: { metrics: { enabled: true, token: 'a-long-enough-metrics-token' } } });
  });
  afterAll(() => service?.close());

  it('refuses a body that is not valid UTF-8 (a stray byte, an overlong form) with 400 MALFORMED_JSON', async () => {
    const post = (body: Buffer) => fetch(`${service.url}/v1/players`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: new Uint8Array(body) });
    for (const bytes of [Buffer.from('{"name":"ab\xff\xfecd"}', 'latin1'), Buffer.from('{"name":"a\xc0\xafb"}', 'latin1')]) {
      const res = await post(bytes);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'MALFORMED_JSON', detail: 'the body is not valid UTF-8' });
    }
    // Real UTF-8 passes.
    const ok = await post(Buffer.from('{"name":"Jörg ♣"}', 'utf8'));
    expect(ok.status).toBe(201);
    expect((await ok.json()).name).toBe('Jörg ♣');
  });

  it('answers 404 for a path that is no route (a trailing slash), 405 only where the method is missing', async () => {
    expectProblem(await service.http.get('/v1/games/'), 404, 'NOT_FOUND');
    expectProblem(await service.http.post('/v1/players/').send({ name: 'x' }), 404, 'NOT_FOUND');
    const wrong = await service.http.put('/v1/games').send({});
    expectProblem(wrong, 405, 'METHOD_NOT_ALLOWED');
    expect(wrong.headers.allow).toBe('GET, HEAD, OPTIONS, POST');
  });

  it("gives every status of the catalogue its reason phrase as the problem's title", async () => {
    for (const code of Object.keys(PROBLEMS) as ProblemCode[]) {
      const body = problemBody(new ProblemError(code, 'x'));
      expect(body.title, code).not.toBe('Error');
    }
    expect(problemBody(new ProblemError('RATE_LIMITED', 'x')).title).toBe('Too Many Requests');
  });

  it('compares METRICS_TOKEN in constant time', async () => {
    vi.mocked(sameSecret).mockClear();
    expectProblem(await service.http.get('/metrics').set('Authorization', 'Bearer wrong-but-long-enough-token'), 401, 'INVALID_TOKEN');
    await service.http.get('/metrics').set('Authorization', 'Bearer a-long-enough-metrics-token').expect(200);
    expect(vi.mocked(sameSecret)).toHaveBeenCalledTimes(2);
  });
});

describe("node's own refusals", () => {
  let service: TestService;
  const lines: Record<string, unknown>[] = [];
  const log = { info: (f: Record<string, unknown>) => lines.push(f), error: (f: Record<string, unknown>) => lines.push(f) };
  beforeAll(async () => {
    const timeouts = { ...loadConfig({}).timeouts, httpHeadersMs: 400, httpRequestMs: 800 };
    service = await startTestService({ config: { timeouts }, log });
  });
  afterAll(() => service?.close());

  /** Sends raw bytes and reads what comes back until the server closes. */
  const raw = (bytes: string, pauseMs = 0) =>
    new Promise<string>((resolve, reject) => {
      const { port } = new URL(service.url);
      const socket = connect(Number(port), '127.0.0.1');
      let got = '';
      socket.on('data', (d) => (got += d.toString('latin1')));
      socket.on('close', () => resolve(got));
      socket.on('error', reject);
      socket.write(bytes);
      if (pauseMs) setTimeout(() => socket.end(), pauseMs);
    });
  const parse = (answer: string) => {
    const [head, body] = answer.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), head, body: JSON.parse(body) };
  };

  it('431 for headers too large: problem+json with a request id, and an access-log line', async () => {
    const answer = parse(await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.head).toMatch(/content-type: application\/problem\+json/i);
    expect(answer.body).toMatchObject({ status: 431, code: 'HEADERS_TOO_LARGE', title: 'Request Header Fields Too Large' });
    expect(lines).toContainEqual(expect.objectContaining({ requestId: answer.body.requestId, status: 431 }));
  });

  it('408 for a request that does not arrive in time', async () => {
    const answer = parse(await raw('GET /healthz HTTP/1.1\r\nHost: x\r\n', 5000));
    expect(answer.status).toBe(408);
    expect(answer.body).toMatchObject({ status: 408, code: 'REQUEST_TIMEOUT', title: 'Request Timeout' });
    expect(lines).toContainEqual(expect.objectContaining({ requestId: answer.body.requestId, status: 408 }));
  });

  it('400 for bytes that are no HTTP', async () => {
    const answer = parse(await raw('HELLO THERE\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'MALFORMED_REQUEST' });
  });
});
