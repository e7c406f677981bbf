// The OpenAPI document without a running service: the routes need no dependencies to describe
// themselves, so the app is built over inert stand-ins that are never called.
import { createApp } from './app.ts';
import type { AppDeps } from './deps.ts';
import { openApiDocument } from './openapi.ts';

export function renderOpenApi(): string {
  const inert = new Proxy({}, { get: () => { throw new Error('spec rendering touched a dependency'); } });
  const app = createApp({
    config: inert,
    database: inert,
    store: inert,
    tokens: inert,
    log: { info() {}, error() {} },
    random: inert,
    notifier: inert,
    timing: { longPollMs: 0, heartbeatMs: 0 },
    matches: inert,
    now: () => new Date(0),
  } as unknown as AppDeps);
  return `${JSON.stringify(openApiDocument(app), null, 2)}\n`;
}
