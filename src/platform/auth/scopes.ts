// What a token's scopes allow, and the calls that hand out a new identity.
import { AuthError } from './errors.ts';

/**
 * What a token allows: `play` everything that acts for the player, `read` its reads and streams
 * only, `account` what manages the account itself (its tokens, password, deletion, and approving
 * apps). A sign-in's token has all three.
 */
export const SCOPES = ['play', 'read', 'account'] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * The scopes a token made for a bot and an app's grant may have: never `account`, so whatever
 * holds such a token can play as the person but never lock the person out of the account.
 */
export const DELEGABLE_SCOPES = ['play', 'read'] as const satisfies readonly Scope[];
export type DelegableScope = (typeof DELEGABLE_SCOPES)[number];

/**
 * POST to these ignores the Authorization header, whatever it holds: they are how a client with
 * an expired or revoked token gets a new identity (docs/api.md, "Accounts and tokens").
 */
const NEW_IDENTITY = new Set(['/v1/players', '/v1/accounts', '/v1/sessions']);

export const givesNewIdentity = (method: string, path: string) => method === 'POST' && NEW_IDENTITY.has(path);

/**
 * The calls that need `account`, whatever their method: the tokens, the apps, approving an app,
 * a claim, the password, the account's deletion.
 */
const ACCOUNT_PATHS = /^\/v1\/(players\/me\/(tokens|apps|password|account)(\/|$)|oauth\/)/;

/**
 * Making a token is a write the token's own scopes bound instead (accounts/service.ts): a bot's
 * token renews itself before it ends, as it always could, into a token of no more than it has.
 */
const RENEWAL = (method: string, path: string) => method === 'POST' && path === '/v1/players/me/tokens';

export const needsAccount = (method: string, path: string) => (ACCOUNT_PATHS.test(path) && !RENEWAL(method, path)) || (method === 'DELETE' && path === '/v1/players/me');

/**
 * The calls of the account need `account`; the other reads (and streams) any valid token; every
 * other method acts for the player and needs `play`.
 */
export function checkScope(method: string, path: string, scopes: readonly Scope[]): void {
  if (needsAccount(method, path)) {
    if (!scopes.includes('account')) throw new AuthError('INSUFFICIENT_SCOPE', 'this call manages the account: it needs a token of a sign-in (scope "account"), not one of a bot or an app');
    return;
  }
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return;
  if (!scopes.includes('play')) throw new AuthError('INSUFFICIENT_SCOPE', 'this token may only read (scope "read"): this call needs a token with scope "play"');
}
