// Rate limits (rate-limiter-flexible, in this process's memory): per player for calls with a
// token, per client address for calls without one, and for creating players. A long poll or a
// stream counts once, when it is opened. Answers carry the IETF RateLimit and RateLimit-Policy
// headers; a refusal is 429 RATE_LIMITED with Retry-After.
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Budget, LimitsConfig } from '../config.ts';
import type { AppEnv } from './env.ts';
import { ProblemError } from './problems.ts';
import { setHeader } from './reply.ts';

/** The address a request came from (the first X-Forwarded-For hop when the proxy is trusted). */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
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
    if (c.req.method === 'OPTIONS') return;
    // The address only when it counts (most calls carry a token and are counted later).
    if (signup && c.req.method === 'POST' && (c.req.path === '/v1/players' || c.req.path === '/v1/accounts')) await signup(c, clientAddress(c, config.trustProxy));
    else if (anonymous && c.req.header('Authorization') === undefined) await anonymous(c, clientAddress(c, config.trustProxy));
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
