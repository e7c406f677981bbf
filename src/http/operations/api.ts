// Operations: is the process up, is it ready to serve, and the keys its tokens are signed with.
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.ts';
import { createApi } from '../edge.ts';
import type { App } from '../env.ts';
import { json } from '../openapi.ts';
import { RETRY_AFTER_HEADER, RETRY_AFTER_SECONDS } from '../problems.ts';

const Health = z.object({ status: z.string() }).openapi('Health');

const healthz = createRoute({
  method: 'get',
  path: '/healthz',
  tags: ['operations'],
  summary: 'The process is up',
  responses: { 200: json(Health, 'Up') },
});

const readyz = createRoute({
  method: 'get',
  path: '/readyz',
  tags: ['operations'],
  summary: 'The database answers in time and is migrated, and the process is not shutting down',
  responses: { 200: json(Health, 'Ready'), 503: { ...json(Health, 'Not ready'), headers: RETRY_AFTER_HEADER } },
});

const jwks = createRoute({
  method: 'get',
  path: '/.well-known/jwks.json',
  tags: ['operations'],
  summary: "The service's public signing keys",
  responses: { 200: json(z.object({ keys: z.array(z.record(z.string(), z.unknown())) }).openapi('JWKS'), 'JWKS') },
});

export function operationsApi({ ready, tokens }: AppDeps): App {
  const api = createApi();
  api.openapi(healthz, (c) => c.json({ status: 'ok' }, 200));
  api.openapi(readyz, async (c) => {
    if (await ready()) return c.json({ status: 'ready' }, 200);
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return c.json({ status: 'not ready' }, 503);
  });
  api.openapi(jwks, (c) => c.json(tokens.jwks() as { keys: Record<string, unknown>[] }, 200));
  return api;
}
