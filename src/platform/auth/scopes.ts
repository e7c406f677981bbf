// Which calls a token's scopes allow, and the calls that hand out a new identity.
import { AuthError } from './errors.ts';
import type { Grant } from './principal.ts';

/**
 * POST to these ignores the Authorization header, whatever it holds: they are how a client with
 * an expired or revoked token gets a new identity (docs/api.md, "Accounts and tokens").
 */
const NEW_IDENTITY = new Set(['/v1/players', '/v1/accounts', '/v1/sessions']);

export const givesNewIdentity = (method: string, path: string) => method === 'POST' && NEW_IDENTITY.has(path);

/** Reads (and streams) need any valid token; every other method acts for the player and needs `play`. */
export function checkScope(method: string, grant: Grant): void {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return;
  if (!grant.scopes.includes('play')) throw new AuthError('INSUFFICIENT_SCOPE', 'this token may only read (scope "read"): this call needs a token with scope "play"');
}
