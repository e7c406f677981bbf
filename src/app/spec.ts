// The OpenAPI document without a running service: the routes need no dependencies to describe
// themselves, so the app is built over inert stand-ins that are never called.
import { loadConfig } from '../app/config.ts';
import { createApp } from './app.ts';
import type { AppDeps } from './deps.ts';
import { openApiDocument } from '../platform/http/openapi.ts';

/** A stand-in that throws when touched. */
function inert<T extends object>(): T {
  return new Proxy({} as T, {
    get: () => {
      throw new Error('spec rendering touched a dependency');
    },
  });
}

/** Dependencies that throw when touched: enough to build the app and describe its routes. */
export function inertDeps(): AppDeps {
  return {
    // The app reads its edge's settings (CORS, limits) when it is built: the defaults.
    config: loadConfig({}),
    log: { info() {}, error() {} },
    tokens: inert(),
    players: inert(),
    accounts: inert(),
    oauth: inert(),
    metrics: inert(),
    games: inert(),
    analysis: inert(),
    matches: inert(),
    ratings: inert(),
    exports: inert(),
    seeks: inert(),
    tournaments: inert(),
    createAnswers: inert(),
    ready: async () => false,
    timing: { longPollMs: 0, heartbeatMs: 0 },
  };
}

export function renderOpenApi(): string {
  return `${JSON.stringify(openApiDocument(createApp(inertDeps())), null, 2)}\n`;
}
