// The keys the service signs its own tokens with, when they are kept in the database (no
// JWT_PRIVATE_KEY): the newest signs, every demoted one verifies the tokens it signed until the
// last of them has expired, then it is retired (deleted). A rotation (npm run keys:rotate) is
// announced like a revocation, so every process signs with the new key within a second.
import { generateSigningKey, type SigningKeyRecord } from '../platform/auth/keys.ts';
import type { SigningKeyStore } from '../platform/auth/signing-key-store.ts';
import type { TokenService } from '../platform/auth/tokens.ts';
import type { AccountStore } from './store.ts';

export interface KeyringOptions {
  /** The kept keys (the platform's). */
  keys: SigningKeyStore;
  /** The accounts' tokens: which key a live one names. */
  store: AccountStore;
  tokens: TokenService;
  now: () => Date;
  /** The longest lifetime of a token without a row of its own (signed before accounts: JWT_TTL_SECONDS). */
  legacyTtlMs: number;
}

const record = (row: { id: string; alg: string; privateJwk: SigningKeyRecord['privateJwk']; publicJwk: SigningKeyRecord['publicJwk'] }): SigningKeyRecord => ({
  id: row.id,
  alg: row.alg,
  privateJwk: row.privateJwk,
  publicJwk: row.publicJwk,
});

/** Reads the kept keys, retires those no live token needs, and hands the rest to the token service. */
export async function loadKeys({ keys, store, tokens, now, legacyTtlMs }: KeyringOptions): Promise<void> {
  const rows = await keys.all();
  const current = rows.find((r) => r.slot === 'current');
  if (!current) return;
  const previous: SigningKeyRecord[] = [];
  const at = now();
  for (const row of rows) {
    if (row === current) continue;
    const legacyMayLive = row.demotedAt === null || row.demotedAt.getTime() + legacyTtlMs > at.getTime();
    if (legacyMayLive || (await store.keyInUse(row.id, at))) previous.push(record(row));
    else await keys.retire(row.id);
  }
  const known = tokens.jwks().keys.map((k) => k.kid);
  const next = [current.id, ...previous.map((p) => p.id)];
  if (tokens.signingKeyId !== current.id || known.length !== next.length || next.some((id, i) => known[i] !== id)) tokens.useKeys(record(current), previous);
}

/** A new signing key; the current one is demoted. The caller announces it (RevocationCache.changed). */
export async function rotateKey(keys: SigningKeyStore, now: Date): Promise<string> {
  const key = await generateSigningKey();
  await keys.rotate(key, now);
  return key.id;
}
