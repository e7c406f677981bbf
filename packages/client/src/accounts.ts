// Accounts and tokens as functions of a client (docs/api.md, "Accounts and tokens"): sign up, sign in,
// a guest claiming its player as an account; the caller's tokens listed, created (shown once) and
// revoked; the password changed; the account deleted; the bots online now.
import type { SkatClient } from './client.ts';
import type { components } from './generated/api-types.ts';

type Schemas = components['schemas'];
/** A new identity from signing up or claiming (POST /v1/accounts, /v1/players/me/account). */
export type AccountToken = Schemas['AccountToken'];
/** A new token of an account's player from signing in (POST /v1/sessions). */
export type Session = Schemas['Session'];
export type Scope = Schemas['Scope'];
/** One of the caller's tokens as listed (never the token itself); `current`: the token of this request. */
export type TokenInfo = Schemas['TokenInfo'];
/** A token just created: `token` is shown this once. */
export type NewToken = Schemas['NewToken'];
/** A bot online: its ratings per variant and the seeks it keeps waiting (`variants`: theirs). */
export type OnlineBot = Schemas['OnlineBot'];

/** A new player with an account (`bot: true` for good). 409 USERNAME_TAKEN, 422 WEAK_PASSWORD. */
export const signUp = (client: SkatClient, body: { username: string; password: string; name?: string; bot?: boolean }) =>
  client.request<AccountToken>('POST', '/v1/accounts', { body });

/** A new token of an account's player; an unknown username and a wrong password: 401 INVALID_CREDENTIALS. */
export const signIn = (client: SkatClient, body: { username: string; password: string }) => client.request<Session>('POST', '/v1/sessions', { body });

/** The caller's guest player becomes an account, keeping its id, games and matches. */
export const claimAccount = (client: SkatClient, body: { username: string; password: string; bot?: boolean }) =>
  client.request<AccountToken>('POST', '/v1/players/me/account', { body });

export const listTokens = async (client: SkatClient): Promise<TokenInfo[]> => (await client.request<{ items: TokenInfo[] }>('GET', '/v1/players/me/tokens')).items;

/** `expiresInDays: null`: a token that never expires (accounts only, e.g. for a bot). */
export const createToken = (client: SkatClient, body: { name: string; scopes?: Scope[]; expiresInDays?: number | null }) =>
  client.request<NewToken>('POST', '/v1/players/me/tokens', { body });

export const renameToken = (client: SkatClient, tokenId: string, name: string) =>
  client.request<TokenInfo>('PATCH', `/v1/players/me/tokens/${encodeURIComponent(tokenId)}`, { body: { name } });
export const revokeToken = (client: SkatClient, tokenId: string) => client.request<void>('DELETE', `/v1/players/me/tokens/${encodeURIComponent(tokenId)}`);

/** Signs out everywhere: every token of the player, this one included. */
export const revokeAllTokens = (client: SkatClient) => client.request<void>('DELETE', '/v1/players/me/tokens');

/** Every other token of the player is revoked. */
export const changePassword = (client: SkatClient, body: { currentPassword: string; newPassword: string }) =>
  client.request<void>('PUT', '/v1/players/me/password', { body });

/** Credentials and tokens are gone; the games stay, played by "deleted player". */
export const deleteAccount = (client: SkatClient) => client.request<void>('DELETE', '/v1/players/me');

export const onlineBots = async (client: SkatClient): Promise<OnlineBot[]> => (await client.request<{ items: OnlineBot[] }>('GET', '/v1/bots/online')).items;
