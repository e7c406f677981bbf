// What a username and a password must be (docs/api.md, "Accounts and tokens"; passwords as NIST SP
// 800-63B: length only, any Unicode, NFKC, no composition rules, common passwords refused).
import { createRequire } from 'node:module';

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,24}$/;
export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 128;

/** The key a username is unique by: Anna and anna are one account. */
export const usernameKey = (username: string) => username.toLowerCase();

/** The password as hashed and counted: NFKC (so one character typed two ways is one password). */
export const normalizePassword = (password: string) => password.normalize('NFKC');

/** Characters as a person counts them (code points), after normalization. */
export const passwordLength = (password: string) => [...normalizePassword(password)].length;

let common: Set<string> | null = null;

/**
 * The common passwords of zxcvbn-ts's shared dictionary (@zxcvbn-ts/language-common, ~49,000
 * passwords from leaked lists), loaded at the first look. Compared ignoring case.
 */
function commonPasswords(): Set<string> {
  if (!common) {
    const require = createRequire(import.meta.url);
    const { dictionary } = require('@zxcvbn-ts/language-common') as { dictionary: Record<string, string[]> };
    common = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  }
  return common;
}

/** Why a password is refused (a sentence for `detail`, never containing the password), or null. */
export function passwordWeakness(password: string): string | null {
  const length = passwordLength(password);
  if (length < MIN_PASSWORD) return `a password has at least ${MIN_PASSWORD} characters`;
  if (length > MAX_PASSWORD) return `a password has at most ${MAX_PASSWORD} characters`;
  if (commonPasswords().has(normalizePassword(password).toLowerCase())) return 'this password is on the list of common passwords: choose another';
  return null;
}
