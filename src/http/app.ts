// The app factory: the edge's middleware, one sub-app per resource, the OpenAPI document.
import { SwaggerUI, swaggerUI } from '@hono/swagger-ui';
import { authenticate } from '../auth/middleware.ts';
import type { AppDeps } from './deps.ts';
import { accessLog, createApi, documentEdgeProblems, limitBody, problemHandler, refuseWhenStopping, requireJson } from './edge.ts';
import type { App } from './env.ts';
import { gamesApi } from './games/api.ts';
import { matchesApi } from './matches/api.ts';
import { OPENAPI_INFO } from './openapi.ts';
import { operationsApi } from './operations/api.ts';
import { playersApi } from './players/api.ts';
import { ProblemError } from './problems.ts';
import { inlineScripts, scriptHash, securityHeaders, type PageAllowances } from './security.ts';

const DOCS = { url: '/openapi.json', title: 'Offiziersskat API' };
/**
 * /docs is Swagger UI as @hono/swagger-ui renders it: its bundle and stylesheet from the CDN and
 * one inline start-up script, allowed by its hash (never 'unsafe-inline').
 */
const DOCS_ALLOWANCES: PageAllowances = {
  scriptSrc: ['https://cdn.jsdelivr.net', ...inlineScripts(SwaggerUI(DOCS)).map(scriptHash)],
  styleSrc: ['https://cdn.jsdelivr.net'],
};

export function createApp(deps: AppDeps): App {
  const { players, tokens, log } = deps;
  const app = createApi();

  app.use('*', accessLog(log));
  app.use('*', securityHeaders({ '/docs': DOCS_ALLOWANCES }));
  if (deps.stopping) app.use('*', refuseWhenStopping(deps.stopping));
  app.use('*', limitBody());
  app.use('/v1/*', requireJson());
  app.use(
    '/v1/*',
    authenticate({
      tokens,
      resolvePlayer: async (principal) => {
        if (principal.kind === 'guest') {
          const p = await players.getPlayer(principal.playerId);
          return p ? { playerId: p.id, name: p.name } : null;
        }
        const p = await players.findOrCreateExternalPlayer(principal.issuer, principal.subject, principal.subject.slice(0, 40));
        return { playerId: p.id, name: p.name };
      },
    }),
  );

  app.route('/', playersApi(deps));
  app.route('/', gamesApi(deps));
  app.route('/', matchesApi(deps));
  app.route('/', operationsApi(deps));

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The token from POST /v1/players (or from the configured identity provider)',
  });
  documentEdgeProblems(app);
  app.doc31('/openapi.json', OPENAPI_INFO);
  app.get('/docs', swaggerUI(DOCS));

  app.notFound(() => {
    throw new ProblemError('NOT_FOUND', 'no such route');
  });
  app.onError(problemHandler(log));
  return app;
}
