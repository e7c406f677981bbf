// What sign-up, sign-in and a player's tokens refuse: the codes, and their problems.
import type { Problems } from '../platform/http/problems.ts';

/** The refusals of src/accounts. */
export const ACCOUNT_REFUSALS = {
  INVALID_CREDENTIALS: { status: 401, rank: 4, description: 'no account with this username and password' },
  WRONG_PASSWORD: { status: 403, rank: 8, description: 'the current password is not the account’s' },
  ACCOUNT_REQUIRED: { status: 403, rank: 9, description: 'only an account may do this (a password, a token that never expires or lives over 30 days): sign up or claim your player first' },
  TOKEN_NOT_FOUND: { status: 404, rank: 8, description: 'you have no live token with this id' },
  USERNAME_TAKEN: { status: 409, rank: 6, description: 'the username (ignoring case) belongs to another account' },
  NOT_A_GUEST: { status: 409, rank: 8, description: 'the player is an account already, or an identity of the external provider' },
  TOO_MANY_TOKENS: { status: 409, rank: 12, description: 'you hold as many live tokens as one player may (100): revoke one first' },
  WEAK_PASSWORD: { status: 422, rank: 11, description: 'a password of fewer than 8 or more than 128 characters, or one on the list of common passwords' },
} satisfies Problems;

declare module '../platform/errors.ts' {
  interface Refusals extends Record<keyof typeof ACCOUNT_REFUSALS, 'accounts'> {}
}
