// Security headers on every response (hono's secureHeaders: nosniff, frame and referrer
// policies, HSTS, …) with a Content-Security-Policy per route family: the API's answers load
// nothing and are never framed; the pages the service serves load what they need from 'self'
// only, with no inline script. Adjust a family here, or give a page its own line in PAGES.
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

/** The headers for every route: API_POLICY, and PAGE_POLICY (plus its allowances) on each page path. */
export function securityHeaders(pages: Record<string, PageAllowances>): MiddlewareHandler {
  const api = secureHeaders({ contentSecurityPolicy: API_POLICY });
  const byPage = new Map(Object.entries(pages).map(([path, extra]) => [path, secureHeaders({ contentSecurityPolicy: pagePolicy(extra) })]));
  return (c, next) => (byPage.get(c.req.path) ?? api)(c, next);
}
