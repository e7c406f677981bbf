// The secrets of the flows: codes, refresh tokens and device codes (256 random bits each, far past
// the 128 the contract asks for), stored as their SHA-256 only; the PKCE check; the user codes a
// person types. A stored hash is looked up by equality in the database: the hash of a guess tells
// nothing of the stored one, so the lookup's timing gives nothing away either.
import { createHash, randomBytes } from 'node:crypto';
import { sameSecret } from '../platform/http/same-secret.ts';

/** A new secret: 32 random bytes, base64url (43 characters). */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** What the tables keep of a secret. */
export const hashOf = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('base64url');

/** RFC 7636 §4.1: 43–128 characters of the unreserved set. */
export const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/** Whether `verifier` hashes to `challenge` (S256: base64url(SHA-256(verifier))), in constant time. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  return sameSecret(hashOf(verifier), challenge);
}

/**
 * RFC 8628 §6.1: consonants only, no digits: no words, nothing to take for O or I. 20 letters, 8
 * of them: 20^8, about 34.6 bits (RATE_LIMIT_USER_CODES bounds the guesses).
 */
export const USER_CODE_LETTERS = 'BCDFGHJKLMNPQRSTVWXZ';
const USER_CODE_LENGTH = 8;

/** A new user code, drawn uniformly (bytes past the last multiple of 20 are drawn again). */
export function newUserCode(): string {
  let code = '';
  while (code.length < USER_CODE_LENGTH) {
    for (const byte of randomBytes(16)) {
      if (byte < 240 && code.length < USER_CODE_LENGTH) code += USER_CODE_LETTERS[byte % 20];
    }
  }
  return code;
}

/** How a user code is shown: two groups of four (BCDF-GHJK). */
export const shownUserCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;

/** A typed user code as stored (upper case, no dash or spaces); null: it cannot be one. */
export function typedUserCode(typed: string): string | null {
  const code = typed.toUpperCase().replaceAll(/[\s-]/g, '');
  return code.length === USER_CODE_LENGTH && [...code].every((c) => USER_CODE_LETTERS.includes(c)) ? code : null;
}
