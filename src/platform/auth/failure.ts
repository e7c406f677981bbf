import { errors } from 'jose';
import type { AuthErrorCode } from './errors.ts';

export type VerifyFailure = { ok: false; code: AuthErrorCode; detail: string };

/**
 * Maps anything thrown while verifying to a client-facing failure.
 * Details are fixed strings, never the error message, so no token (or part of one) can leak.
 */
export function verifyFailure(error: unknown): VerifyFailure {
  if (error instanceof errors.JWTExpired) return fail('TOKEN_EXPIRED', 'the token has expired');
  if (error instanceof errors.JWTClaimValidationFailed) return fail('INVALID_TOKEN', claimDetail(error));
  if (error instanceof errors.JOSEAlgNotAllowed) return fail('INVALID_TOKEN', 'the token uses a signing algorithm that is not accepted');
  if (error instanceof errors.JWSSignatureVerificationFailed) return fail('INVALID_TOKEN', 'the token signature is invalid');
  if (error instanceof errors.JWKSNoMatchingKey) return fail('INVALID_TOKEN', 'the token was signed with an unknown key');
  if (error instanceof errors.JWKSMultipleMatchingKeys) return fail('INVALID_TOKEN', 'the token does not name its signing key unambiguously');
  if (error instanceof KeySourceUnavailable) return fail('IDENTITY_PROVIDER_UNAVAILABLE', "the identity provider's keys could not be obtained; retry shortly");
  return fail('INVALID_TOKEN', 'the token is malformed');
}

export function fail(code: AuthErrorCode, detail: string): VerifyFailure {
  return { ok: false, code, detail };
}

/** Raised when the external provider's JWKS cannot be fetched or parsed (as opposed to a bad token). */
export class KeySourceUnavailable extends Error {
  override readonly name = 'KeySourceUnavailable';
}

const KNOWN_CLAIMS = new Set(['iss', 'aud', 'sub', 'exp', 'nbf', 'iat', 'typ', 'jti', 'scope']);

function claimDetail(error: InstanceType<typeof errors.JWTClaimValidationFailed>): string {
  // The claim name comes from jose; echo only names we know, so details stay fixed text.
  const known = KNOWN_CLAIMS.has(error.claim);
  if (error.reason === 'missing') return known ? `the token lacks the "${error.claim}" claim` : 'the token lacks a required claim';
  return known ? `the token's "${error.claim}" claim is invalid` : 'the token has an invalid claim';
}
