// The OpenAPI document without a running service: the features are made over an inert platform
// (nothing is read, written or served), and the app built from their routes describes itself.
import { loadConfig } from './config.ts';
import { createApp } from './app.ts';
import type { AppDeps } from './deps.ts';
import { createFeatures } from './features.ts';
import type { Platform } from '../platform/feature.ts';
import { openApiDocument } from '../platform/http/openapi.ts';

/**
 * A stand-in for any part of the platform: every property is another stand-in, every call answers
 * one. The factories only keep what they are given and register observers; rendering the document
 * calls no route, so nothing ever acts on it.
 */
function inert<T>(): T {
  const stub: object = new Proxy(() => {}, { get: (_, key) => (key === 'then' ? undefined : stub), apply: () => stub });
  return stub as T;
}

/** The app's dependencies over the inert platform: enough to build the app and describe its routes. */
export function inertDeps(): AppDeps {
  // The app reads its edge's settings (CORS, limits) when it is built: the defaults.
  const config = loadConfig({});
  const platform: Platform = { config, database: inert(), notifier: inert(), tokens: inert(), log: { info() {}, error() {} }, now: () => new Date(0) };
  const features = createFeatures(platform, config, { signingKeys: inert() });
  return {
    config,
    log: platform.log,
    tokens: platform.tokens,
    players: features.playersFeature.service,
    accounts: features.accounts.service,
    oauth: features.oauth.service,
    metrics: inert(),
    games: features.games.service,
    analysis: features.analysis.service,
    matches: features.matches.service,
    ratings: features.ratings.service,
    exports: features.exports.service,
    seeks: features.seeks.service,
    tournaments: features.tournaments.service,
    routes: features.routes,
    createAnswers: inert(),
    ready: async () => false,
    timing: { longPollMs: 0, heartbeatMs: 0 },
  };
}

export function renderOpenApi(): string {
  return `${JSON.stringify(openApiDocument(createApp(inertDeps())), null, 2)}\n`;
}
