// The accounts' and tokens' operations, as OpenAPI definitions; the handlers are in api.ts beside.
import { createRoute } from '@hono/zod-openapi';
import { accountExamples, ANNA } from './examples.ts';
import { bearer, json, jsonBody, publicAccess } from '../platform/http/openapi.ts';
import { problemResponses } from '../platform/http/problems.ts';
import {
  AccountTokenSchema,
  ChangePasswordSchema,
  ClaimSchema,
  CreateTokenSchema,
  NewTokenSchema,
  RenameTokenSchema,
  SessionSchema,
  SignInSchema,
  SignUpSchema,
  TokenIdParam,
  TokenInfoSchema,
  TokenListSchema,
} from './schemas.ts';

const TOKEN = accountExamples.token.token;
const TOKEN_ID = accountExamples.token.tokenId;
const EXPIRES = accountExamples.token.expiresAt;
const CREATED = '2026-11-01T12:00:00.000Z';
const PASSWORD = 'correct horse battery staple';
const accountToken = { playerId: ANNA.playerId, username: 'anna_k', name: ANNA.name, bot: false, token: TOKEN, tokenId: TOKEN_ID, expiresAt: EXPIRES };

export const signUp = createRoute({
  method: 'post',
  path: '/v1/accounts',
  operationId: 'signUp',
  tags: ['accounts'],
  summary: 'Create a player with an account, and get its first token',
  description:
    'A player that signs in from any device (POST /v1/sessions). `bot: true` makes it a bot account, for good. A failing Authorization header is ignored. `Location` names the new player.',
  security: publicAccess,
  request: { body: jsonBody(SignUpSchema, { username: 'anna_k', password: PASSWORD, name: 'Anna' }) },
  responses: { 201: json(AccountTokenSchema, 'The account and its token', accountToken), ...problemResponses('USERNAME_TAKEN', 'WEAK_PASSWORD') },
});

export const claimAccount = createRoute({
  method: 'post',
  path: '/v1/players/me/account',
  operationId: 'claimAccount',
  tags: ['accounts'],
  summary: "Make the caller's guest player an account",
  description:
    'The guest keeps its player id, games and matches, and gets a new token; its other tokens go on working until they expire. Attempts count against the sign-in budgets of the username and the address (429 RATE_LIMITED with Retry-After).',
  security: bearer,
  request: { body: jsonBody(ClaimSchema, { username: 'anna_k', password: PASSWORD }) },
  responses: { 201: json(AccountTokenSchema, 'The account and a new token', accountToken), ...problemResponses('USERNAME_TAKEN', 'WEAK_PASSWORD', 'NOT_A_GUEST') },
});

export const signIn = createRoute({
  method: 'post',
  path: '/v1/sessions',
  operationId: 'signIn',
  tags: ['accounts'],
  summary: 'Sign in: a new token for an account',
  description:
    'An unknown username and a wrong password get the same 401 INVALID_CREDENTIALS, in about the same time. Attempts are limited per address, per username and address, and per username from the addresses where the account was not made or signed in to lately (429 RATE_LIMITED with Retry-After): guesses from elsewhere do not lock the owner out where it signed in before. A failing Authorization header is ignored. A player holds 100 live tokens at most: a sign-in past that revokes its oldest sign-in token (its oldest token, when none is one).',
  security: publicAccess,
  request: { body: jsonBody(SignInSchema, { username: 'anna_k', password: PASSWORD }) },
  responses: {
    201: json(SessionSchema, 'A new token', { playerId: ANNA.playerId, username: 'anna_k', token: TOKEN, tokenId: TOKEN_ID, expiresAt: EXPIRES }),
    ...problemResponses('INVALID_CREDENTIALS'),
  },
});

export const listTokens = createRoute({
  method: 'get',
  path: '/v1/players/me/tokens',
  operationId: 'listMyTokens',
  tags: ['accounts'],
  summary: "List the caller's live tokens",
  description: 'Every token neither revoked nor expired, newest first; `current` marks the one of this request. Tokens from before accounts (without an id) are not listed.',
  security: bearer,
  responses: {
    200: json(TokenListSchema, 'The tokens', {
      items: [{ tokenId: TOKEN_ID, name: 'Firefox on Android', scopes: ['play', 'read'], createdAt: CREATED, expiresAt: EXPIRES, current: true }],
    }),
  },
});

export const createToken = createRoute({
  method: 'post',
  path: '/v1/players/me/tokens',
  operationId: 'createMyToken',
  tags: ['accounts'],
  summary: 'Create a token (shown once): renew one, or one for a bot or a dashboard',
  description:
    'A guest renews its identity this way before its token expires (with an expiry of 30 days at most). `expiresInDays: null` makes a token that never expires, and more than 30 days one that lives longer: for accounts only (403 ACCOUNT_REQUIRED). `scopes: ["read"]` makes a token that may only read. A token never has more scopes than the caller’s: `account` only renews a sign-in’s token, and a token without `account` (a bot’s) only renews itself, for 30 days at most (403 INSUFFICIENT_SCOPE otherwise); an app’s token makes none (it has its refresh token). A player holds 100 live tokens at most (409 TOO_MANY_TOKENS: revoke one first).',
  security: bearer,
  request: { body: jsonBody(CreateTokenSchema, { name: 'my bot', scopes: ['play', 'read'], expiresInDays: null }) },
  responses: {
    201: json(NewTokenSchema, 'The token, shown once', { tokenId: TOKEN_ID, token: TOKEN, name: 'my bot', scopes: ['play', 'read'], expiresAt: null }),
    ...problemResponses('ACCOUNT_REQUIRED', 'TOO_MANY_TOKENS'),
  },
});

export const revokeToken = createRoute({
  method: 'delete',
  path: '/v1/players/me/tokens/{tokenId}',
  operationId: 'revokeMyToken',
  tags: ['accounts'],
  summary: 'Revoke one of the caller’s tokens',
  description: 'Refused (401 TOKEN_REVOKED) by every process of the service within a second.',
  security: bearer,
  request: { params: TokenIdParam },
  responses: { 204: { description: 'Revoked' }, ...problemResponses('TOKEN_NOT_FOUND') },
});

export const renameToken = createRoute({
  method: 'patch',
  path: '/v1/players/me/tokens/{tokenId}',
  operationId: 'renameMyToken',
  tags: ['accounts'],
  summary: 'Rename one of the caller’s live tokens',
  description:
    'A token of a sign-in is named by the browser and system of its User-Agent ("Firefox on Android"; "sign-in" when the header names no browser); its owner may call it anything (1–40 characters). Only the name changes: the token itself, its scopes and expiry stay.',
  security: bearer,
  request: { params: TokenIdParam, body: jsonBody(RenameTokenSchema, { name: 'phone' }) },
  responses: {
    200: json(TokenInfoSchema, 'The token as listed now', { tokenId: TOKEN_ID, name: 'phone', scopes: ['play', 'read'], createdAt: CREATED, expiresAt: EXPIRES, current: true }),
    ...problemResponses('TOKEN_NOT_FOUND'),
  },
});

export const revokeAllTokens = createRoute({
  method: 'delete',
  path: '/v1/players/me/tokens',
  operationId: 'revokeAllMyTokens',
  tags: ['accounts'],
  summary: 'Sign out everywhere: revoke every token of the caller, this one too',
  description: 'Tokens from before accounts (without an id) issued until now are refused too.',
  security: bearer,
  responses: { 204: { description: 'Every token revoked' } },
});

export const changePassword = createRoute({
  method: 'put',
  path: '/v1/players/me/password',
  operationId: 'changeMyPassword',
  tags: ['accounts'],
  summary: "Change the account's password; every other token is revoked",
  description: "The token of this request goes on working. Attempts count against the sign-in budgets of the account's username and the address (429 RATE_LIMITED with Retry-After), a wrong current password as a wrong sign-in.",
  security: bearer,
  request: { body: jsonBody(ChangePasswordSchema, { currentPassword: PASSWORD, newPassword: 'a new and longer passphrase' }) },
  responses: { 204: { description: 'Changed' }, ...problemResponses('WRONG_PASSWORD', 'WEAK_PASSWORD', 'ACCOUNT_REQUIRED') },
});

export const deleteMe = createRoute({
  method: 'delete',
  path: '/v1/players/me',
  operationId: 'deleteMe',
  tags: ['accounts'],
  summary: 'Delete the caller’s account (or guest identity)',
  description:
    'First the player is marked deleted: it is never seated, paired or challenged again. Then what it was in ends: its waiting seeks are withdrawn, its waiting games and matches called off, the games and matches reserved for it declined, its running games resigned (the other player wins; a rated game moves both ratings like any resign; a match it plays has each remaining game resigned as it starts, so the match ends). Last the username, password and every token go; the player is shown as "deleted player" and its games stay. Should it fail midway (503), the account and its tokens are still there: send it again to finish.',
  security: bearer,
  responses: { 204: { description: 'Deleted' } },
});
