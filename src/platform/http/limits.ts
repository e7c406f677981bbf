// Rate limits (rate-limiter-flexible, in this process's memory): per player for calls with a
// token, per client address for calls without one, and for creating players. A long poll or a
// stream counts once, when it is opened. Answers carry the IETF RateLimit and RateLimit-Policy
// headers; a refusal is 429 RATE_LIMITED with Retry-After.
import type { Context, MiddlewareHandler } from 'hono';
import { AuthError } from '../auth/errors.ts';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Budget, LimitsConfig } from '../config.ts';
import type { AppEnv } from './env.ts';
import { ProblemError } from './problems.ts';
import { setHeader } from './reply.ts';

/**
 * The address a request came from, as every budget and cap counted by address reads it: decided
 * once per request by the edge from TRUST_PROXY (edge.ts), so no limit reads it its own way.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const address = c.get('address');
  // A limit mounted without the edge would count every client as one: fail loudly instead.
  if (address === undefined) throw new Error('the client address is read before the edge decided it');
  return address;
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
    if (c.req.method === 'OPTIONS') return;
    if (signup && c.req.method === 'POST' && (c.req.path === '/v1/players' || c.req.path === '/v1/accounts')) await signup(c, clientAddress(c));
    else if (anonymous && c.req.header('Authorization') === undefined) await anonymous(c, clientAddress(c));
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
    const address = clientAddress(c);
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
    if (pages && c.req.method !== 'OPTIONS') await pages(c, clientAddress(c));
    await next();
  };
}

/** The paths `limitPages` guards (hono path patterns; `/docs/*` takes `/docs` too). */
export const LIMITED_PAGES = ['/openapi.json', '/docs/*', '/readyz', '/metrics'] as const;
