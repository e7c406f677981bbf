// Sign-in attempts, far below the general budget: per username (guessing one account's password
// from many addresses) and per address (trying many usernames from one). Counted before the
// password is hashed, so a refused attempt costs no scrypt either. Every request that hashes a
// password it is given is such an attempt: a sign-in, a guest's claim of a username, a password
// change (its current password).
import type { Context } from 'hono';
import { usernameKey } from './credentials.ts';
import type { LimitsConfig } from '../platform/config.ts';
import type { AppEnv } from '../platform/http/env.ts';
import { clientAddress, limiter, unlimited } from '../platform/http/limits.ts';

export function limitSignIns(config: LimitsConfig): (c: Context<AppEnv>, username: string) => Promise<void> {
  const byAddress = unlimited(config.signinAddress) ? null : limiter('signin-address', config.signinAddress);
  const byUsername = unlimited(config.signin) ? null : limiter('signin', config.signin);
  return async (c, username) => {
    if (byAddress) await byAddress(c, clientAddress(c));
    if (byUsername) await byUsername(c, usernameKey(username));
  };
}
