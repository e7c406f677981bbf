// What every request passes before a route and after an error: the access log, the body limit,
// the JSON content type, the validation hook, and the error handler that turns every refusal
// into problem+json through the catalogue. Documented once for every operation.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { AuthError } from '../auth/errors.ts';
import { needsAccount } from '../auth/scopes.ts';
import { conflictOf, unavailableOf } from '../db/availability.ts';
import { scrubbedMessage } from '../db/errors.ts';
import { DomainError } from '../errors.ts';
import type { LimitsConfig } from '../config.ts';
import type { Logger } from '../log.ts';
import type { WaiterClient } from '../streams/waiters.ts';
import { clientAddress } from './limits.ts';
import { isJson, MAX_BODY_BYTES, notJson, tooLarge, validationProblem } from './operation.ts';
import { securityHeadersOf } from './security.ts';
import type { App, AppEnv } from './env.ts';
import { errorResponses, namedProblems, ProblemError, problemOf, problemResponse, type ProblemCode } from './problems.ts';
import { finish, setHeader, type HeaderRecord } from './reply.ts';

/** The problems behind the HTTPExceptions hono's validators throw. */
const HTTP_EXCEPTIONS: Partial<Record<number, ProblemCode>> = { 400: 'MALFORMED_JSON', 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE' };

/** A sub-app of one resource (its operations validate through operation.ts; the hook answers alike for a route added with openapi()). */
export function createApi(): App {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationProblem(result.error);
    },
  });
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface EdgeOptions {
  log: Logger;
  corsOrigins: '*' | string[];
  /** Paths any origin may call whatever CORS_ORIGINS says (an app's token endpoint: public clients in browsers). */
  openPaths?: readonly string[];
  /** Whether the process is shutting down. */
  stopping?: () => boolean;
  /** Whether X-Forwarded-For names the client, behind how many proxies (TRUST_PROXY). */
  proxy: Pick<LimitsConfig, 'trustProxy' | 'proxyHops'>;
}

/**
 * What every request passes first, as one middleware (each hop of hono's chain costs a promise
 * and a closure per request, and these run for every request):
 * - its id: the client's X-Request-Id when it is a plain token, else a new one; echoed in
 *   X-Request-Id and in problem bodies, and on its log lines, so a client's report finds them;
 * - its client's address, decided here once for every budget and cap that counts by address
 *   (limits.ts `clientAddress`);
 * - the security headers of its route family (security.ts) and, for a cross-origin caller, the
 *   CORS headers; all in the request's header record (reply.ts) before the handler runs;
 * - a process shutting down refuses it (503 SHUTTING_DOWN with Retry-After) and closes the
 *   connection after the answer of a request already in flight, so the client's next request
 *   opens one to another process;
 * - one access-log line: no query string, no headers, no bodies (no tokens, no cards).
 */
export function edge({ log, corsOrigins, openPaths = [], stopping = () => false, proxy }: EdgeOptions): MiddlewareHandler<AppEnv> {
  const own = crossOrigin(corsOrigins);
  const open = new Set(openPaths);
  const any = corsOrigins === '*' ? own : crossOrigin('*');
  const cors: MiddlewareHandler = (c, next) => (open.has(c.req.path) ? any(c, next) : own(c, next));
  return async (c, next) => {
    const start = performance.now();
    const given = c.req.header('X-Request-Id');
    const id = given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    c.set('requestId', id);
    c.set('address', addressOf(c, proxy));
    const headers: HeaderRecord = { 'x-request-id': id, ...securityHeadersOf(c.req.path) };
    c.set('headers', headers);
    if (stopping()) {
      headers.connection = 'close';
      c.res = problemResponse(c, new ProblemError('SHUTTING_DOWN', 'this process is shutting down; retry (another one serves)'));
    } else {
      // A preflight is answered by cors itself, with a response of its own.
      const answered = await cors(c, next);
      if (answered) c.res = answered;
      if (stopping()) headers.connection = 'close';
    }
    finish(c, c.res);
    log.info({ requestId: id, method: c.req.method, path: c.req.path, status: c.res.status, ms: +(performance.now() - start).toFixed(2) });
  };
}

/**
 * The address a request came from. Behind `proxyHops` trusted proxies, the one the outermost of
 * them saw: each proxy appends the address it was called from, so that is the `proxyHops`-th entry
 * from the right; anything left of it the client wrote itself and proves nothing. In-process
 * requests (app.request in tests) have no socket: one `unknown` client.
 */
function addressOf(c: Context, { trustProxy, proxyHops }: EdgeOptions['proxy']): string {
  if (trustProxy) {
    const entries = c.req.header('X-Forwarded-For')?.split(',');
    if (entries) {
      const forwarded = entries[Math.max(0, entries.length - proxyHops)]?.trim();
      if (forwarded) return withoutPort(forwarded);
    }
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * A forwarded address without the port some proxies add (`1.2.3.4:5678`, `[::1]:5678`, `[::1]`):
 * the port changes with every connection, and the client's budget must not. A bare IPv6 address
 * (colons, no brackets) has no port to drop.
 */
function withoutPort(address: string): string {
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  if (v4) return v4[1];
  const v6 = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  return v6 ? v6[1] : address;
}

/**
 * Who a request comes from, for the waiter slots: the token's player and the address (as the
 * rate limits read it), each with its own cap; without a token the address alone.
 */
export function clientOf(c: Context<AppEnv>): WaiterClient {
  const address = `address:${clientAddress(c)}`;
  const player = c.get('player')?.playerId;
  return player ? `player:${player} ${address}` : address;
}

/**
 * A request's body, before any route reads it: a declared length over MAX_BODY_BYTES is refused
 * (413), and a POST with a body sends it as JSON (else 415). A chunked body, whose length nobody
 * declares, is counted as it is read (operation.ts) and refused there once it passes the limit.
 */
export function checkBody(c: Context): void {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return;
  const length = c.req.header('Content-Length');
  const chunked = c.req.header('Transfer-Encoding') !== undefined;
  if (length !== undefined && !chunked && parseInt(length, 10) > MAX_BODY_BYTES) throw tooLarge();
  if (method === 'POST' && (length ? length !== '0' : chunked)) {
    const type = c.req.header('Content-Type');
    if (!(type && isJson(type))) throw notJson();
  }
}

/**
 * What every /v1 request passes in turn before its operation, as one step of hono's chain: the
 * limit per address, the body's declared size and type, the token, the limit per player.
 */
export function admit(...checks: ((c: Context<AppEnv>) => void | Promise<void>)[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    for (const check of checks) await check(c);
    await next();
  };
}

/**
 * Cross-origin use: any origin by default (the API authenticates with bearer tokens, never with
 * cookies, so a page on another origin gains nothing a script could not do itself).
 */
export function corsOptions(origins: '*' | string[]) {
  return {
    origin: origins === '*' ? '*' : origins,
    allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-None-Match', 'Last-Event-ID', 'Prefer', 'X-Request-Id'],
    exposeHeaders: ['ETag', 'Location', 'Preference-Applied', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'X-Request-Id'],
    maxAge: 600,
  };
}

/**
 * CORS for every route: hono's `cors` answers the preflights; an actual request gets the same
 * headers hono's would give it, written as prepared headers. (hono's `cors` writes them into
 * `c.res` before the handler runs, which makes a Response early and copies its headers into the
 * handler's: a fifth of the server's time per move.)
 */
function crossOrigin(origins: '*' | string[]): MiddlewareHandler {
  const options = corsOptions(origins);
  const preflight = cors(options);
  const exposed = options.exposeHeaders.join(',');
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    const origin = c.req.header('Origin');
    const allowed = origins === '*' ? '*' : origin && origins.includes(origin) ? origin : null;
    if (allowed) setHeader(c, 'Access-Control-Allow-Origin', allowed);
    setHeader(c, 'Access-Control-Expose-Headers', exposed);
    if (origins !== '*') setHeader(c, 'Vary', 'Origin', { append: true });
    await next();
  };
}

/** The methods of the API's paths, as the 405s name them in `Allow`. */
export interface RouteMethods {
  /** The methods the routes that match `path` take (none: no route has the path). */
  of(path: string): string[];
  /** For a path some route names literally (`/v1/games/export`): the methods of those routes; else null. */
  literal(path: string): string[] | null;
}

/** Read from the app's routes at the first request, when every route is there. */
export function allowedMethods(app: App): RouteMethods {
  let table: { literal: Map<string, Set<string>>; patterns: { pattern: RegExp; method: string }[] } | null = null;
  const load = () => {
    const routes = app.routes.filter((r) => r.method !== 'ALL' && !r.path.includes('*'));
    const literal = new Map<string, Set<string>>();
    for (const r of routes) if (!r.path.includes(':')) literal.set(r.path, (literal.get(r.path) ?? new Set()).add(r.method));
    // The path exactly as routed: hono is strict about a trailing slash, so `/v1/games/` is no
    // route at all (404), not a route without GET (405).
    const patterns = routes.map((r) => ({ method: r.method, pattern: new RegExp(`^${r.path.replace(/:[^/]+/g, '[^/]+')}$`) }));
    return { literal, patterns };
  };
  const complete = (methods: Set<string>) => {
    const all = new Set(methods);
    if (all.has('GET')) all.add('HEAD');
    all.add('OPTIONS');
    return [...all].sort();
  };
  return {
    of(path) {
      table ??= load();
      const literal = table.literal.get(path);
      if (literal) return complete(literal);
      const methods = new Set(table.patterns.filter((r) => r.pattern.test(path)).map((r) => r.method));
      return methods.size === 0 ? [] : complete(methods);
    },
    literal(path) {
      table ??= load();
      const literal = table.literal.get(path);
      return literal ? complete(literal) : null;
    },
  };
}

/** 405 METHOD_NOT_ALLOWED, with the methods the path does take in `Allow`. */
export function methodNotAllowed(c: Context, allowed: string[]): ProblemError {
  setHeader(c, 'Allow', allowed.join(', '));
  return new ProblemError('METHOD_NOT_ALLOWED', `${c.req.method} is not a method of ${c.req.path}: ${allowed.join(', ')}`);
}

/**
 * A path some route names literally is served by those routes alone, as the document reads it:
 * another method there is refused (405), not handed to a route with a parameter in its place
 * (DELETE /v1/games/export would be cancelGame of a game with the id "export"). Before the routes.
 */
export function literalPaths(methods: RouteMethods): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const allowed = methods.literal(c.req.path);
    if (allowed && !allowed.includes(c.req.method)) throw methodNotAllowed(c, allowed);
    await next();
  };
}

/** Every refusal from below the edge as its problem; anything else is logged and a 500. */
export function problemHandler(log: Logger): ErrorHandler<AppEnv> {
  return (err, c) => {
    if (err instanceof ProblemError) return problemResponse(c, err);
    if (err instanceof DomainError) return problemResponse(c, new ProblemError(err.code, err.detail, err.extra));
    if (err instanceof AuthError) {
      // RFC 6750 §3.1: a token that may not do this is insufficient_scope; the provider away is no token's fault.
      if (err.code === 'INSUFFICIENT_SCOPE') setHeader(c, 'WWW-Authenticate', `Bearer error="insufficient_scope", scope="play"`);
      else if (err.code !== 'IDENTITY_PROVIDER_UNAVAILABLE') setHeader(c, 'WWW-Authenticate', `Bearer error="invalid_token"`);
      return problemResponse(c, new ProblemError(err.code, err.message));
    }
    // The database away or too slow, or a write that lost a conflict with concurrent ones,
    // wherever it surfaced (drizzle wraps the driver's errors): a 503 to try again, no 500.
    const unavailable = unavailableOf(err) ?? conflictOf(err);
    if (unavailable) return problemResponse(c, new ProblemError(unavailable.code, unavailable.detail));
    // hono's own: the validator's refusals of a body it cannot parse or a type it does not take.
    if (err instanceof HTTPException) {
      const code = HTTP_EXCEPTIONS[err.status];
      if (code) return problemResponse(c, new ProblemError(code, code === 'MALFORMED_JSON' ? 'the body is not valid JSON' : problemOf(code).description));
    }
    log.error({ requestId: c.get('requestId'), method: c.req.method, path: c.req.path, error: err.name, message: safeMessage(err) });
    return problemResponse(c, new ProblemError('INTERNAL', 'something went wrong on our side'));
  };
}

/** An internal error's message for the log: scrubbed as every log line's (platform/db/errors.ts). */
export function safeMessage(err: Error): string {
  return scrubbedMessage(err);
}

/**
 * Every route's error responses, made from the catalogue in use (the app's, whole by now): the
 * codes the route names (problemResponses), and the problems the edge can answer on any route: a
 * broken Authorization header on every /v1 call; a parameter that fails its schema; a body over
 * the limit (any method but GET), or not JSON (a POST, or a route that reads a body), or, with a
 * body schema, one that does not parse.
 */
export function documentEdgeProblems(app: App): void {
  // What node:http answers for a request to any operation before the app sees it
  // (client-errors.ts): its head too large (a long URL too), or not in time.
  const unread = errorResponses('REQUEST_TIMEOUT', 'HEADERS_TOO_LARGE');
  for (const def of app.openAPIRegistry.definitions) {
    if (def.type !== 'route') continue;
    const { route } = def;
    const { codes: own, others } = namedProblems(route.responses);
    if (!route.path.startsWith('/v1/')) {
      // The operations outside /v1 (health, readiness, keys, metrics) are refused too by a
      // process that shuts down: its 503 beside any 503 of their own (not ready, as JSON).
      route.responses = { ...others, ...errorResponses(...own) };
      const shutting = errorResponses('SHUTTING_DOWN')[503];
      const own503 = route.responses[503];
      route.responses = {
        ...route.responses,
        503:
          own503 && 'content' in own503
            ? { ...own503, description: `${own503.description}; ${shutting.description}`, headers: { ...shutting.headers, ...own503.headers }, content: { ...own503.content, ...shutting.content } }
            : shutting,
        ...unread,
      };
      continue;
    }
    // Every /v1 call is rate-limited, reads or writes the database, and is refused by a process
    // that shuts down.
    const codes: ProblemCode[] = ['INVALID_TOKEN', 'TOKEN_EXPIRED', 'TOKEN_REVOKED', 'IDENTITY_PROVIDER_UNAVAILABLE', 'RATE_LIMITED', 'DATABASE_UNAVAILABLE', 'SHUTTING_DOWN'];
    // A write needs a token of scope `play`, a call of the account one of scope `account` (see platform/auth/scopes.ts).
    if ((route.method !== 'get' || needsAccount('GET', route.path)) && route.security?.some((s) => 'bearerAuth' in s)) codes.push('INSUFFICIENT_SCOPE');
    const { params, query, headers, body } = route.request ?? {};
    if (params || query || headers || body) codes.push('VALIDATION_FAILED');
    if (body) codes.push('MALFORMED_JSON');
    // A declared body over the limit is refused on every method that may carry one (checkBody), a
    // body that is not JSON on a POST (checkBody) and wherever a route reads one (operation.ts).
    if (route.method !== 'get') codes.push('PAYLOAD_TOO_LARGE');
    if (route.method === 'post' || body) codes.push('UNSUPPORTED_MEDIA_TYPE');
    const success = Object.fromEntries(Object.entries(others).filter(([status]) => Number(status) < 400));
    route.responses = { ...success, ...errorResponses(...own, ...codes, 'REQUEST_TIMEOUT', 'HEADERS_TOO_LARGE') };
  }
}
