import { CompactSign, calculateJwkThumbprint, compactVerify, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';

/** The service's own signing algorithm: Ed25519 is small, fast and has no parameter choices to get wrong. */
export const SIGNING_ALG = 'EdDSA';

/** A signing key as the database stores it. `id` is the kid (RFC 7638 thumbprint of the public key). */
export type SigningKeyRecord = { id: string; alg: string; privateJwk: JWK; publicJwk: JWK };

export type SigningKeyPair = { privateKey: CryptoKey; publicKey: CryptoKey };

/** Generates a fresh Ed25519 key, exportable so it can be persisted and shared by all processes. */
export async function generateSigningKey(): Promise<SigningKeyRecord> {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { crv: 'Ed25519', extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const publicJwk = await exportJWK(publicKey);
  return { id: await calculateJwkThumbprint(publicJwk), alg: SIGNING_ALG, privateJwk, publicJwk };
}

/** Turns a stored record into usable keys; rejects records whose algorithm we do not sign with. */
export async function importSigningKey(record: SigningKeyRecord): Promise<SigningKeyPair> {
  if (record.alg !== SIGNING_ALG) throw new Error(`unsupported signing key algorithm: ${record.alg}`);
  const privateKey = await importJWK(record.privateJwk, SIGNING_ALG);
  const publicKey = await importJWK(record.publicJwk, SIGNING_ALG);
  // importJWK returns raw bytes only for symmetric ("oct") keys, which we never accept.
  if (!isCryptoKey(privateKey) || !isCryptoKey(publicKey)) throw new Error('signing key must be asymmetric');
  return { privateKey, publicKey };
}

/**
 * Builds a record from a private JWK given in configuration (JWT_PRIVATE_KEY).
 * Validates eagerly, so a bad key fails at startup rather than on the first request.
 */
export async function keyFromPrivateJwk(json: string): Promise<SigningKeyRecord> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    // Deliberately no echo of the input: it is secret material.
    throw new Error('JWT_PRIVATE_KEY is not valid JSON');
  }
  if (!isObject(parsed)) throw new Error('JWT_PRIVATE_KEY must be a JSON object (a private JWK)');
  const jwk = parsed as JWK;
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string' || typeof jwk.d !== 'string') {
    throw new Error('JWT_PRIVATE_KEY must be an Ed25519 private JWK (kty "OKP", crv "Ed25519", with "x" and "d")');
  }
  const { kty, crv, x, d } = jwk;
  const privateJwk: JWK = { kty, crv, x, d };
  const publicJwk: JWK = { kty, crv, x };
  const record: SigningKeyRecord = { id: await calculateJwkThumbprint(publicJwk), alg: SIGNING_ALG, privateJwk, publicJwk };
  await assertKeysMatch(record);
  return record;
}

/** Catches a JWK whose "x" does not belong to its "d": every token would otherwise fail verification. */
async function assertKeysMatch(record: SigningKeyRecord): Promise<void> {
  const { privateKey, publicKey } = await importSigningKey(record).catch(() => {
    throw new Error('JWT_PRIVATE_KEY could not be imported as an Ed25519 key');
  });
  const probe = new TextEncoder().encode('offiziersskat key check');
  const jws = await new CompactSign(probe).setProtectedHeader({ alg: SIGNING_ALG }).sign(privateKey);
  await compactVerify(jws, publicKey, { algorithms: [SIGNING_ALG] }).catch(() => {
    throw new Error('JWT_PRIVATE_KEY: public part "x" does not match private part "d"');
  });
}

function isCryptoKey(key: unknown): key is CryptoKey {
  return !(key instanceof Uint8Array);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
