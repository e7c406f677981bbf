import { generateSigningKey, type SigningKeyRecord } from '../../src/platform/auth/keys.ts';
import { TokenService, type TokenServiceOptions } from '../../src/platform/auth/tokens.ts';

export const ISSUER = 'https://skat.test';
export const AUDIENCE = 'offiziersskat';
export const T0 = new Date('2030-01-01T12:00:00Z');

/** A generated key shared by the tests of a file (generation is cheap, but sharing keeps them comparable). */
let shared: Promise<SigningKeyRecord> | undefined;
export function sharedKey(): Promise<SigningKeyRecord> {
  return (shared ??= generateSigningKey());
}

export async function service(overrides: Partial<TokenServiceOptions> = {}): Promise<TokenService> {
  return new TokenService({ key: await sharedKey(), issuer: ISSUER, audience: AUDIENCE, ttlSeconds: 3600, ...overrides });
}

/** A clock the test can move. */
export function clock(start: Date = T0) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (seconds: number) => {
      current += seconds * 1000;
    },
  };
}
