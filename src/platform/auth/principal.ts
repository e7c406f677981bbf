/** What a token allows: `play` everything that acts for the player, `read` its reads and streams only. */
export const SCOPES = ['play', 'read'] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * The token behind a request: its id (`jti`; null for tokens signed before accounts, and for an
 * external provider's), scopes and expiry (null: never).
 */
export type Grant = { tokenId: string | null; scopes: readonly Scope[]; expiresAt: Date | null };

/** Who a verified token speaks for: one of our players (guest or account), or a subject of a trusted external provider. */
export type Principal =
  | { kind: 'guest'; playerId: string; grant: Grant }
  | { kind: 'external'; issuer: string; subject: string; grant: Grant };
