import { serveJwks } from '../support/jwks.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenService } from '../../src/platform/auth/tokens.ts';
import { service } from './fixtures.ts';

const PROVIDER = 'https://idp.example';
const PROVIDER_AUDIENCE = 'skat-client';

/** A stand-in identity provider: its keys, served as a JWKS from a local HTTP server. */
type Provider = { server: Server; url: string; fetches: () => number; keys: Record<string, CryptoKey> };

async function startProvider(): Promise<Provider> {
  const rsa = await generateKeyPair('RS256', { extractable: true });
  const rs384 = await generateKeyPair('RS384', { extractable: true });
  const ec = await generateKeyPair('ES256', { extractable: true });
  const published: JWK[] = [
    { ...(await exportJWK(rsa.publicKey)), kid: 'rsa', alg: 'RS256', use: 'sig' },
    // Published without "alg", so only our pin list can stop it being used with RS384.
    { ...(await exportJWK(rs384.publicKey)), kid: 'rsa384', use: 'sig' },
    { ...(await exportJWK(ec.publicKey)), kid: 'ec', alg: 'ES256', use: 'sig' },
  ];
  const { server, url, fetches } = await serveJwks(published, '/jwks.json');
  return {
    server,
    url,
    fetches,
    keys: { rsa: rsa.privateKey, rsa384: rs384.privateKey, ec: ec.privateKey },
  };
}

function providerToken(key: CryptoKey, header: { alg: string; kid: string }, claims: { aud?: string; iss?: string; sub?: string } = {}) {
  return new SignJWT({})
    .setProtectedHeader(header)
    .setIssuer(claims.iss ?? PROVIDER)
    .setAudience(claims.aud ?? PROVIDER_AUDIENCE)
    .setSubject(claims.sub ?? 'user-42')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(key);
}

describe('external identity provider', () => {
  let provider: Provider;
  let tokens: TokenService;

  beforeAll(async () => {
    provider = await startProvider();
    tokens = await service({ external: { jwksUrl: provider.url, issuer: PROVIDER, audience: PROVIDER_AUDIENCE } });
  });
  afterAll(() => new Promise<void>((resolve) => provider.server.close(() => resolve())));

  it('accepts an RS256 token with the right issuer and audience as an external principal', async () => {
    const token = await providerToken(provider.keys.rsa, { alg: 'RS256', kid: 'rsa' });
    expect(await tokens.verify(token)).toMatchObject({
      ok: true,
      principal: { kind: 'external', issuer: PROVIDER, subject: 'user-42', grant: { tokenId: null, scopes: ['play', 'read', 'account'] } },
    });
  });

  it('accepts ES256 as well', async () => {
    const token = await providerToken(provider.keys.ec, { alg: 'ES256', kid: 'ec' });
    expect(await tokens.verify(token)).toMatchObject({ ok: true, principal: { kind: 'external' } });
  });

  it('rejects a provider token meant for another audience', async () => {
    const token = await providerToken(provider.keys.rsa, { alg: 'RS256', kid: 'rsa' }, { aud: 'another-app' });
    expect(await tokens.verify(token)).toMatchObject({ ok: false, code: 'INVALID_TOKEN', detail: expect.stringMatching(/"aud"/) });
  });

  it('rejects algorithms outside the pin list, even with a published key', async () => {
    const token = await providerToken(provider.keys.rsa384, { alg: 'RS384', kid: 'rsa384' });
    expect(await tokens.verify(token)).toMatchObject({ ok: false, code: 'INVALID_TOKEN', detail: expect.stringMatching(/algorithm/) });
  });

  it('rejects a token signed with a key the provider does not publish', async () => {
    const stranger = await generateKeyPair('RS256');
    const token = await providerToken(stranger.privateKey, { alg: 'RS256', kid: 'rsa' });
    expect(await tokens.verify(token)).toMatchObject({ ok: false, code: 'INVALID_TOKEN', detail: expect.stringMatching(/signature/) });
  });

  it('still verifies our own tokens locally', async () => {
    const before = provider.fetches();
    const { token } = await tokens.issue('guest-1');
    expect(await tokens.verify(token)).toMatchObject({ ok: true, principal: { kind: 'guest', playerId: 'guest-1' } });
    expect(provider.fetches()).toBe(before);
  });

  it('fetches the provider keys once and caches them', async () => {
    // Counted over this whole block: every provider token above used a published kid, so no refetch.
    for (let i = 0; i < 3; i++) {
      const token = await providerToken(provider.keys.rsa, { alg: 'RS256', kid: 'rsa' }, { sub: `u${i}` });
      expect((await tokens.verify(token)).ok).toBe(true);
    }
    expect(provider.fetches()).toBe(1);
  });
});

describe('external identity provider that is unreachable', () => {
  it('fails as IDENTITY_PROVIDER_UNAVAILABLE (a 503, not a 401), without throwing', async () => {
    // Bind and release a port, so nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const tokens = await service({ external: { jwksUrl: `http://127.0.0.1:${port}/jwks.json`, issuer: PROVIDER, audience: PROVIDER_AUDIENCE } });
    const { privateKey } = await generateKeyPair('RS256');
    const token = await providerToken(privateKey, { alg: 'RS256', kid: 'rsa' });
    const result = await tokens.verify(token);
    expect(result).toMatchObject({ ok: false, code: 'IDENTITY_PROVIDER_UNAVAILABLE', detail: expect.stringMatching(/could not be obtained/) });
    expect(JSON.stringify(result)).not.toContain(token);
  });
});
