// A web client on another origin, in a real browser: its calls with a bearer token (a preflight
// each) reach the API, and it can read the answers and the headers a client needs (Location,
// ETag, X-Request-Id, the rate-limit headers); an origin not in CORS_ORIGINS cannot.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestService, testConfig, type TestService } from '../support/service.ts';
import { browserSuite, DESKTOP, launchBrowser } from './support/browser.ts';

browserSuite('the API from another origin', () => {
  let open: TestService;
  let only: TestService;
  let site: Server;
  let siteUrl: string;
  let browser: Browser;
  beforeAll(async () => {
    // A player's budget on, so its headers are there to read.
    open = await startTestService({ config: { limits: { ...testConfig().limits, player: { points: 1000, seconds: 60 } } } });
    only = await startTestService({ config: { corsOrigins: ['https://play.example.com'] } });
    // Another origin: a page of its own, nothing else.
    site = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>elsewhere</title>'));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://localhost:${(site.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    site?.close();
    await open?.close();
    await only?.close();
  });

  /** What a page on the other origin gets from the API: a player, a game, the game read back. */
  const play = async (api: string) => {
      const json = { 'Content-Type': 'application/json' };
      const created = await fetch(`${api}/v1/players`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Elsewhere' }) });
      const player = await created.json();
      const auth = { ...json, Authorization: `Bearer ${player.token}` };
      const game = await fetch(`${api}/v1/games`, { method: 'POST', headers: auth, body: '{}' });
      const view = await game.json();
      const read = await fetch(`${api}/v1/games/${view.id}`, { headers: { Authorization: auth.Authorization } });
      return {
        status: [created.status, game.status, read.status],
        location: game.headers.get('Location'),
        etag: read.headers.get('ETag'),
        requestId: read.headers.get('X-Request-Id'),
        rateLimit: read.headers.get('RateLimit'),
        you: (await read.json()).you,
      };
  };

  it('calls the API with a bearer token and reads what it needs', async () => {
    const page = await (await browser.newContext(DESKTOP)).newPage();
    await page.goto(siteUrl);
    const got = await page.evaluate(play, open.url);
    expect(got).toMatchObject({ status: [201, 201, 200] });
    expect(['forehand', 'dealer']).toContain(got.you);
    const { location, etag, requestId, rateLimit } = got;
    expect(location).toMatch(/^\/v1\/games\//);
    expect(etag).toMatch(/^W?\/?"/);
    expect(requestId).toBeTruthy();
    expect(rateLimit).toMatch(/^"player";r=\d+;t=\d+$/);
  });

  it('cannot call a service that names other origins only', async () => {
    const page = await (await browser.newContext(DESKTOP)).newPage();
    await page.goto(siteUrl);
    const refused = await page.evaluate(`fetch(${JSON.stringify(`${only.url}/v1/players`)}, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"x"}' }).then(() => 'answered', (e) => e.name)`);
    expect(refused).toBe('TypeError');
  });
});
