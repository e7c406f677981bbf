// The budgets of the apps' calls. The token, revocation and device endpoints take no bearer token,
// so they are counted per client address (RATE_LIMIT_OAUTH). Wrong user codes are counted per
// player and per address (RATE_LIMIT_USER_CODES): a right one costs nothing, and once either
// budget is spent the lookup is refused before the database is read.
import type { Context } from 'hono';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { AppEnv } from '../platform/http/env.ts';
import { clientAddress, limiter, unlimited } from '../platform/http/limits.ts';
import { ProblemError } from '../platform/http/problems.ts';
import { setHeader } from '../platform/http/reply.ts';
import type { OAuthSettings } from './settings.ts';

export function limitEndpoints(settings: OAuthSettings): (c: Context<AppEnv>) => Promise<void> {
  const spend = unlimited(settings.endpoints) ? null : limiter('oauth', settings.endpoints);
  return async (c) => {
    if (spend) await spend(c, clientAddress(c));
  };
}

export interface UserCodeTries {
  /** Refuses (429) once the player or the address has typed too many wrong codes; else runs `look` and counts a wrong code. */
  guard<T>(c: Context<AppEnv>, playerId: string, look: () => Promise<T>): Promise<T>;
}

export function limitUserCodes(settings: OAuthSettings, isWrong: (e: unknown) => boolean): UserCodeTries {
  const { points, seconds } = settings.userCodes;
  if (unlimited(settings.userCodes)) return { guard: (_c, _p, look) => look() };
  const wrong = new RateLimiterMemory({ points, duration: seconds });
  const policy = `"user-codes";q=${points};w=${seconds}`;
  const refuse = (c: Context, msBeforeNext: number): never => {
    const reset = Math.max(1, Math.ceil(msBeforeNext / 1000));
    setHeader(c, 'RateLimit-Policy', policy);
    setHeader(c, 'RateLimit', `"user-codes";r=0;t=${reset}`);
    setHeader(c, 'Retry-After', String(reset));
    throw new ProblemError('RATE_LIMITED', `too many wrong user codes: ${points} per ${seconds} s; retry in ${reset} s`);
  };
  return {
    async guard(c, playerId, look) {
      const keys = [`player:${playerId}`, `address:${clientAddress(c)}`];
      for (const key of keys) {
        const spent = await wrong.get(key);
        if (spent && spent.consumedPoints >= points) refuse(c, spent.msBeforeNext);
      }
      try {
        return await look();
      } catch (e) {
        if (isWrong(e)) for (const key of keys) await wrong.penalty(key, 1);
        throw e;
      }
    },
  };
}
