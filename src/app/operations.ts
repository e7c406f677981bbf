// Operations: is the process up, is it ready to serve, and the keys its tokens are signed with.
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from './deps.ts';
import { createApi } from '../platform/http/edge.ts';
import type { App } from '../platform/http/env.ts';
import { accountExamples, REFRESH_MS, STALE_AFTER_REFRESHES } from '../accounts/index.ts';
import { json, publicAccess } from '../platform/http/openapi.ts';
import { ProblemError, problemResponses, RETRY_AFTER_HEADER, RETRY_AFTER_SECONDS } from '../platform/http/problems.ts';
import { respond, setHeader } from '../platform/http/reply.ts';
import { operation } from '../platform/http/operation.ts';
import { sameSecret } from '../platform/http/same-secret.ts';

const Health = z.object({ status: z.string() }).openapi('Health');

const healthz = createRoute({
  method: 'get',
  path: '/healthz',
  operationId: 'getHealth',
  tags: ['operations'],
  summary: 'Check that the process is up',
  description: 'Liveness: answers as long as the process serves HTTP; it does not look at the database.',
  security: publicAccess,
  responses: { 200: json(Health, 'Up', { status: 'ok' }) },
});

const readyz = createRoute({
  method: 'get',
  path: '/readyz',
  operationId: 'getReadiness',
  tags: ['operations'],
  summary: 'Check that the service can serve: the database answers and is migrated',
  description:
    `Readiness: 200 when the database answers in time (READY_TIMEOUT_MS) and its migrations are applied, the list of revoked tokens was read within the last ${(STALE_AFTER_REFRESHES * REFRESH_MS) / 1000} s (it is read every ${REFRESH_MS / 1000} s), and the process is not shutting down; 503 with Retry-After otherwise.`,
  security: publicAccess,
  responses: {
    200: json(Health, 'Ready', { status: 'ready' }),
    ...problemResponses('RATE_LIMITED'),
    503: { ...json(Health, 'Not ready', { status: 'not ready' }), headers: RETRY_AFTER_HEADER },
  },
});

const jwks = createRoute({
  method: 'get',
  path: '/.well-known/jwks.json',
  operationId: 'getJwks',
  tags: ['operations'],
  summary: "Read the service's public signing keys",
  description: 'A JSON Web Key Set (RFC 7517) with the public key the service signs its tokens with, to verify them elsewhere.',
  security: publicAccess,
  responses: {
    200: json(z.object({ keys: z.array(z.record(z.string(), z.unknown())) }).openapi('JWKS'), 'The key set', accountExamples.jwks),
  },
});

const metrics = createRoute({
  method: 'get',
  path: '/metrics',
  operationId: 'getMetrics',
  tags: ['operations'],
  summary: "The service's metrics, in Prometheus's text format",
  description:
    "Off unless `METRICS=on`; with `METRICS_TOKEN` set, only with that token as a bearer token. Requests, moves, group-commit batches, the game cache, waiters and streams, database connections, Node. With several workers on one port (`WEB_CONCURRENCY`), the worker a scrape reaches answers for all of them: their counters and histograms summed (Node's own gauges as prom-client aggregates them). A process started alone answers for itself.",
  security: [{ metricsToken: [] }, {}],
  responses: {
    200: {
      description: 'The metrics',
      content: {
        'text/plain': {
          schema: z.string(),
          example:
            '# HELP skat_moves_total Moves made, by variant\n# TYPE skat_moves_total counter\nskat_moves_total{variant="classic"} 1234\n',
        },
      },
    },
    ...problemResponses('INVALID_TOKEN', 'NOT_FOUND', 'RATE_LIMITED'),
  },
});

export function operationsApi({ ready, tokens, config, metrics: registry }: AppDeps): App {
  const api = createApi();
  operation(api, metrics, async (c) => {
    if (!config.metrics.enabled) throw new ProblemError('NOT_FOUND', 'metrics are off (METRICS=on turns them on)');
    const { token } = config.metrics;
    if (token !== null && !sameSecret(c.req.header('Authorization'), `Bearer ${token}`)) {
      setHeader(c, 'WWW-Authenticate', 'Bearer realm="metrics"');
      throw new ProblemError('INVALID_TOKEN', 'the metrics need the METRICS_TOKEN as a bearer token');
    }
    return c.body(await registry.render(), 200, { 'Content-Type': registry.contentType });
  });
  operation(api, healthz, (c) => respond(c, { status: 'ok' }, 200));
  operation(api, readyz, async (c) => {
    if (await ready()) return respond(c, { status: 'ready' }, 200);
    setHeader(c, 'Retry-After', String(RETRY_AFTER_SECONDS));
    return respond(c, { status: 'not ready' }, 503);
  });
  operation(api, jwks, (c) => respond(c, tokens.jwks() as { keys: Record<string, unknown>[] }, 200));
  return api;
}
