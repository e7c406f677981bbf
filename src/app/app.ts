// The app factory: the edge's middleware, every feature's routes (in src/app/features.ts's order),
// the operations, the OpenAPI document.
import { authenticator } from '../platform/auth/middleware.ts';
import { validateResponses, validatingResponses } from '../platform/http/answer-validation.ts';
import type { AppDeps } from './deps.ts';
import { docsPages } from '../platform/http/docs.ts';
import { admit, allowedMethods, checkBody, createApi, documentEdgeProblems, edge, literalPaths, methodNotAllowed, problemHandler } from '../platform/http/edge.ts';
import type { App } from '../platform/http/env.ts';
import { guardAuthentication, LIMITED_PAGES, limitAddresses, limitPages, limitPlayers } from '../platform/http/limits.ts';
import { OPEN_PATHS } from '../oauth/index.ts';
import { openApiInfo, serveOpenApi } from '../platform/http/openapi.ts';
import { operationsApi } from './operations.ts';
import { ProblemError } from '../platform/http/problems.ts';
// The one catalogue of problems (the platform's and every feature's), in use from here on.
import './problems.ts';
import { mountWebClient } from '../platform/http/web.ts';

export function createApp(deps: AppDeps): App {
  const { players, tokens, log, config } = deps;
  const app = createApi();

  // A test run's check of every answer and stream message against openapi/openapi.json.
  if (validatingResponses()) app.use('*', validateResponses());

  // The request id, the client's address, security and CORS headers (a browser's preflight is
  // answered there, before anything else looks at the request), the refusal while shutting down,
  // the access log.
  app.use('*', edge({ log, corsOrigins: config.corsOrigins, openPaths: OPEN_PATHS, stopping: deps.stopping, proxy: config.limits }));
  if (config.metrics.enabled) app.use('*', deps.metrics.middleware());
  // Then, for the API's operations, in this order: the limit per address (calls without a token:
  // 429), the body's size and type (413, 415), the token (401; its failures counted per address:
  // 429 past their budget), the limit per player (429) (test/http/refusal-order.test.ts).
  const authenticate = authenticator({ tokens, resolvePlayer: (principal) => players.resolve(principal) });
  app.use('/v1/*', admit(limitAddresses(config.limits), checkBody, guardAuthentication(config.limits, authenticate), limitPlayers(config.limits)));
  // Outside /v1, what costs work has a budget per address too.
  const pages = limitPages(config.limits);
  for (const path of LIMITED_PAGES) app.use(path, pages);
  // A path a route names literally takes that route's methods only (the others: 405).
  const methods = allowedMethods(app);
  app.use('*', literalPaths(methods));

  for (const routes of deps.routes) app.route('/', routes(deps));
  app.route('/', operationsApi(deps));

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A token from POST /v1/players, /v1/accounts, /v1/sessions or /v1/players/me/tokens (or from the configured identity provider)',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'metricsToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'The METRICS_TOKEN of the configuration',
  });
  documentEdgeProblems(app);
  serveOpenApi(app, openApiInfo(config.publicUrl));
  app.route('/', docsPages());
  // The web client (web/, built into dist/web): one catch-all GET for its own paths.
  mountWebClient(app);

  app.notFound((c) => {
    const allowed = methods.of(c.req.path);
    if (allowed.length === 0) throw new ProblemError('NOT_FOUND', 'no such route');
    throw methodNotAllowed(c, allowed);
  });
  app.onError(problemHandler(log));
  return app;
}
