// Rate limits (rate-limiter-flexible, in this process's memory): per player for calls with a
// token, per client address for calls without one, and for creating players. A long poll or a
// stream counts once, when it is opened. Answers carry the IETF RateLimit and RateLimit-Policy
// headers; a refusal is 429 RATE_LIMITED with Retry-After.
import type { Context, MiddlewareHandler } from 'hono';
import { AuthError } from '../auth/errors.ts';
import { getConnInfo } from '@hono/node-server/conninfo';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Budget, LimitsConfig } from '../config.ts';
import type { AppEnv } from './env.ts';
import { ProblemError } from './problems.ts';
import { setHeader } from './reply.ts';

/**
 * The address a request came from. Behind `hops` trusted proxies, the one the outermost of them
 * saw: each proxy appends the address it was called from, so that is the `hops`-th entry from the
 * right; anything left of it the client wrote itself and proves nothing.
 */
export function clientAddress(c: Context, trustProxy: boolean, hops = 1): string {
  if (trustProxy) {
    const entries = c.req.header('X-Forwarded-For')?.split(',');
    if (entries) {
      const forwarded = entries[Math.max(0, entries.length - hops)]?.trim();
      if (forwarded) return forwarded;
    }
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** One named limit: consumes a point for the key and writes the headers, or refuses with 429. */
export function limiter(name: string, budget: Budget) {
  const store = new RateLimiterMemory({ points: budget.points, duration: budget.seconds });
  const policy = `"${name}";q=${budget.points};w=${budget.seconds}`;
  return async (c: Context, key: string) => {
    let res: RateLimiterRes;
    let refused = false;
    try {
      res = await store.consume(key);
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      res = e;
      refused = true;
    }
    const reset = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    setHeader(c, 'RateLimit-Policy', policy);
    setHeader(c, 'RateLimit', `"${name}";r=${Math.max(0, res.remainingPoints)};t=${reset}`);
    if (refused) {
      setHeader(c, 'Retry-After', String(reset));
      throw new ProblemError('RATE_LIMITED', `too many requests: ${budget.points} per ${budget.seconds} s; retry in ${reset} s`);
    }
  };
}

export const unlimited = (budget: Budget) => budget.points <= 0;

/**
 * Before authentication: creating players, and calls without a token, by client address. (A call
 * with a token is counted for its player once the token is checked: see `limitPlayers`.)
 */
export function limitAddresses(config: LimitsConfig): (c: Context<AppEnv>) => Promise<void> {
  const signup = unlimited(config.signup) ? null : limiter('signup', config.signup);
  const anonymous = unlimited(config.anonymous) ? null : limiter('anonymous', config.anonymous);
  return async (c) => {
    c.set('proxy', config);
    if (c.req.method === 'OPTIONS') return;
    // The address only when it counts (most calls carry a token and are counted later).
    if (signup && c.req.method === 'POST' && (c.req.path === '/v1/players' || c.req.path === '/v1/accounts')) await signup(c, clientAddress(c, config.trustProxy, config.proxyHops));
    else if (anonymous && c.req.header('Authorization') === undefined) await anonymous(c, clientAddress(c, config.trustProxy, config.proxyHops));
  };
}

/** After authentication: every call made with a token, by player. */
export function limitPlayers(config: LimitsConfig): (c: Context<AppEnv>) => Promise<void> {
  const player = unlimited(config.player) ? null : limiter('player', config.player);
  return async (c) => {
    const playerId = c.get('player')?.playerId;
    if (player && playerId) await player(c, playerId);
  };
}

/**
 * The token check, with failures counted against the address (`RATE_LIMIT_AUTH_FAILURES`, far
 * stricter than the anonymous budget): a malformed, forged or expired token, or one of no known
 * player, is 401 until the address has failed that often, then 429 before the token is even
 * looked at (no signature check, no database read). A token that passes costs nothing here.
 */
export function guardAuthentication<C extends Context<AppEnv>>(
  config: LimitsConfig,
  authenticate: (c: C) => Promise<void>,
): (c: C) => Promise<void> {
  if (unlimited(config.authFailures)) return authenticate;
  const { points, seconds } = config.authFailures;
  const failures = new RateLimiterMemory({ points, duration: seconds });
  const policy = `"auth-failures";q=${points};w=${seconds}`;
  const refuse = (c: Context, msBeforeNext: number): never => {
    const reset = Math.max(1, Math.ceil(msBeforeNext / 1000));
    setHeader(c, 'RateLimit-Policy', policy);
    setHeader(c, 'RateLimit', `"auth-failures";r=0;t=${reset}`);
    setHeader(c, 'Retry-After', String(reset));
    throw new ProblemError('RATE_LIMITED', `too many failed authentications from this address: ${points} per ${seconds} s; retry in ${reset} s`);
  };
  return async (c) => {
    if (c.req.header('Authorization') === undefined) return authenticate(c);
    const address = clientAddress(c, config.trustProxy, config.proxyHops);
    const spent = await failures.get(address);
    if (spent && spent.consumedPoints >= points) refuse(c, spent.msBeforeNext);
    try {
      await authenticate(c);
    } catch (e) {
      if (e instanceof AuthError) {
        const res = await failures.penalty(address, 1);
        if (res.consumedPoints > points) refuse(c, res.msBeforeNext);
      }
      throw e;
    }
  };
}

/**
 * What outside /v1 costs the process work, by address (`RATE_LIMIT_PAGES`): the OpenAPI document,
 * the API documentation, readiness (a database read) and the metrics. Not /healthz (nothing to
 * do, and a probe must never be refused), not the web client's files (static, cached by browsers).
 */
export function limitPages(config: LimitsConfig): MiddlewareHandler<AppEnv> {
  const pages = unlimited(config.pages) ? null : limiter('pages', config.pages);
  return async (c, next) => {
    if (pages && c.req.method !== 'OPTIONS') await pages(c, clientAddress(c, config.trustProxy, config.proxyHops));
    await next();
  };
}

/** The paths `limitPages` guards (hono path patterns; `/docs/*` takes `/docs` too). */
export const LIMITED_PAGES = ['/openapi.json', '/docs/*', '/readyz', '/metrics'] as const;
