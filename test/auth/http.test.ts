// Authentication through HTTP: an external identity provider (a JWKS served by the test), the
// service's own public keys, and expiry of our own tokens under an injected clock.
import { serveJwks } from '../support/jwks.ts';
import type { Server } from 'node:http';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/problems.ts';
import { Client, startTestService, testConfig, type TestService } from '../support/service.ts';

const PROVIDER = 'https://idp.example.test';
const PROVIDER_AUDIENCE = 'skat-web-client';

interface Provider {
  server: Server;
  jwksUrl: string;
  key: CryptoKey;
  stranger: CryptoKey;
  fetches: () => number;
}

async function startProvider(): Promise<Provider> {
  const rsa = await generateKeyPair('RS256', { extractable: true });
  const stranger = await generateKeyPair('RS256', { extractable: true });
  const published: JWK[] = [{ ...(await exportJWK(rsa.publicKey)), kid: 'idp-1', alg: 'RS256', use: 'sig' }];
  const { server, url, fetches } = await serveJwks(published);
  return { server, jwksUrl: url, key: rsa.privateKey, stranger: stranger.privateKey, fetches };
}

function providerToken(
  key: CryptoKey,
  claims: { sub?: string; aud?: string; iss?: string; exp?: string | number } = {},
  header: { alg: string; kid?: string } = { alg: 'RS256', kid: 'idp-1' },
) {
  return new SignJWT({})
    .setProtectedHeader(header)
    .setIssuer(claims.iss ?? PROVIDER)
    .setAudience(claims.aud ?? PROVIDER_AUDIENCE)
    .setSubject(claims.sub ?? 'user-42')
    .setIssuedAt()
    .setExpirationTime(claims.exp ?? '10m')
    .sign(key);
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('an external identity provider', () => {
  let provider: Provider;
  let service: TestService;
  let client: Client;
  beforeAll(async () => {
    provider = await startProvider();
    service = await startTestService({
      config: { externalAuth: { jwksUrl: provider.jwksUrl, issuer: PROVIDER, audience: PROVIDER_AUDIENCE } },
    });
    client = new Client(service.http);
  });
  afterAll(async () => {
    await service?.close();
    await new Promise<void>((resolve) => provider?.server.close(() => resolve()));
  });

  it("acts as a player: creates a game that names it, plays it, and is the same player on every call", async () => {
    const token = await providerToken(provider.key, { sub: 'alice@idp' });
    const created = await service.http.post('/v1/games').set(bearer(token)).send({ seat: 'forehand' }).expect(201);
    expect(created.body.you).toBe('forehand');
    expect(created.body.players.forehand.name).toBe('alice@idp');
    const alice = created.body.players.forehand.playerId;
    expect(alice).toMatch(/^[0-9a-f-]{36}$/);

    const guest = await client.player('Bert');
    const joined = await service.http.post(`/v1/games/${created.body.id}/join`).set(guest.auth).expect(200);
    expect(joined.body.players).toEqual({
      forehand: { playerId: alice, name: 'alice@idp', bot: false },
      dealer: { playerId: guest.playerId, name: 'Bert', bot: false },
    });

    // Another token for the same subject is the same player: it sees its seat and may move.
    const again = await providerToken(provider.key, { sub: 'alice@idp' });
    const view = (await service.http.get(`/v1/games/${created.body.id}`).set(bearer(again)).expect(200)).body;
    expect(view.you).toBe('forehand');
    expect(view.legalMoves.length).toBeGreaterThan(0);
    const moved = await service.http.post(`/v1/games/${created.body.id}/moves`).set(bearer(again)).send({ move: { type: 'cut', at: 16 } });
    expect(moved.status, moved.text).toBe(200);

    // Another subject is another player.
    const other = await providerToken(provider.key, { sub: 'mallory@idp' });
    expectProblem(
      await service.http.post(`/v1/games/${created.body.id}/moves`).set(bearer(other)).send({ move: { type: 'resign' } }),
      403,
      'NOT_A_PLAYER',
    );
    // The keys were fetched once and cached, not once per request.
    expect(provider.fetches()).toBe(1);
  });

  it('gives a long subject a name of at most 40 characters', async () => {
    const sub = `${'x'.repeat(50)}|long-subject`;
    const created = await service.http.post('/v1/games').set(bearer(await providerToken(provider.key, { sub }))).send({}).expect(201);
    const seat = created.body.you as 'forehand' | 'dealer';
    expect(created.body.players[seat].name).toBe(sub.slice(0, 40));
  });

  it('refuses provider tokens with the wrong audience, issuer, key, algorithm or lifetime → 401', async () => {
    const cases: [string, string, string][] = [
      ['wrong audience', await providerToken(provider.key, { aud: 'someone-else' }), 'INVALID_TOKEN'],
      ['our audience', await providerToken(provider.key, { aud: service.deps.config.jwt.audience }), 'INVALID_TOKEN'],
      ['unknown issuer', await providerToken(provider.key, { iss: 'https://other-idp.example' }), 'INVALID_TOKEN'],
      ['key not in the JWKS', await providerToken(provider.stranger, {}, { alg: 'RS256', kid: 'idp-1' }), 'INVALID_TOKEN'],
      ['unknown kid', await providerToken(provider.stranger, {}, { alg: 'RS256', kid: 'idp-9' }), 'INVALID_TOKEN'],
      ['HS256', await providerToken(new TextEncoder().encode('x'.repeat(32)) as unknown as CryptoKey, {}, { alg: 'HS256', kid: 'idp-1' }), 'INVALID_TOKEN'],
      ['expired', await providerToken(provider.key, { exp: Math.floor(Date.now() / 1000) - 600 }), 'TOKEN_EXPIRED'],
    ];
    const lobby = (await service.http.get('/v1/games?limit=100').expect(200)).body;
    for (const [what, token, code] of cases) {
      const res = await service.http.post('/v1/games').set(bearer(token)).send({});
      const problem = expectProblem(res, 401, code);
      expect(problem.detail, what).not.toContain(token.split('.')[2]);
      expectProblem(await service.http.get('/v1/games').set(bearer(token)), 401, code);
    }
    // Nothing was created by any of them.
    expect((await service.http.get('/v1/games?limit=100').expect(200)).body).toEqual(lobby);
  });

  it('still issues and accepts its own guest tokens beside the provider', async () => {
    const anna = await client.player('Anna');
    const created = await client.createGame(anna, {});
    expect(created.players[created.you].playerId).toBe(anna.playerId);
  });
});

describe("the service's own keys and tokens", () => {
  let current = Date.now();
  const TTL = 120;
  let service: TestService;
  let client: Client;
  beforeAll(async () => {
    const base = testConfig();
    service = await startTestService({ now: () => new Date(current), config: { jwt: { ...base.jwt, ttlSeconds: TTL } } });
    client = new Client(service.http);
  });
  afterAll(() => service?.close());

  it('publishes the public signing key at /.well-known/jwks.json, with no private parts', async () => {
    const res = await service.http.get('/.well-known/jwks.json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const { keys } = res.body;
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(typeof keys[0].kid).toBe('string');
    expect(typeof keys[0].x).toBe('string');
    for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k']) expect(keys[0]).not.toHaveProperty(secret);
    expect(res.text).not.toMatch(/"d"\s*:/);

    // A client can verify our tokens with exactly what is published.
    const anna = await client.player('Anna');
    const { payload, protectedHeader } = await jwtVerify(anna.token, createLocalJWKSet(res.body), {
      issuer: service.deps.config.jwt.issuer,
      audience: service.deps.config.jwt.audience,
      currentDate: new Date(current),
    });
    expect(payload.sub).toBe(anna.playerId);
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', kid: keys[0].kid });
  });

  it('expires its own tokens by the injected clock → 401 TOKEN_EXPIRED', async () => {
    const issuedAt = current;
    const anna = await client.player('Anna');
    expect(new Date((anna as unknown as { expiresAt: string }).expiresAt).getTime()).toBe(Math.floor(issuedAt / 1000) * 1000 + TTL * 1000);
    const created = await client.createGame(anna, {});

    current = issuedAt + (TTL - 1) * 1000;
    await client.view(created.id, anna).expect(200);

    current = issuedAt + (TTL + 60) * 1000;
    const res = await client.view(created.id, anna);
    expectProblem(res, 401, 'TOKEN_EXPIRED');
    expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expectProblem(await service.http.post('/v1/games').set(anna.auth).send({}), 401, 'TOKEN_EXPIRED');
    // Without the token the game is still there for a spectator; a fresh token works again.
    expect((await client.view(created.id).expect(200)).body.you).toBeNull();
    const fresh = await client.player('Anna again');
    await service.http.post(`/v1/games/${created.id}/join`).set(fresh.auth).expect(200);
  });
});
