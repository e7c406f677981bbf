// The OpenAPI 3.1 document: valid, complete about errors and auth, and served (that the committed
// copy is current is test/generated.test.ts).
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/app.ts';
import { inertDeps, renderOpenApi } from '../../src/app/spec.ts';
import { startTestService, type TestService } from '../support/service.ts';

const rendered = renderOpenApi();
const doc = JSON.parse(rendered);

type Operation = {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const operations: { method: string; path: string; op: Operation }[] = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(
  ([path, item]) => Object.entries(item).filter(([m]) => METHODS.includes(m)).map(([method, op]) => ({ method, path, op })),
);
const name = (o: { method: string; path: string }) => `${o.method.toUpperCase()} ${o.path}`;

describe('the committed document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(rendered));
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toMatch(/^3\.1\./);
  });
});

describe('every operation', () => {
  const problemRef = '#/components/schemas/Problem';

  it('has the Problem schema with the members every error carries', () => {
    const problem = doc.components.schemas.Problem;
    expect(problem.type).toBe('object');
    expect(problem.required).toEqual(expect.arrayContaining(['type', 'title', 'status', 'code', 'detail']));
  });

  it('documents its error answers as application/problem+json with the Problem schema', () => {
    const wrong: string[] = [];
    for (const o of operations) {
      const errors = Object.entries(o.op.responses).filter(([status]) => Number(status) >= 400 && !(o.path === '/readyz' && status === '503'));
      if (o.path.startsWith('/v1/') && errors.length === 0) wrong.push(`${name(o)}: no problem responses`);
      for (const [status, response] of errors) {
        const types = Object.keys(response.content ?? {});
        // The endpoints of OAuth clients answer their refusals as RFC 6749 §5.2 writes them.
        if (o.path.startsWith('/oauth/') && status === '400') {
          if (types.join() !== 'application/json' || response.content!['application/json'].schema?.$ref !== '#/components/schemas/OAuthError') wrong.push(`${name(o)} ${status}: not the OAuthError schema`);
          continue;
        }
        if (types.length !== 1 || types[0] !== 'application/problem+json') wrong.push(`${name(o)} ${status}: ${types.join(', ')}`);
        else if (response.content!['application/problem+json'].schema?.$ref !== problemRef) wrong.push(`${name(o)} ${status}: not the Problem schema`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('documents the problems the shared edge gives (401 under /v1; 400/404 with a path parameter; 400/413/415 for a body)', () => {
    const missing: string[] = [];
    for (const o of operations) {
      if (!o.path.startsWith('/v1/')) continue;
      const want = [401];
      if (o.path.includes('{')) want.push(400, 404);
      if (o.method === 'post') want.push(400, 413, 415);
      for (const s of want) if (!(String(s) in o.op.responses)) missing.push(`${name(o)} ${s}`);
    }
    expect(missing).toEqual([]);
  });

  it('has a summary and a tag, and names only the bearer scheme as security (the metrics: their own token)', () => {
    const scheme = doc.components.securitySchemes?.bearerAuth;
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    const tags = new Set((doc.tags as { name: string }[]).map((t) => t.name));
    for (const o of operations) {
      expect(o.op.summary, name(o)).toBeTruthy();
      for (const t of o.op.tags ?? []) expect(tags, name(o)).toContain(t);
      for (const requirement of o.op.security ?? []) {
        for (const key of Object.keys(requirement)) expect(key, name(o)).toBe(o.path === '/metrics' ? 'metricsToken' : 'bearerAuth');
      }
    }
    // The calls that act for a player require the token.
    const post = (path: string) => operations.find((o) => o.method === 'post' && o.path === path)!;
    for (const path of ['/v1/games', '/v1/games/{gameId}/join', '/v1/games/{gameId}/moves']) {
      expect(post(path).op.security, path).toEqual([{ bearerAuth: [] }]);
    }
  });

  it('covers every route the app serves', () => {
    const app = createApp(inertDeps());
    const documented = new Set(operations.map(name));
    const served = new Set(
      app.routes
        .filter((r) => METHODS.includes(r.method.toLowerCase()) && !r.path.includes('*'))
        .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`)
        .filter((r) => r !== 'GET /openapi.json' && !/^GET \/docs\b/.test(r)),
    );
    expect([...served].filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((r) => !served.has(r))).toEqual([]);
  });
});

describe('as served', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service?.close());

  it('GET /openapi.json is the same document', async () => {
    const res = await service.http.get('/openapi.json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual(doc);
  });

  it('GET /docs is an HTML page that loads /openapi.json', async () => {
    const res = await service.http.get('/docs').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toMatch(/<html/i);
    expect(res.text).toContain('/openapi.json');
  });
});

describe('every 503', () => {
  it('documents its Retry-After header', () => {
    const missing: string[] = [];
    for (const o of operations) {
      const unavailable = o.op.responses['503'] as { headers?: Record<string, unknown> } | undefined;
      if (unavailable && !unavailable.headers?.['Retry-After']) missing.push(name(o));
    }
    expect(missing).toEqual([]);
    expect(operations.filter((o) => o.path.startsWith('/v1/') && !o.op.responses['503']).map(name)).toEqual([]);
  });
});
