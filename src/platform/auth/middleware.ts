import { createMiddleware } from 'hono/factory';
import { AuthError } from './errors.ts';
import type { Grant, Principal } from './principal.ts';
import { checkScope, givesNewIdentity } from './scopes.ts';
import type { TokenService } from './tokens.ts';

export type AuthenticatedPlayer = { playerId: string; name: string; bot?: boolean };

/** The caller and what its token allows (its id, scopes, expiry). */
export type Caller = AuthenticatedPlayer & { grant: Grant };

/**
 * Context variables set by `authenticate`; `player` is null for an anonymous spectator, `token`
 * the verified bearer token (null without one).
 */
export type AuthVariables = { player: Caller | null; token?: string | null };

export type AuthenticateOptions = {
  tokens: Pick<TokenService, 'verify'>;
  /** Maps a verified principal to a player (for external ones: issuer + sub); null if there is none. */
  resolvePlayer: (principal: Principal) => Promise<AuthenticatedPlayer | null>;
};

// RFC 7235: the scheme is case-insensitive; RFC 6750: the credential is a single token68.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/**
 * No Authorization header → anonymous (`player` null). Any header that is present but not a
 * valid bearer token fails with AuthError rather than silently downgrading to anonymous,
 * so a client with a broken token learns about it instead of seeing the spectator view.
 */
export function authenticate(options: AuthenticateOptions) {
  const check = authenticator(options);
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    await check(c);
    return next();
  });
}

/** `authenticate` as a check of its own (the app runs its checks of /v1 requests in one step). */
export function authenticator({ tokens, resolvePlayer }: AuthenticateOptions) {
  return async (c: {
    req: { header(name: string): string | undefined; method: string; path: string };
    set<K extends keyof AuthVariables>(key: K, value: AuthVariables[K]): void;
  }): Promise<void> => {
    const header = c.req.header('Authorization');
    if (header === undefined || givesNewIdentity(c.req.method, c.req.path)) {
      c.set('player', null);
      c.set('token', null);
      return;
    }
    const match = BEARER.exec(header);
    if (!match) throw new AuthError('INVALID_TOKEN', 'the Authorization header must be "Bearer <token>"');
    const result = await tokens.verify(match[1]);
    if (!result.ok) throw new AuthError(result.code, result.detail);
    const player = await resolvePlayer(result.principal);
    if (!player) throw new AuthError('INVALID_TOKEN', 'the token does not belong to a known player');
    checkScope(c.req.method, c.req.path, result.principal.grant.scopes);
    c.set('player', { ...player, grant: result.principal.grant });
    c.set('token', match[1]);
  };
}

/** For handlers that act for a player: returns the player or fails with 401. */
export function requirePlayer(c: { get<K extends keyof AuthVariables>(key: K): AuthVariables[K] }): Caller {
  const player = c.get('player');
  if (!player) throw new AuthError('INVALID_TOKEN', 'this call needs a bearer token');
  return player;
}
