import { calculateJwkThumbprint } from 'jose';
import { describe, expect, it } from 'vitest';
import { generateSigningKey, importSigningKey, keyFromPrivateJwk } from '../../src/platform/auth/keys.ts';

describe('generateSigningKey', () => {
  it('produces an Ed25519 record whose id is the public key thumbprint', async () => {
    const key = await generateSigningKey();
    expect(key.alg).toBe('EdDSA');
    expect(key.publicJwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
    expect(key.publicJwk.d).toBeUndefined();
    expect(typeof key.privateJwk.d).toBe('string');
    expect(key.id).toBe(await calculateJwkThumbprint(key.publicJwk));
  });

  it('survives a JSON round trip (as the database stores it) and imports', async () => {
    const key = JSON.parse(JSON.stringify(await generateSigningKey()));
    const { privateKey, publicKey } = await importSigningKey(key);
    expect(privateKey.type).toBe('private');
    expect(publicKey.type).toBe('public');
  });

  it('refuses records with another algorithm', async () => {
    const key = await generateSigningKey();
    await expect(importSigningKey({ ...key, alg: 'HS256' })).rejects.toThrow(/unsupported/);
  });
});

describe('keyFromPrivateJwk', () => {
  it('derives the public key and the same kid as the generated record', async () => {
    const key = await generateSigningKey();
    const fromConfig = await keyFromPrivateJwk(JSON.stringify(key.privateJwk));
    expect(fromConfig.id).toBe(key.id);
    expect(fromConfig.publicJwk).toEqual({ kty: 'OKP', crv: 'Ed25519', x: key.publicJwk.x });
  });

  it('rejects invalid JSON without echoing it', async () => {
    const secret = '{"kty":"OKP","d":"s3cr3t"';
    const error = await keyFromPrivateJwk(secret).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).not.toContain('s3cr3t');
  });

  it('rejects public-only, non-Ed25519 and mismatched keys', async () => {
    const a = await generateSigningKey();
    const b = await generateSigningKey();
    await expect(keyFromPrivateJwk(JSON.stringify(a.publicJwk))).rejects.toThrow(/Ed25519 private JWK/);
    await expect(keyFromPrivateJwk(JSON.stringify({ kty: 'RSA', n: 'x', e: 'AQAB', d: 'y' }))).rejects.toThrow();
    await expect(keyFromPrivateJwk('[]')).rejects.toThrow(/JSON object/);
    const mismatched = { ...a.privateJwk, x: b.publicJwk.x };
    await expect(keyFromPrivateJwk(JSON.stringify(mismatched))).rejects.toThrow(/JWT_PRIVATE_KEY/);
  });
});
