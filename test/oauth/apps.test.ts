// The person stays in charge: the apps approved are listed (client_id, scopes, where, when approved,
// last used) and revoked one by one, refused on every instance within a second; a sign-out
// everywhere and a password change end them too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, form, PASSWORD, person, tokensFor } from '../support/oauth.ts';
import { expectProblem } from '../support/problems.ts';
import { twoInstances, type TestService } from '../support/service.ts';

let instances: Awaited<ReturnType<typeof twoInstances>>;
let a: TestService;
let b: TestService;
beforeAll(async () => {
  instances = await twoInstances();
  ({ a, b } = instances);
}, 180_000);
afterAll(() => instances?.close());

/** Until `b` refuses the token (at most 3 s); how long that took. */
async function refusedOnB(token: string): Promise<number> {
  const since = performance.now();
  while ((await b.http.get('/v1/players/me').set(bearer(token))).status === 200 && performance.now() - since < 3000);
  return performance.now() - since;
}

describe('the apps a person approved', () => {
  it('are listed, newest use first, and revoked one by one: on every instance within a second', async () => {
    const anna = await person(a);
    const stats = await tokensFor(a, anna, { clientId: 'Skat Stats', redirectUri: 'https://stats.example/cb', scope: 'read' });
    const cli = await tokensFor(a, anna, { clientId: 'skat-cli', redirectUri: 'http://127.0.0.1:9000/cb' });
    // b verified the token before: it must not trust its memory of it.
    await b.http.get('/v1/players/me').set(bearer(cli.access_token)).expect(200);
    const listed = (await a.http.get('/v1/players/me/apps').set(anna.auth).expect(200)).body.items;
    expect(listed).toMatchObject([
      { clientId: 'skat-cli', scopes: ['play', 'read'], redirectOrigin: 'http://127.0.0.1:9000' },
      { clientId: 'Skat Stats', scopes: ['read'], redirectOrigin: 'https://stats.example' },
    ]);
    expect(JSON.stringify(listed)).not.toContain(stats.refresh_token);

    await a.http.delete(`/v1/players/me/apps/${listed[0].grantId}`).set(anna.auth).expect(204);
    expect(await refusedOnB(cli.access_token)).toBeLessThan(1000);
    expectProblem(await b.http.get('/v1/players/me').set(bearer(cli.access_token)), 401, 'TOKEN_REVOKED');
    expect((await form(b, '/oauth/token', { grant_type: 'refresh_token', refresh_token: cli.refresh_token, client_id: 'skat-cli' })).body.error).toBe('invalid_grant');
    // The other app goes on.
    await b.http.get('/v1/players/me').set(bearer(stats.access_token)).expect(200);
    expect((await b.http.get('/v1/players/me/apps').set(anna.auth).expect(200)).body.items.map((i: { clientId: string }) => i.clientId)).toEqual(['Skat Stats']);
    expectProblem(await a.http.delete(`/v1/players/me/apps/${listed[0].grantId}`).set(anna.auth), 404, 'GRANT_NOT_FOUND');
  });

  it('another person’s grant is not theirs to revoke', async () => {
    const anna = await person(a);
    const bert = await person(a);
    await tokensFor(a, anna);
    const [grant] = (await a.http.get('/v1/players/me/apps').set(anna.auth).expect(200)).body.items;
    expectProblem(await a.http.delete(`/v1/players/me/apps/${grant.grantId}`).set(bert.auth), 404, 'GRANT_NOT_FOUND');
    expect((await a.http.get('/v1/players/me/apps').set(anna.auth).expect(200)).body.items).toHaveLength(1);
  });

  it('a sign-out everywhere and a password change end every app', async () => {
    const anna = await person(a);
    const app = await tokensFor(a, anna);
    await a.http.delete('/v1/players/me/tokens').set(anna.auth).expect(204);
    expectProblem(await a.http.get('/v1/players/me').set(bearer(app.access_token)), 401, 'TOKEN_REVOKED');

    const bert = await person(a);
    const other = await tokensFor(a, bert);
    await a.http.put('/v1/players/me/password').set(bert.auth).send({ currentPassword: PASSWORD, newPassword: 'a new and longer passphrase' }).expect(204);
    expectProblem(await a.http.get('/v1/players/me').set(bearer(other.access_token)), 401, 'TOKEN_REVOKED');
    expect((await a.http.get('/v1/players/me/apps').set(bert.auth).expect(200)).body.items).toEqual([]);
  });
});
