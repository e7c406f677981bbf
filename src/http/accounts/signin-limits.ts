// Sign-in attempts, far below the general budget: per username (guessing one account's password
// from many addresses) and per address (trying many usernames from one). Counted before the
// password is hashed, so a refused attempt costs no scrypt either.
import type { Context } from 'hono';
import { usernameKey } from '../../accounts/credentials.ts';
import type { LimitsConfig } from '../../config.ts';
import type { AppEnv } from '../env.ts';
import { clientAddress, limiter, unlimited } from '../limits.ts';

export function limitSignIns(config: LimitsConfig): (c: Context<AppEnv>, username: string) => Promise<void> {
  const byAddress = unlimited(config.signinAddress) ? null : limiter('signin-address', config.signinAddress);
  const byUsername = unlimited(config.signin) ? null : limiter('signin', config.signin);
  return async (c, username) => {
    if (byAddress) await byAddress(c, clientAddress(c, config.trustProxy));
    if (byUsername) await byUsername(c, usernameKey(username));
  };
}
