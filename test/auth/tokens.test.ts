import { SignJWT, UnsecuredJWT, base64url, createLocalJWKSet, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { generateSigningKey, importSigningKey } from '../../src/platform/auth/keys.ts';
import { TokenService, type VerifyResult } from '../../src/platform/auth/tokens.ts';
import { AUDIENCE, ISSUER, T0, clock, service, sharedKey } from './fixtures.ts';

/** Asserts a failure, and that its detail does not leak the token or any sizeable part of it. */
function expectFailure(result: VerifyResult, token: string, code: 'INVALID_TOKEN' | 'TOKEN_EXPIRED', reason?: RegExp) {
  expect(result).toMatchObject({ ok: false, code });
  if (reason) expect(result).toMatchObject({ detail: expect.stringMatching(reason) });
  if (result.ok) return;
  expect(result.detail.length).toBeGreaterThan(0);
  if (token.length > 0) expect(result.detail).not.toContain(token);
  for (const part of token.split('.')) if (part.length >= 8) expect(result.detail).not.toContain(part);
}

/** Signs arbitrary claims with our own key, to craft tokens `issue` would never make. */
async function signWithOurKey(claims: Record<string, unknown>): Promise<string> {
  const key = await sharedKey();
  const { privateKey } = await importSigningKey(key);
  return new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', kid: key.id }).sign(privateKey);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('TokenService.issue / verify', () => {
  it('round-trips a guest token', async () => {
    const tokens = await service();
    const { token, expiresAt, tokenId } = await tokens.issue('player-1');
    expect(await tokens.verify(token)).toEqual({
      ok: true,
      principal: { kind: 'guest', playerId: 'player-1', grant: { tokenId, scopes: ['play', 'read', 'account'], expiresAt } },
    });
    expect(expiresAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('sets the header and claims the API promises', async () => {
    const key = await sharedKey();
    const { token, expiresAt, tokenId } = await (await service({ now: () => T0, ttlSeconds: 600 })).issue('p', { name: 'bot' });
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'EdDSA', kid: key.id, typ: 'JWT' });
    const { payload } = await jwtVerify(token, (await importSigningKey(key)).publicKey, { currentDate: T0 });
    const iat = T0.getTime() / 1000;
    expect(payload).toEqual({ sub: 'p', iss: ISSUER, aud: AUDIENCE, iat, exp: iat + 600, jti: tokenId, scope: 'play read account', token_name: 'bot', scope_rules: 2 });
    expect(expiresAt).toEqual(new Date((iat + 600) * 1000));
  });

  it('a token signed before the account scope keeps what it could do; one signed since has what it names', async () => {
    const tokens = await service();
    const claims = { sub: 'p', iss: ISSUER, aud: AUDIENCE, iat: nowSeconds(), exp: nowSeconds() + 600, jti: 't1' };
    const scopes = async (extra: Record<string, unknown>) => {
      const result = await tokens.verify(await signWithOurKey({ ...claims, ...extra }));
      return result.ok ? result.principal.grant.scopes : result.code;
    };
    // Before: a sign-in's token and a bot's were both "play read", and both managed the account.
    expect(await scopes({ scope: 'play read' })).toEqual(['play', 'read', 'account']);
    expect(await scopes({ scope: 'read' })).toEqual(['read']);
    // Since: a bot's token says "play read" and means it.
    expect(await scopes({ scope: 'play read', scope_rules: 2 })).toEqual(['play', 'read']);
    expect(await scopes({ scope: 'play read account', scope_rules: 2 })).toEqual(['play', 'read', 'account']);
  });

  it('an app’s token names its grant and client', async () => {
    const tokens = await service();
    const { token } = await tokens.issue('p', { scopes: ['read'], app: { grantId: 'g1', clientId: 'Skat Stats' }, lifetimeSeconds: 3600 });
    expect(await tokens.verify(token)).toMatchObject({ ok: true, principal: { grant: { scopes: ['read'], app: { grantId: 'g1', clientId: 'Skat Stats' } } } });
  });

  it('reports an expired token as TOKEN_EXPIRED, allowing a few seconds of skew', async () => {
    const time = clock();
    const tokens = await service({ now: time.now, ttlSeconds: 60 });
    const { token } = await tokens.issue('p');
    time.advance(62);
    expect((await tokens.verify(token)).ok).toBe(true);
    time.advance(10);
    expectFailure(await tokens.verify(token), token, 'TOKEN_EXPIRED', /expired/);
  });

  it('rejects tokens from another issuer, even when signed with our key', async () => {
    const foreign = await (await service({ issuer: 'https://evil.test' })).issue('p');
    expectFailure(await (await service()).verify(foreign.token), foreign.token, 'INVALID_TOKEN', /issuer/);
  });

  it('rejects tokens for another audience', async () => {
    const other = await (await service({ audience: 'some-other-api' })).issue('p');
    expectFailure(await (await service()).verify(other.token), other.token, 'INVALID_TOKEN', /"aud"/);
  });

  it('rejects a tampered signature and a tampered payload', async () => {
    const tokens = await service();
    const { token } = await tokens.issue('p');
    const [header, payload, signature] = token.split('.');
    // Flip a character in the middle: the last one may only carry padding bits.
    const i = Math.floor(signature.length / 2);
    const flipped = signature.slice(0, i) + (signature[i] === 'A' ? 'B' : 'A') + signature.slice(i + 1);
    const badSignature = `${header}.${payload}.${flipped}`;
    expectFailure(await tokens.verify(badSignature), badSignature, 'INVALID_TOKEN', /signature/);

    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload)));
    const forgedPayload = base64url.encode(JSON.stringify({ ...claims, sub: 'someone-else' }));
    const badPayload = `${header}.${forgedPayload}.${signature}`;
    expectFailure(await tokens.verify(badPayload), badPayload, 'INVALID_TOKEN', /signature/);
  });

  it('rejects a token signed by another key with the same issuer and audience', async () => {
    const impostor = await service({ key: await generateSigningKey() });
    const { token } = await impostor.issue('p');
    // It names a key we do not have; naming ours, its signature does not match.
    expectFailure(await (await service()).verify(token), token, 'INVALID_TOKEN', /unknown or retired key/);
    const [header, payload, signature] = token.split('.');
    const ours = base64url.encode(JSON.stringify({ alg: 'EdDSA', kid: (await sharedKey()).id, typ: 'JWT' }));
    const renamed = `${ours}.${payload}.${signature}`;
    expectFailure(await (await service()).verify(renamed), renamed, 'INVALID_TOKEN', /signature/);
    void header;
  });

  it('rejects alg "none"', async () => {
    const token = new UnsecuredJWT({})
      .setSubject('p')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    expectFailure(await (await service()).verify(token), token, 'INVALID_TOKEN', /algorithm/);
  });

  it('rejects HS256 tokens keyed with our public key (algorithm confusion)', async () => {
    const key = await sharedKey();
    const tokens = await service();
    const secrets = [base64url.decode(key.publicJwk.x!), new TextEncoder().encode(JSON.stringify(tokens.jwks().keys[0]))];
    for (const secret of secrets) {
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', kid: key.id })
        .setSubject('p')
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(secret);
      expectFailure(await tokens.verify(token), token, 'INVALID_TOKEN', /algorithm/);
    }
  });

  it('requires sub and exp', async () => {
    const tokens = await service();
    const base = { iss: ISSUER, aud: AUDIENCE, iat: nowSeconds() };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...base, exp: nowSeconds() + 60 }, /"sub"/],
      [{ ...base, exp: nowSeconds() + 60, sub: '' }, /"sub"/],
      [{ ...base, exp: nowSeconds() + 60, sub: 42 }, /"sub"/],
      [{ ...base, sub: 'p' }, /"exp"/],
    ];
    for (const [claims, reason] of cases) {
      const token = await signWithOurKey(claims);
      expectFailure(await tokens.verify(token), token, 'INVALID_TOKEN', reason);
    }
  });

  it('turns garbage into INVALID_TOKEN without throwing', async () => {
    const tokens = await service();
    const garbage = [
      '',
      'not-a-jwt',
      'a.b.c',
      '...',
      'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJwIn0',
      'eyJhbGciOiJFZERTQSJ9.%%%%.AAAA',
      `${base64url.encode('{"alg":"EdDSA"}')}.${base64url.encode('[1,2]')}.AAAA`,
      'x'.repeat(100_000),
      'Bearer abc.def.ghi',
    ];
    for (const token of garbage) expectFailure(await tokens.verify(token), token, 'INVALID_TOKEN');
    for (const notAString of [undefined, null, 42, {}]) {
      expect(await tokens.verify(notAString as unknown as string)).toMatchObject({ ok: false, code: 'INVALID_TOKEN' });
    }
  });

  it('validates its options', async () => {
    const key = await sharedKey();
    const base = { key, issuer: ISSUER, audience: AUDIENCE };
    expect(() => new TokenService({ ...base, ttlSeconds: 0 })).toThrow(/ttlSeconds/);
    expect(() => new TokenService({ ...base, ttlSeconds: 1.5 })).toThrow(/ttlSeconds/);
    const external = { jwksUrl: 'https://idp.test/jwks', issuer: ISSUER, audience: 'x' };
    expect(() => new TokenService({ ...base, ttlSeconds: 60, external })).toThrow(/issuer/);
  });
});

describe('TokenService.jwks', () => {
  it('publishes only the public key, with kid, alg and use', async () => {
    const key = await sharedKey();
    const jwks = (await service()).jwks();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toEqual({ ...key.publicJwk, kid: key.id, alg: 'EdDSA', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('strips private material even if the stored public JWK carried it', async () => {
    const key = await generateSigningKey();
    const tokens = new TokenService({ key: { ...key, publicJwk: key.privateJwk }, issuer: ISSUER, audience: AUDIENCE, ttlSeconds: 60 });
    expect(tokens.jwks().keys[0]).not.toHaveProperty('d');
  });

  it('lets a third party verify our tokens with the published set', async () => {
    const tokens = await service();
    const { token } = await tokens.issue('p');
    const { payload } = await jwtVerify(token, createLocalJWKSet(tokens.jwks()), { algorithms: ['EdDSA'] });
    expect(payload.sub).toBe('p');
    // And the published key imports as a plain public key.
    expect((await importJWK(tokens.jwks().keys[0], 'EdDSA')) as CryptoKey).toHaveProperty('type', 'public');
  });
});
