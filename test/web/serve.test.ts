// The service serves the built web client at /, /play/… and /replay/… (no browser needed): types,
// caching, gzip, the SPA fallback for those paths only, the API's routes untouched, a clear 404
// problem without a build.
import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountWebClient } from '../../src/platform/http/web.ts';
import { createApi } from '../../src/platform/http/edge.ts';
import { type ProblemError, problemResponse } from '../../src/platform/http/problems.ts';
import { startTestService, type TestService } from '../support/service.ts';
import { ensureWebBuild } from './support/build.ts';

let service: TestService;
let build: string;
beforeAll(async () => {
  build = await ensureWebBuild();
  service = await startTestService();
});
afterAll(async () => {
  await service?.close();
});

describe('the web client at /', () => {
  it('/, /play/… and /replay/… are the page, never cached', async () => {
    for (const path of ['/', '/play/3f1c2d9e-aaaa-bbbb-cccc-000000000000', '/play/match/x', '/replay', '/replay/abc', '/account', '/rules', '/leaderboard/classic', '/players/3f1c2d9e-aaaa-bbbb-cccc-000000000000', '/tournaments', '/tournaments/3f1c2d9e-aaaa-bbbb-cccc-000000000000']) {
      const res = await service.http.get(path).expect(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toContain('<main id="main">');
      expect(res.text).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    }
  });

  it('hashed assets with their types, cached for a year; gzip when accepted', async () => {
    const assets = await readdir(join(build, 'assets'));
    const js = assets.find((f) => /^index-.*\.js$/.test(f))!;
    const css = assets.find((f) => f.endsWith('.css'))!;
    const plain = await service.http.get(`/assets/${js}`).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await service.http.get(`/assets/${js}`).set('Accept-Encoding', 'gzip, br').buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    const raw = zipped.body as Buffer;
    expect((raw[0] === 0x1f ? gunzipSync(raw) : raw).toString()).toBe(plain.text);
    expect((await service.http.get(`/assets/${css}`).expect(200)).headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('nothing but the built files: unknown assets, traversal and other paths are 404 problems', async () => {
    for (const path of ['/assets/nope.js', '/assets/..%2fpackage.json', '/assets/.hidden', '/favicon.ico', '/lobby', '/index.html']) {
      const res = await service.http.get(path).expect(404);
      expect(res.headers['content-type']).toBe('application/problem+json');
      expect(res.body.code).toBe('NOT_FOUND');
    }
  });

  it('a mistyped path in a browser: the client’s page with 404, in the Accept-Language’s language; JSON for API clients', async () => {
    const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
    for (const [language, lang, title] of [
      ['de-DE,de;q=0.9,en;q=0.8', 'de', 'Seite nicht gefunden'],
      ['en-US,en;q=0.9', 'en', 'Page not found'],
      ['fr-FR, de;q=0.5', 'de', 'Seite nicht gefunden'],
      ['fr-FR', 'en', 'Page not found'],
    ] as const) {
      const res = await service.http.get('/no/such/page').set('Accept', BROWSER).set('Accept-Language', language).expect(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toContain(`<html lang="${lang}">`);
      expect(res.text).toContain(`<h1>${title}</h1>`);
      // The client itself, which then shows its own not-found screen.
      expect(res.text).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
      expect(res.text).not.toMatch(/NOT_FOUND|"code"/);
    }
    // API clients (JSON, */*, no Accept) and the service's own paths keep the JSON problem.
    for (const [path, accept] of [
      ['/no/such/page', 'application/json'],
      ['/no/such/page', '*/*'],
      ['/no/such/page', undefined],
      ['/v1/nothing', BROWSER],
      ['/assets/nope.js', BROWSER],
      ['/.well-known/nothing', BROWSER],
    ] as const) {
      const req = service.http.get(path);
      if (accept) req.set('Accept', accept);
      const res = await req.expect(404);
      expect(res.headers['content-type'], `${path} ${accept}`).toBe('application/problem+json');
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect((await service.http.get('/rules').set('Accept', BROWSER).expect(200)).text).toContain('<main id="main">');
  });

  it('leaves the API as it is', async () => {
    expect((await service.http.get('/healthz').expect(200)).body).toEqual({ status: 'ok' });
    expect((await service.http.get('/openapi.json').expect(200)).body.openapi).toMatch(/^3\.1/);
    expect((await service.http.get('/docs').expect(200)).text).toContain('swagger');
    expect((await service.http.get('/.well-known/jwks.json').expect(200)).body.keys).toHaveLength(1);
    expect((await service.http.get('/v1/games?status=waiting').expect(200)).body).toEqual({ games: [], nextCursor: null });
    expect((await service.http.get('/v1/nothing').expect(404)).body.code).toBe('NOT_FOUND');
    const doc = (await service.http.get('/openapi.json')).body;
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/v1/') && !p.startsWith('/.well-known/')).sort()).toEqual(['/healthz', '/metrics', '/oauth/device/code', '/oauth/revoke', '/oauth/token', '/readyz']);
  });

  it('without a build: a 404 problem that says how to build', async () => {
    const app = createApi();
    app.onError((err, c) => problemResponse(c, err as ProblemError));
    mountWebClient(app, mkdtempSync(join(tmpdir(), 'no-web-')));
    for (const path of ['/', '/play/x', '/replay']) {
      const res = await app.request(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'WEB_CLIENT_NOT_BUILT', detail: expect.stringContaining('npm run build') });
    }
  });
});
