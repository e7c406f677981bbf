// Signing keys kept in the database rotate under live tokens: the JWKS publishes both keys, each
// token is checked against the key its kid names, new tokens are signed with the newest key on
// every instance within a second, and the old key retires once its last token has expired
// (a never-expiring token keeps it until it is revoked).
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotateKey } from '../../src/accounts/keyring.ts';
import { SigningKeyStore } from '../../src/platform/auth/signing-key-store.ts';
import { expectProblem } from '../support/problems.ts';
import { twoInstances, type TestService } from '../support/service.ts';

let offset = 0;
const now = () => new Date(Date.now() + offset);
let instances: Awaited<ReturnType<typeof twoInstances>>;
let a: TestService;
let b: TestService;
beforeAll(async () => {
  instances = await twoInstances({ now });
  ({ a, b } = instances);
}, 180_000);
afterAll(() => instances?.close());

const PASSWORD = 'correct horse battery staple';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const kidOf = (token: string) => decodeProtectedHeader(token).kid;
const kids = async (service: TestService) => ((await service.http.get('/.well-known/jwks.json').expect(200)).body.keys as { kid: string }[]).map((k) => k.kid);

describe('a key rotation under live tokens', () => {
  it('keeps old tokens working, signs new ones with the new key, and retires the old key after its last token', async () => {
    const username = `rotate_${Date.now().toString(36)}`;
    const anna = (await a.http.post('/v1/accounts').send({ username, password: PASSWORD }).expect(201)).body;
    const forever = (await a.http.post('/v1/players/me/tokens').set(bearer(anna.token)).send({ name: 'bot', expiresInDays: null }).expect(201)).body;
    const oldKid = kidOf(anna.token);
    expect(await kids(b)).toEqual([oldKid]);

    const newKid = await rotateKey(new SigningKeyStore(a.database.db), now());
    await a.parts.revocations.changed();
    const deadline = Date.now() + 1000;
    while ((await kids(b)).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await kids(b)).toEqual([newKid, oldKid]);
    expect(await kids(a)).toEqual([newKid, oldKid]);

    const session = (await b.http.post('/v1/sessions').send({ username, password: PASSWORD }).expect(201)).body;
    expect(kidOf(session.token)).toBe(newKid);
    for (const service of [a, b]) {
      for (const token of [anna.token, forever.token, session.token]) await service.http.get('/v1/players/me').set(bearer(token)).expect(200);
    }

    // Past the old tokens' expiry: the never-expiring one still holds the old key.
    offset = 31 * 24 * 3600 * 1000;
    await a.parts.revocations.refresh();
    expect(await kids(a)).toEqual([newKid, oldKid]);
    await a.http.get('/v1/players/me').set(bearer(forever.token)).expect(200);
    expectProblem(await a.http.get('/v1/players/me').set(bearer(anna.token)), 401, 'TOKEN_EXPIRED');

    // Revoked, it was the last: the key retires everywhere, and its tokens are refused.
    const fresh = (await a.http.post('/v1/sessions').send({ username, password: PASSWORD }).expect(201)).body;
    await a.http.delete(`/v1/players/me/tokens/${forever.tokenId}`).set(bearer(fresh.token)).expect(204);
    await b.parts.revocations.refresh();
    expect(await kids(a)).toEqual([newKid]);
    expect(await kids(b)).toEqual([newKid]);
    expectProblem(await b.http.get('/v1/players/me').set(bearer(forever.token)), 401, 'INVALID_TOKEN');
    await b.http.get('/v1/players/me').set(bearer(fresh.token)).expect(200);
  });
});
