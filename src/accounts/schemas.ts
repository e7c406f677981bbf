// The accounts' and tokens' request and answer bodies (docs/api.md, "Accounts and tokens").
import { z } from '@hono/zod-openapi';
import { MAX_PASSWORD, MIN_PASSWORD, USERNAME_PATTERN } from './credentials.ts';
import { SCOPES } from '../platform/auth/scopes.ts';
import { MAX_NAME_LENGTH, nameText, storedText } from '../platform/http/schemas.ts';

/**
 * The name a player goes by, wherever a request gives one: a guest's (POST /v1/players), an
 * account's, a token's.
 */
export const PlayerName = nameText().openapi({
  maxLength: MAX_NAME_LENGTH,
  description: `Surrounding whitespace is trimmed; then 1..${MAX_NAME_LENGTH} characters, no control characters and no bidi controls (U+202A–U+202E, U+2066–U+2069). A name of only whitespace or invisible characters (U+200B, U+3164, U+2800…) is refused.`,
  example: 'Anna',
});

/** Far above 128 characters (a code point is at most 4 UTF-16 units twice over): only absurd input stops here. */
const PASSWORD_INPUT_MAX = 1024;

const Username = z
  .string()
  .regex(USERNAME_PATTERN, '3 to 24 characters of A-Z a-z 0-9 _ -')
  .openapi({ minLength: 3, maxLength: 24, description: '3–24 characters of `A–Z a–z 0–9 _ -`, unique ignoring case', example: 'anna_k' });

/**
 * A new password: no control characters or lone surrogates, as any stored text (none can be typed
 * reliably, and a lone surrogate would hash as U+FFFD, one password for many inputs).
 */
const NewPassword = storedText()
  .max(PASSWORD_INPUT_MAX)
  .openapi({
    description: `${MIN_PASSWORD}–${MAX_PASSWORD} characters (counted after NFKC normalization), any Unicode but control characters, no composition rules; a common password is refused (422 WEAK_PASSWORD)`,
    example: 'correct horse battery staple',
  });

/**
 * A password to compare with the stored one: only NUL is refused, so that a password set before
 * new ones were held to NewPassword's rule still signs in (it is hashed, never stored as text).
 */
const AnyPassword = z
  .string()
  .max(PASSWORD_INPUT_MAX)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what it refuses
  .regex(/^[^\u0000]*$/, 'no NUL character')
  .openapi({ example: 'correct horse battery staple' });

const Bot = z.boolean().openapi({ description: 'a bot account: for good, shown wherever the player is' });

export const ScopeSchema = z
  .enum(SCOPES)
  .openapi('Scope', { description: '`play`: everything that acts for the player (reads too); `read`: reads and streams only; `account`: the account itself (its tokens, apps, password, deletion): a sign-in’s token only' });

const ExpiresAt = z.string().nullable().openapi({ description: 'when the token expires; null: never' });

export const SignUpSchema = z
  .strictObject({
    username: Username,
    password: NewPassword,
    name: PlayerName.optional().openapi({ description: 'the name others see (default: the username)' }),
    bot: Bot.optional(),
  })
  .openapi('SignUp');

export const ClaimSchema = z.strictObject({ username: Username, password: NewPassword, bot: Bot.optional() }).openapi('ClaimAccount');

export const SignInSchema = z
  .strictObject({ username: storedText().min(1).max(100).openapi({ example: 'anna_k' }), password: AnyPassword })
  .openapi('SignIn');

export const AccountTokenSchema = z
  .object({
    playerId: z.string(),
    username: z.string(),
    name: z.string(),
    bot: z.boolean(),
    token: z.string().openapi({ description: 'a bearer token of scopes play and read, shown once' }),
    tokenId: z.string(),
    expiresAt: ExpiresAt,
  })
  .openapi('AccountToken');

export const SessionSchema = z
  .object({ playerId: z.string(), username: z.string(), token: z.string(), tokenId: z.string(), expiresAt: ExpiresAt })
  .openapi('Session');

export const TokenInfoSchema = z
  .object({
    tokenId: z.string(),
    name: z.string().openapi({ description: 'what it is called: the name it was made with, a sign-in’s browser and system ("Firefox on Android"), or its owner’s rename' }),
    scopes: z.array(ScopeSchema),
    createdAt: z.string(),
    expiresAt: ExpiresAt,
    current: z.boolean().openapi({ description: 'the token of this request' }),
  })
  .openapi('TokenInfo');

export const TokenListSchema = z
  .object({ items: z.array(TokenInfoSchema) })
  .openapi('TokenList', { description: "the caller's live tokens (neither revoked nor expired), newest first" });

export const CreateTokenSchema = z
  .strictObject({
    name: PlayerName.openapi({ description: 'what the token is for (1–40 characters)', example: 'my bot' }),
    scopes: z
      .array(ScopeSchema)
      .min(1)
      .max(3)
      .optional()
      .openapi({ description: 'default `play` and `read` (of those the caller has); never more than the caller’s own scopes, so `account` only to renew a sign-in’s token' }),
    expiresInDays: z
      .number()
      .int()
      .min(1)
      .max(3650)
      .nullable()
      .optional()
      .openapi({ description: 'default: the service’s token lifetime (JWT_TTL_SECONDS; for a guest 30 days at most); null: never expires; null or over 30: accounts only' }),
  })
  .openapi('CreateToken');

export const RenameTokenSchema = z
  .strictObject({ name: PlayerName.openapi({ description: 'what the token is called from now on (1–40 characters)', example: 'phone' }) })
  .openapi('RenameToken');

export const NewTokenSchema = z
  .object({ tokenId: z.string(), token: z.string().openapi({ description: 'shown once: keep it' }), name: z.string(), scopes: z.array(ScopeSchema), expiresAt: ExpiresAt })
  .openapi('NewToken');

export const ChangePasswordSchema = z.strictObject({ currentPassword: AnyPassword, newPassword: NewPassword }).openapi('ChangePassword');

export const TokenIdParam = z.object({
  tokenId: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'a token id')
    .openapi({ param: { name: 'tokenId', in: 'path' } }),
});
