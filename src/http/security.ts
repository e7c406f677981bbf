// Security headers on every response (hono's secureHeaders: nosniff, frame and referrer
// policies, HSTS, …) with a Content-Security-Policy per route family: the API's answers load
// nothing and are never framed; the pages the service serves (the web client, /docs) load what
// they need from 'self' only, with no inline script.
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
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

/** A page's additions to PAGE_POLICY (the union of both lists per directive). */
export type PageAllowances = Partial<Record<'scriptSrc' | 'styleSrc' | 'imgSrc' | 'connectSrc' | 'fontSrc', string[]>>;

/** `'sha256-…'` of an inline script, for a page whose one inline script is known in advance. */
export const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** Every inline `<script>` body of an HTML text. */
export const inlineScripts = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);

function pagePolicy(extra: PageAllowances): ContentSecurityPolicyOptions {
  const policy: Record<string, string[]> = { ...(PAGE_POLICY as Record<string, string[]>) };
  for (const [directive, sources] of Object.entries(extra)) policy[directive] = [...new Set([...(policy[directive] ?? []), ...sources])];
  return policy as ContentSecurityPolicyOptions;
}

/** The API's own paths: everything else the service serves is a page (the web client, /docs). */
const API_PATHS = /^\/(v1|healthz|readyz|metrics|\.well-known|openapi\.json)(\/|$)/;

/**
 * The headers for every route: API_POLICY on the API's paths, PAGE_POLICY on the pages (plus the
 * allowances of a page path given here, matched as a prefix).
 */
export function securityHeaders(pages: Record<string, PageAllowances> = {}): MiddlewareHandler {
  const api = secureHeaders({ contentSecurityPolicy: API_POLICY });
  const page = secureHeaders({ contentSecurityPolicy: PAGE_POLICY });
  const special = Object.entries(pages).map(([prefix, extra]) => [prefix, secureHeaders({ contentSecurityPolicy: pagePolicy(extra) })] as const);
  return (c, next) => {
    const path = c.req.path;
    if (API_PATHS.test(path)) return api(c, next);
    for (const [prefix, headers] of special) if (path === prefix || path.startsWith(`${prefix}/`)) return headers(c, next);
    return page(c, next);
  };
}
