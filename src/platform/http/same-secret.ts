// Comparing a presented secret with the configured one in constant time: `!==` stops at the first
// differing character, so its timing tells an attacker how much of a guess is right.
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Whether `given` is `expected`, in a time that depends on neither (both hashed to 32 bytes first). */
export function sameSecret(given: string | undefined, expected: string): boolean {
  return timingSafeEqual(digest(given ?? ''), digest(expected)) && given !== undefined;
}
