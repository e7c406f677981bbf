// Operations: is the process up, is it ready to serve, and the keys its tokens are signed with.
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.ts';
import { createApi } from '../edge.ts';
import type { App } from '../env.ts';
import { json } from '../openapi.ts';
import { ProblemError, problemResponses } from '../problems.ts';

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
  summary: 'The database is reachable and migrated',
  responses: { 200: json(Health, 'Ready'), 503: json(Health, 'Not ready') },
});

const jwks = createRoute({
  method: 'get',
  path: '/.well-known/jwks.json',
  tags: ['operations'],
  summary: "The service's public signing keys",
  responses: { 200: json(z.object({ keys: z.array(z.record(z.string(), z.unknown())) }).openapi('JWKS'), 'JWKS') },
});

const metrics = createRoute({
  method: 'get',
  path: '/metrics',
  operationId: 'getMetrics',
  tags: ['operations'],
  summary: "The process's metrics, in Prometheus's text format",
  description:
    'Off unless `METRICS=on`; with `METRICS_TOKEN` set, only with that token as a bearer token. Each process answers for itself (requests, moves, group-commit batches, the game cache, waiters and streams, database connections, Node).',
  security: [{ metricsToken: [] }, {}],
  responses: {
    200: { description: 'The metrics', content: { 'text/plain': { schema: z.string() } } },
    ...problemResponses('INVALID_TOKEN', 'NOT_FOUND'),
  },
});

export function operationsApi({ ready, tokens, config, metrics: registry }: AppDeps): App {
  const api = createApi();
  api.openapi(metrics, async (c) => {
    if (!config.metrics.enabled) throw new ProblemError('NOT_FOUND', 'metrics are off (METRICS=on turns them on)');
    const { token } = config.metrics;
    if (token !== null && c.req.header('Authorization') !== `Bearer ${token}`) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new ProblemError('INVALID_TOKEN', 'the metrics need the METRICS_TOKEN as a bearer token');
    }
    return c.body(await registry.render(), 200, { 'Content-Type': registry.contentType });
  });
  api.openapi(healthz, (c) => c.json({ status: 'ok' }, 200));
  api.openapi(readyz, async (c) => ((await ready()) ? c.json({ status: 'ready' }, 200) : c.json({ status: 'not ready' }, 503)));
  api.openapi(jwks, (c) => c.json(tokens.jwks() as { keys: Record<string, unknown>[] }, 200));
  return api;
}
