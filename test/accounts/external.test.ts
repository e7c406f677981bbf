// An external identity provider with accounts: its tokens act fully (scope play, no token id),
// keep working as before, and when its key set cannot be fetched the answer is 503 with
// Retry-After, not a 401 that would make a client throw its token away.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveJwks } from '../support/jwks.ts';
import { expectProblem } from '../support/problems.ts';
import { Client, startTestService, type TestService } from '../support/service.ts';

const PROVIDER = 'https://idp.example.test';
const AUDIENCE = 'skat-web-client';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('tokens of an external provider', () => {
  let service: TestService;
  let jwks: Awaited<ReturnType<typeof serveJwks>>;
  let key: CryptoKey;
  let down: TestService;
  beforeAll(async () => {
    const rsa = await generateKeyPair('RS256', { extractable: true });
    key = rsa.privateKey;
    jwks = await serveJwks([{ ...(await exportJWK(rsa.publicKey)), kid: 'idp-1', alg: 'RS256', use: 'sig' }]);
    service = await startTestService({ config: { externalAuth: { jwksUrl: jwks.url, issuer: PROVIDER, audience: AUDIENCE } } });
    // A provider that is not there: a port bound and released, so nothing listens on it.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    down = await startTestService({ config: { externalAuth: { jwksUrl: `http://127.0.0.1:${port}/jwks.json`, issuer: PROVIDER, audience: AUDIENCE } } });
  }, 180_000);
  afterAll(async () => {
    await service?.close();
    await down?.close();
    await new Promise<void>((resolve) => jwks?.server.close(() => resolve()));
  });

  const providerToken = (sub: string) =>
    new SignJWT({}).setProtectedHeader({ alg: 'RS256', kid: 'idp-1' }).setSubject(sub).setIssuer(PROVIDER).setAudience(AUDIENCE).setIssuedAt().setExpirationTime('10m').sign(key);

  it('act fully for their player, with no token id; the player may make tokens of this service, not claim an account', async () => {
    const token = await providerToken('carol@idp');
    const me = (await service.http.get('/v1/players/me').set(bearer(token)).expect(200)).body;
    expect(me).toMatchObject({ name: 'carol@idp', username: null, bot: false, tokenId: null, scopes: ['play', 'read', 'account'] });
    expect((await service.http.get('/v1/players/me/tokens').set(bearer(token)).expect(200)).body.items).toEqual([]);
    const own = (await service.http.post('/v1/players/me/tokens').set(bearer(token)).send({ name: 'cli', expiresInDays: 7 }).expect(201)).body;
    expect((await service.http.get('/v1/players/me').set(bearer(own.token)).expect(200)).body.playerId).toBe(me.playerId);
    expectProblem(
      await service.http.post('/v1/players/me/account').set(bearer(token)).send({ username: 'carol_x', password: 'correct horse battery' }),
      409,
      'NOT_A_GUEST',
    );
  });

  it('a key set that cannot be fetched answers 503 IDENTITY_PROVIDER_UNAVAILABLE with Retry-After; our own tokens still work', async () => {
    const token = await providerToken('dave@idp');
    const res = await down.http.get('/v1/players/me').set(bearer(token));
    expectProblem(res, 503, 'IDENTITY_PROVIDER_UNAVAILABLE');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.text).not.toContain(token);
    const guest = await new Client(down.http).player('Gast');
    await down.http.get('/v1/players/me').set(guest.auth).expect(200);
  });
});
