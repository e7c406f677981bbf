// The rendered docs at /docs work without internet: the page and every asset it references (and
// the document it renders) come from the service itself, with their content types and cache
// headers, and the page runs no inline script.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service?.close());

const TYPES: Record<string, RegExp> = {
  js: /^text\/javascript; charset=utf-8$/,
  css: /^text\/css; charset=utf-8$/,
  png: /^image\/png$/,
  json: /^application\/json/,
  map: /^application\/json/,
};

describe('GET /docs', () => {
  it('is a page whose every script, stylesheet and icon is served here, with no inline script', async () => {
    const page = await service.http.get('/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    const html = page.text;
    // Nothing from elsewhere: every reference is a path on this service.
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=|\son\w+=/);
    const refs = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\bhref)="([^"]+)"/g)].map((m) => m[1]);
    const dataUrl = html.match(/data-url="([^"]+)"/)?.[1];
    expect(dataUrl).toBe('/openapi.json');
    expect(refs.length).toBeGreaterThanOrEqual(5);
    for (const ref of [...refs, dataUrl!]) {
      expect(ref, ref).toMatch(/^\/[^/]/);
      const res = await service.http.get(ref).buffer(true);
      expect(res.status, ref).toBe(200);
      const ext = ref.split('.').at(-1)!;
      expect(res.headers['content-type'], ref).toMatch(TYPES[ext]);
      expect(Number(res.headers['content-length'] ?? res.body?.length ?? 0), ref).toBeGreaterThan(0);
      if (ref.startsWith('/docs/assets/')) expect(res.headers['cache-control'], ref).toMatch(/immutable/);
    }
    // The initializer starts Swagger UI on the page's document; the bundle defines what it calls.
    const init = await service.http.get('/docs/init.js').expect(200);
    expect(init.text).toContain('SwaggerUIBundle(');
    expect(init.text).not.toMatch(/https?:\/\//);
    const bundle = refs.find((r) => r.endsWith('swagger-ui-bundle.js'))!;
    expect((await service.http.get(bundle).buffer(true)).text).toContain('SwaggerUIBundle');
  });

  it('serves only the assets it names', async () => {
    const page = (await service.http.get('/docs').expect(200)).text;
    const dir = page.match(/href="(\/docs\/assets\/[^"]+)\/swagger-ui\.css"/)![1];
    for (const name of ['package.json', '..%2Fpackage.json', 'index.js', 'swagger-ui.js']) await service.http.get(`${dir}/${name}`).expect(404);
  });
});
