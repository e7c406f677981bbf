// The token, revocation and device endpoints answer errors as RFC 6749 §5.2 (and RFC 8628 §3.5)
// write them, for OAuth client libraries: `{ error, error_description }`, 400. Descriptions are
// fixed text: never a code, token or verifier.

export const OAUTH_ERRORS = [
  'invalid_request',
  'invalid_grant',
  'invalid_scope',
  'unsupported_grant_type',
  'authorization_pending',
  'slow_down',
  'access_denied',
  'expired_token',
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERRORS)[number];

export class OAuthError extends Error {
  override readonly name = 'OAuthError';
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
  }
}

export const invalidGrant = (description: string) => new OAuthError('invalid_grant', description);
