// Sign-in attempts, far below the general budget, counted before the password is hashed (so a
// refused attempt costs no scrypt either). Every request that hashes a password it is given is
// such an attempt: a sign-in, a guest's claim of a username, a password change (its current
// password). Three budgets:
// - per address, whatever the username (RATE_LIMIT_SIGNIN_ADDRESS): trying many usernames from one;
// - per username and address (RATE_LIMIT_SIGNIN_USERNAME_ADDRESS): guessing one account's password
//   from one address;
// - per username (RATE_LIMIT_SIGNIN), for the addresses the account is not known at: guessing one
//   account's password from many addresses. An address where the account was made, claimed, signed
//   in or changed its password is known for KNOWN_SECONDS after: there only the first two count, so
//   guesses from elsewhere, however many, never lock the owner out of its own device (NIST SP
//   800-63B §5.2.2: rate limiting must not let an attacker deny the owner its account).
import type { Context } from 'hono';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { usernameKey } from './credentials.ts';
import type { AccountSettings } from './settings.ts';
import type { AppEnv } from '../platform/http/env.ts';
import { clientAddress, limiter, unlimited } from '../platform/http/limits.ts';

/**
 * How long an address stays known for an account after its last success there. Under the 24.8
 * days a Node timer can wait (the store expires each key with one).
 */
const KNOWN_SECONDS = 14 * 24 * 60 * 60;

export interface SignInLimits {
  /** One attempt on `username` from the request's address: 429 RATE_LIMITED past a budget. */
  spend(c: Context<AppEnv>, username: string): Promise<void>;
  /** The password of `username` was right from the request's address (or set there): the address is known for it. */
  succeeded(c: Context<AppEnv>, username: string): Promise<void>;
}

export function limitSignIns(config: AccountSettings): SignInLimits {
  const byAddress = unlimited(config.signinAddress) ? null : limiter('signin-address', config.signinAddress);
  const byUsernameAddress = unlimited(config.signinUsernameAddress) ? null : limiter('signin-username-address', config.signinUsernameAddress);
  const byUsername = unlimited(config.signin) ? null : limiter('signin', config.signin);
  // Only needed where the per-username budget is.
  const known = byUsername ? new RateLimiterMemory({ points: 1, duration: KNOWN_SECONDS }) : null;
  const pair = (c: Context<AppEnv>, username: string) => JSON.stringify([usernameKey(username), clientAddress(c)]);
  return {
    async spend(c, username) {
      if (byAddress) await byAddress(c, clientAddress(c));
      if (byUsernameAddress) await byUsernameAddress(c, pair(c, username));
      if (byUsername && !(await known?.get(pair(c, username)))) await byUsername(c, usernameKey(username));
    },
    async succeeded(c, username) {
      await known?.set(pair(c, username), 1, KNOWN_SECONDS);
    },
  };
}
