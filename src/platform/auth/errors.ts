export type AuthErrorCode = 'INVALID_TOKEN' | 'TOKEN_EXPIRED' | 'TOKEN_REVOKED' | 'INSUFFICIENT_SCOPE' | 'IDENTITY_PROVIDER_UNAVAILABLE';

/**
 * Thrown by the auth middleware: a token that is missing where one is needed, malformed, forged
 * or expired. `message` is the detail a client sees and never contains the token. The HTTP edge
 * answers it (its status comes from the problem catalogue, not from here).
 */
export class AuthError extends Error {
  override readonly name = 'AuthError';

  constructor(
    readonly code: AuthErrorCode,
    detail: string,
  ) {
    super(detail);
  }
}
