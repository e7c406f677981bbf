// Security headers on every response (hono's secureHeaders: nosniff, frame and referrer
// policies, HSTS, …) with a Content-Security-Policy per route family: the API's answers load
// nothing and are never framed; the pages the service serves (the web client, /docs) load what
// they need from 'self' only, with no inline script.
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

type ContentSecurityPolicyOptions = NonNullable<NonNullable<Parameters<typeof secureHeaders>[0]>['contentSecurityPolicy']>;

/** JSON, problem+json, event streams: nothing to load, nothing to run, no framing. */
export const API_POLICY: ContentSecurityPolicyOptions = {
  defaultSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
};

/** HTML pages of this service: scripts, styles, images and calls from its own origin only. */
export const PAGE_POLICY: ContentSecurityPolicyOptions = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** The API's own paths: everything else the service serves is a page (the web client, /docs). */
const API_PATHS = /^\/(v1|healthz|readyz|metrics|\.well-known|openapi\.json|oauth\/(token|revoke|device\/code))(\/|$)/;

/**
 * The headers hono's secureHeaders writes with `contentSecurityPolicy`, captured once: they are
 * the same for every response of a route family, so the edge puts them in each request's header
 * record (reply.ts) before the handler runs instead of writing them into each finished response.
 */
async function headersOf(contentSecurityPolicy: ContentSecurityPolicyOptions): Promise<Readonly<Record<string, string>>> {
  const probe = new Hono();
  probe.use(secureHeaders({ contentSecurityPolicy }));
  probe.get('*', (c) => c.body(null));
  const res = await probe.request('/');
  return Object.freeze(Object.fromEntries(res.headers));
}

const [API_HEADERS, PAGE_HEADERS] = await Promise.all([headersOf(API_POLICY), headersOf(PAGE_POLICY)]);

/** The security headers of a path: API_POLICY's on the API's paths, PAGE_POLICY's on the pages. */
export function securityHeadersOf(path: string): Readonly<Record<string, string>> {
  return API_PATHS.test(path) ? API_HEADERS : PAGE_HEADERS;
}
