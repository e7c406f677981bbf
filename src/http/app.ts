// The app factory: middleware, routes, the OpenAPI document and the error edge.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { swaggerUI } from '@hono/swagger-ui';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { AuthError } from '../auth/errors.ts';
import { authenticate } from '../auth/middleware.ts';
import { isReady } from '../db/client.ts';
import { pgErrorOf } from '../db/errors.ts';
import type { AppDeps } from './deps.ts';
import type { App, AppEnv } from './env.ts';
import { documentEdgeProblems } from './edge-problems.ts';
import { registerGameRoutes } from './games/handlers.ts';
import { registerRematchRoute } from './games/rematch.ts';
import { registerTimeoutRoute } from './games/timeout.ts';
import { registerMatchRoutes } from './matches/handlers.ts';
import { openApiDocument, OPENAPI_INFO } from './openapi.ts';
import { registerPlayerRoutes } from './players/routes.ts';
import { ProblemError, problemResponse } from './problem.ts';
import { mountWebClient } from './web.ts';

export const MAX_BODY_BYTES = 16 * 1024;

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

export function createApp(deps: AppDeps): App {
  const { store, tokens, log } = deps;
  const app: App = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        // An unknown field is named by its own path, like any other offending field.
        const errors = result.error.issues.flatMap((i) =>
          i.code === 'unrecognized_keys'
            ? i.keys.map((k) => ({ path: [...i.path, k].join('.'), message: 'unknown field' }))
            : [{ path: i.path.join('.') || '(body)', message: i.message }],
        );
        throw new ProblemError(400, 'VALIDATION_FAILED', errors.map((e) => `${e.path}: ${e.message}`).join('; '), {
          errors,
        });
      }
    },
  });

  // One access-log line per request: no query string, no headers, no bodies (no tokens, no cards).
  app.use('*', async (c, next) => {
    const start = performance.now();
    await next();
    log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: +(performance.now() - start).toFixed(2) });
  });
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ProblemError(413, 'PAYLOAD_TOO_LARGE', `the body is larger than ${MAX_BODY_BYTES} bytes`);
    },
  });
  // hono's bodyLimit looks at `c.req.raw.body`, which makes the Node adapter build a whole web
  // Request (and a stream) for every request, GETs included. A GET has no body, and a declared
  // Content-Length is checked as bodyLimit itself would; only a chunked body is counted by it.
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('Content-Length');
    if (length !== undefined && c.req.header('Transfer-Encoding') === undefined) {
      if (parseInt(length, 10) > MAX_BODY_BYTES)
        throw new ProblemError(413, 'PAYLOAD_TOO_LARGE', `the body is larger than ${MAX_BODY_BYTES} bytes`);
      return next();
    }
    return limitBody(c, next);
  });
  app.use('/v1/*', async (c, next) => {
    const type = c.req.header('Content-Type');
    const hasBody = c.req.header('Content-Length') ? c.req.header('Content-Length') !== '0' : c.req.header('Transfer-Encoding') !== undefined;
    if (c.req.method === 'POST' && hasBody && !(type && JSON_TYPE.test(type.split(';')[0].trim())))
      throw new ProblemError(415, 'UNSUPPORTED_MEDIA_TYPE', 'send the body as application/json');
    await next();
  });
  app.use(
    '/v1/*',
    authenticate({
      tokens,
      resolvePlayer: async (principal) => {
        if (principal.kind === 'guest') {
          const p = await store.getPlayer(principal.playerId);
          return p ? { playerId: p.id, name: p.name } : null;
        }
        const p = await store.findOrCreateExternalPlayer(principal.issuer, principal.subject, principal.subject.slice(0, 40));
        return { playerId: p.id, name: p.name };
      },
    }),
  );

  registerPlayerRoutes(app, deps);
  registerGameRoutes(app, deps);
  registerTimeoutRoute(app, deps);
  registerRematchRoute(app, deps);
  registerMatchRoutes(app, deps);
  registerOperations(app, deps);
  mountWebClient(app);

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The token from POST /v1/players (or from the configured identity provider)',
  });
  documentEdgeProblems(app);
  app.doc31('/openapi.json', OPENAPI_INFO);
  app.get('/docs', swaggerUI({ url: '/openapi.json', title: 'Offiziersskat API' }));

  app.notFound(() => {
    throw new ProblemError(404, 'NOT_FOUND', 'no such route');
  });
  app.onError((err, c) => {
    if (err instanceof ProblemError) return problemResponse(c, err);
    if (err instanceof AuthError) {
      c.header('WWW-Authenticate', `Bearer error="invalid_token"`);
      return problemResponse(c, new ProblemError(401, err.code, err.message));
    }
    if (err instanceof HTTPException) {
      const code = err.status === 400 ? 'MALFORMED_JSON' : err.status === 413 ? 'PAYLOAD_TOO_LARGE' : `HTTP_${err.status}`;
      const detail = err.status === 400 ? 'the body is not valid JSON' : err.message || 'request rejected';
      return problemResponse(c, new ProblemError(err.status as 400, code, detail));
    }
    log.error({ method: c.req.method, path: c.req.path, error: err.name, message: safeMessage(err) });
    return problemResponse(c, new ProblemError(500, 'INTERNAL', 'something went wrong on our side'));
  });
  return app;
}

/**
 * An internal error's message for the log. Driver errors carry the failed query with its
 * parameters (event payloads, so cards): log the database's own message only, and blank out
 * anything that looks like a card as a second guard.
 */
export function safeMessage(err: Error): string {
  const pg = pgErrorOf(err);
  const message = pg ? `database error ${pg.code}${pg.constraint ? ` on ${pg.constraint}` : ''}` : err.message;
  return message.replace(/\b[CSHD][789TJQKA]\b/g, '??').slice(0, 500);
}

function registerOperations(app: App, deps: AppDeps) {
  const ok = z.object({ status: z.string() }).openapi('Health');
  app.openapi(
    createRoute({
      method: 'get',
      path: '/healthz',
      tags: ['operations'],
      summary: 'The process is up',
      responses: { 200: { description: 'Up', content: { 'application/json': { schema: ok } } } },
    }),
    (c) => c.json({ status: 'ok' }, 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/readyz',
      tags: ['operations'],
      summary: 'The database is reachable and migrated',
      responses: {
        200: { description: 'Ready', content: { 'application/json': { schema: ok } } },
        503: { description: 'Not ready', content: { 'application/json': { schema: ok } } },
      },
    }),
    async (c) => ((await isReady(deps.database)) ? c.json({ status: 'ready' }, 200) : c.json({ status: 'not ready' }, 503)),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/.well-known/jwks.json',
      tags: ['operations'],
      summary: "The service's public signing keys",
      responses: {
        200: {
          description: 'JWKS',
          content: { 'application/json': { schema: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }).openapi('JWKS') } },
        },
      },
    }),
    (c) => c.json(deps.tokens.jwks() as { keys: Record<string, unknown>[] }, 200),
  );
}

export { openApiDocument };
