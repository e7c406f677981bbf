// The problems the shared middleware can answer on any route (a broken Authorization header,
// a body over the limit or not JSON, a parameter that fails its schema), documented once here
// for every operation instead of being repeated, or forgotten, in each route's definition.
import type { App } from './env.ts';
import { problems } from './responses.ts';

export function documentEdgeProblems(app: App): void {
  for (const def of app.openAPIRegistry.definitions) {
    if (def.type !== 'route' || !def.route.path.startsWith('/v1/')) continue;
    const { route } = def;
    // Every /v1 call: the token is checked whenever one is sent.
    const statuses = [401];
    const { params, query, headers, body } = route.request ?? {};
    if (params || query || headers || body) statuses.push(400);
    if (route.method === 'post') statuses.push(400, 413, 415);
    const missing = [...new Set(statuses)].filter((s) => !(String(s) in route.responses));
    if (missing.length > 0) route.responses = { ...route.responses, ...problems(...missing) };
  }
}
