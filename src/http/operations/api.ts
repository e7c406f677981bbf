// Operations: is the process up, is it ready to serve, and the keys its tokens are signed with.
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.ts';
import { createApi } from '../edge.ts';
import type { App } from '../env.ts';
import { examples } from '../examples.ts';
import { json, publicAccess } from '../openapi.ts';

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
  summary: 'Check that the service can serve: the database is reachable and migrated',
  description: 'Readiness: 200 when the database answers and its migrations are applied, 503 otherwise.',
  security: publicAccess,
  responses: { 200: json(Health, 'Ready', { status: 'ready' }), 503: json(Health, 'Not ready', { status: 'not ready' }) },
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
    200: json(z.object({ keys: z.array(z.record(z.string(), z.unknown())) }).openapi('JWKS'), 'The key set', examples.players.jwks),
  },
});

export function operationsApi({ ready, tokens }: AppDeps): App {
  const api = createApi();
  api.openapi(healthz, (c) => c.json({ status: 'ok' }, 200));
  api.openapi(readyz, async (c) => ((await ready()) ? c.json({ status: 'ready' }, 200) : c.json({ status: 'not ready' }, 503)));
  api.openapi(jwks, (c) => c.json(tokens.jwks() as { keys: Record<string, unknown>[] }, 200));
  return api;
}
