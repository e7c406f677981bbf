import type { Scope } from './scopes.ts';

export { SCOPES, type Scope } from './scopes.ts';

/**
 * The token behind a request: its id (`jti`; null for tokens signed before accounts, and for an
 * external provider's), scopes and expiry (null: never).
 */
export type Grant = {
  tokenId: string | null;
  scopes: readonly Scope[];
  expiresAt: Date | null;
  /** An app's token: the grant it was issued under (revoked with it) and the app's client_id. */
  app?: { grantId: string; clientId: string };
};

/** Who a verified token speaks for: one of our players (guest or account), or a subject of a trusted external provider. */
export type Principal =
  | { kind: 'guest'; playerId: string; grant: Grant }
  | { kind: 'external'; issuer: string; subject: string; grant: Grant };
