export type AuthErrorCode = 'INVALID_TOKEN' | 'TOKEN_EXPIRED';

/**
 * Thrown by the auth middleware; the app's error handler renders it as RFC 9457 problem+json.
 * `message` is the problem's `detail` and never contains the token.
 */
export class AuthError extends Error {
  readonly status = 401 as const;
  override readonly name = 'AuthError';

  constructor(
    readonly code: AuthErrorCode,
    detail: string,
  ) {
    super(detail);
  }
}
