// Cross-origin use and rate limits: a browser on another origin can call the API (preflight
// answered, the headers a client needs exposed); a burst is cut with 429 and the IETF headers,
// per player and per address; normal bot play at full speed is not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/app/config.ts';
import { runBots } from '../../src/cli/bot-runner.ts';
import type { Database } from '../../src/platform/db/client.ts';
import { openTestDatabase } from '../support/db.ts';
import { expectProblem } from '../support/problems.ts';
import { Client, startTestService, type TestService } from '../support/service.ts';

const DEFAULTS = loadConfig({});

// One database for the file: the services below differ in their HTTP settings only (the rate
// limits are counted in each process's memory), and the bots' games are their own.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe('cross-origin use', () => {
  let service: TestService;
  let only: TestService;
  beforeAll(async () => {
    service = await startTestService({ database });
    only = await startTestService({ database, config: { corsOrigins: ['https://play.example.com'] } });
  });
  afterAll(async () => {
    await service?.close();
    await only?.close();
  });

  it('answers a preflight from any origin, and exposes what a client reads', async () => {
    const preflight = await service.http
      .options('/v1/games/x/moves')
      .set('Origin', 'https://elsewhere.example')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization, content-type, idempotency-key');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']?.toLowerCase()).toContain('idempotency-key');

    const anna = await new Client(service.http).player('Anna');
    const created = await service.http.post('/v1/games').set(anna.auth).set('Origin', 'https://elsewhere.example').send({}).expect(201);
    expect(created.headers['access-control-allow-origin']).toBe('*');
    const exposed = created.headers['access-control-expose-headers'];
    for (const h of ['ETag', 'Location', 'Retry-After', 'RateLimit', 'RateLimit-Policy']) expect(exposed).toContain(h);
    // Errors too: a browser must be able to read the problem.
    const missing = await service.http.get('/v1/games/nope').set('Origin', 'https://elsewhere.example');
    expectProblem(missing, 404, 'GAME_NOT_FOUND');
    expect(missing.headers['access-control-allow-origin']).toBe('*');
  });

  it('with CORS_ORIGINS, only those origins', async () => {
    const allowed = await only.http.get('/healthz').set('Origin', 'https://play.example.com').expect(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://play.example.com');
    const other = await only.http.get('/healthz').set('Origin', 'https://evil.example').expect(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('rate limits', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({
      database,
      config: {
        limits: { player: { points: 20, seconds: 60 }, anonymous: { points: 10, seconds: 60 }, signup: { points: 5, seconds: 60 },
        authFailures: { points: 0, seconds: 1 },
        pages: { points: 0, seconds: 1 },
        trustProxy: true,
        proxyHops: 1,
      },
      },
    });
  });
  afterAll(() => service?.close());

  const signUp = (from: string) => service.http.post('/v1/players').set('X-Forwarded-For', from).send({ name: 'Gast' });

  it('cuts a burst of sign-ups from one address with 429, Retry-After and the RateLimit headers', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await signUp('203.0.113.1'));
    expect(answers.slice(0, 5).map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(answers[0].headers['ratelimit-policy']).toBe('"signup";q=5;w=60');
    expect(answers[4].headers.ratelimit).toMatch(/^"signup";r=0;t=\d+$/);
    const cut = answers[5];
    expectProblem(cut, 429, 'RATE_LIMITED');
    expect(Number(cut.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(cut.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(cut.headers['ratelimit-policy']).toBe('"signup";q=5;w=60');
    // Another address has its own budget.
    expect((await signUp('203.0.113.2')).status).toBe(201);
  });

  it('counts calls without a token by address, and calls with one by player', async () => {
    const anon = [];
    for (let i = 0; i < 11; i++) anon.push((await service.http.get('/v1/games').set('X-Forwarded-For', '198.51.100.7')).status);
    expect(anon).toEqual([...Array(10).fill(200), 429]);

    const anna = (await signUp('198.51.100.8')).body;
    const bert = (await signUp('198.51.100.8')).body;
    const as = (p: { token: string }) => ({ Authorization: `Bearer ${p.token}` });
    const statuses = [];
    // Her token's budget, whatever address she calls from (the address's anonymous one is spent).
    for (let i = 0; i < 21; i++) statuses.push((await service.http.get('/v1/players/me').set(as(anna)).set('X-Forwarded-For', '198.51.100.7')).status);
    expect(statuses).toEqual([...Array(20).fill(200), 429]);
    const cut = await service.http.get('/v1/players/me').set(as(anna));
    expectProblem(cut, 429, 'RATE_LIMITED');
    expect(cut.headers['ratelimit-policy']).toBe('"player";q=20;w=60');
    expect((await service.http.get('/v1/players/me').set(as(bert))).status).toBe(200);
  });

  it('documents 429 with its headers on every /v1 operation', async () => {
    const doc = (await service.http.get('/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;
    };
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!path.startsWith('/v1/')) continue;
      for (const [method, op] of Object.entries(item)) {
        expect(op.responses['429'], `${method} ${path}`).toBeDefined();
        expect(Object.keys(op.responses['429'].headers ?? {})).toEqual(['Retry-After', 'RateLimit', 'RateLimit-Policy']);
      }
    }
  });
});

describe('the default limits', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ database, config: { limits: DEFAULTS.limits } });
  });
  afterAll(() => service?.close());

  it('let bots play whole games at full speed (long polls and moves) without a 429', async () => {
    const started = performance.now();
    const summary = await runBots({ server: service.url, games: 8, concurrency: 2, strategy: 'greedy', opponent: 'random', seed: 11 });
    const seconds = (performance.now() - started) / 1000;
    expect(summary.errors).toEqual({});
    expect(summary.games).toBe(8);
    // How fast that was, for the record: requests per second of one bot's token.
    const perBot = (summary.moves * 2) / 4 / seconds;
    console.log(`bots at full speed: ${summary.moves} moves in ${seconds.toFixed(1)} s, about ${Math.round(perBot)} requests/s per bot token; default budget ${DEFAULTS.limits.player.points} per ${DEFAULTS.limits.player.seconds} s`);
  });
});
