// Accounts: sign-up, sign-in from a second device, a guest claiming its player (its games stay),
// the refusals (usernames, weak passwords, unknown fields, wrong credentials), the password
// change that revokes every other token, and the deletion that keeps the games.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/problems.ts';
import { Client, startTestService, type TestService } from '../support/service.ts';

let service: TestService;
let client: Client;
beforeAll(async () => {
  service = await startTestService();
  client = new Client(service.http);
});
afterAll(() => service?.close());

const PASSWORD = 'correct horse battery staple';
let n = 0;
const uniqueName = (prefix = 'user') => `${prefix}_${Date.now().toString(36)}${n++}`;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function signUp(body: Record<string, unknown> = {}) {
  const username = uniqueName();
  const res = await service.http.post('/v1/accounts').send({ username, password: PASSWORD, ...body }).expect(201);
  return { ...res.body, username: res.body.username as string, auth: bearer(res.body.token) };
}

describe('sign-up and sign-in', () => {
  it('signs up, then signs in on a second device as the same player', async () => {
    const username = uniqueName('Anna');
    const res = await service.http.post('/v1/accounts').send({ username, password: PASSWORD, name: 'Anna' }).expect(201);
    expect(res.body).toMatchObject({ username, name: 'Anna', bot: false, tokenId: expect.any(String), token: expect.any(String) });
    expect(res.headers.location).toBe(`/v1/players/${res.body.playerId}`);
    const game = await service.http.post('/v1/games').set(bearer(res.body.token)).send({}).expect(201);

    // Another device: the username in other case, the same player and games.
    const session = await service.http.post('/v1/sessions').send({ username: username.toUpperCase(), password: PASSWORD }).expect(201);
    expect(session.body).toMatchObject({ playerId: res.body.playerId, username });
    expect(session.body.tokenId).not.toBe(res.body.tokenId);
    const mine = await service.http.get('/v1/players/me/games').set(bearer(session.body.token)).expect(200);
    expect(mine.body.entries.map((e: { id: string }) => e.id)).toContain(game.body.id);
    const me = await service.http.get('/v1/players/me').set(bearer(session.body.token)).expect(200);
    expect(me.body).toEqual({
      playerId: res.body.playerId,
      name: 'Anna',
      username,
      bot: false,
      tokenId: session.body.tokenId,
      scopes: ['play', 'read', 'account'],
      expiresAt: session.body.expiresAt,
    });
  });

  it('refuses a taken username, ignoring case', async () => {
    const anna = await signUp();
    expectProblem(await service.http.post('/v1/accounts').send({ username: anna.username.toUpperCase(), password: PASSWORD }), 409, 'USERNAME_TAKEN');
  });

  it('refuses bad usernames and unknown fields, and changes nothing', async () => {
    for (const username of ['ab', 'x'.repeat(25), 'has space', 'ümlaut', 'semi;colon', '']) {
      expectProblem(await service.http.post('/v1/accounts').send({ username, password: PASSWORD }), 400, 'VALIDATION_FAILED');
    }
    const body = expectProblem(await service.http.post('/v1/accounts').send({ username: uniqueName(), password: PASSWORD, admin: true }), 400, 'VALIDATION_FAILED');
    expect(body.errors).toEqual([{ path: 'admin', message: 'unknown field' }]);
    expectProblem(await service.http.post('/v1/sessions').send({ username: 'x', password: PASSWORD, remember: true }), 400, 'VALIDATION_FAILED');
  });

  it('refuses weak passwords: too short, too long, common (any case); counts characters after NFKC', async () => {
    for (const password of ['short', 'seven77', 'x'.repeat(129), 'password1', 'PASSWORD1', 'qwertyuiop', '12345678']) {
      const body = expectProblem(await service.http.post('/v1/accounts').send({ username: uniqueName(), password }), 422, 'WEAK_PASSWORD');
      expect(body.detail).not.toContain(password);
    }
    // Eight characters of any script pass, and so do 128; no composition rules.
    await service.http.post('/v1/accounts').send({ username: uniqueName(), password: 'ßäöü€漢字😀' }).expect(201);
    await service.http.post('/v1/accounts').send({ username: uniqueName(), password: 'y'.repeat(128) }).expect(201);
    // "ﬃ" (one ligature) is "ffi" after NFKC: 6 ligatures are 18 characters.
    await service.http.post('/v1/accounts').send({ username: uniqueName(), password: 'ﬃﬃﬃﬃﬃﬃ' }).expect(201);
  });

  it('signs in with the password as typed in another Unicode form (NFKC)', async () => {
    const username = uniqueName();
    await service.http.post('/v1/accounts').send({ username, password: 'Straße café 2026' }).expect(201);
    await service.http.post('/v1/sessions').send({ username, password: 'Straße cafe\u0301 2026' }).expect(201);
  });

  it('answers an unknown username and a wrong password alike', async () => {
    const anna = await signUp();
    const wrong = expectProblem(await service.http.post('/v1/sessions').send({ username: anna.username, password: 'not the password' }), 401, 'INVALID_CREDENTIALS');
    const unknown = expectProblem(await service.http.post('/v1/sessions').send({ username: uniqueName('nobody'), password: 'not the password' }), 401, 'INVALID_CREDENTIALS');
    expect(wrong.detail).toBe(unknown.detail);
    expect(JSON.stringify(wrong)).not.toContain('not the password');
  });

  it('ignores a failing Authorization header where a new identity is made', async () => {
    const junk = { Authorization: 'Bearer not.a.token' };
    await service.http.post('/v1/players').set(junk).send({ name: 'Anna' }).expect(201);
    const anna = await service.http.post('/v1/accounts').set(junk).send({ username: uniqueName(), password: PASSWORD }).expect(201);
    await service.http.post('/v1/sessions').set(junk).send({ username: anna.body.username, password: PASSWORD }).expect(201);
    // Elsewhere it is refused as before.
    expectProblem(await service.http.post('/v1/games').set(junk).send({}), 401, 'INVALID_TOKEN');
  });
});

describe('a guest claims its player', () => {
  it('keeps its id, games and name; the bot flag is for good', async () => {
    const guest = await client.player('Gustav');
    const game = await client.createGame(guest, {});
    const username = uniqueName('gustav');
    const claimed = await service.http.post('/v1/players/me/account').set(guest.auth).send({ username, password: PASSWORD, bot: true }).expect(201);
    expect(claimed.body).toMatchObject({ playerId: guest.playerId, username, name: 'Gustav', bot: true });
    const session = await service.http.post('/v1/sessions').send({ username, password: PASSWORD }).expect(201);
    expect(session.body.playerId).toBe(guest.playerId);
    const mine = await service.http.get('/v1/players/me/games').set(bearer(session.body.token)).expect(200);
    expect(mine.body.entries.map((e: { id: string }) => e.id)).toContain(game.id);
    expect((await service.http.get(`/v1/players/${guest.playerId}`).expect(200)).body).toEqual({ playerId: guest.playerId, name: 'Gustav', bot: true, username, ratings: {} });
    // An account claims nothing more.
    expectProblem(
      await service.http.post('/v1/players/me/account').set(bearer(session.body.token)).send({ username: uniqueName(), password: PASSWORD }),
      409,
      'NOT_A_GUEST',
    );
  });
});

describe('the password and the account', () => {
  it('a password change needs the current password and revokes every other token', async () => {
    const anna = await signUp();
    const other = (await service.http.post('/v1/sessions').send({ username: anna.username, password: PASSWORD }).expect(201)).body;
    const body = expectProblem(
      await service.http.put('/v1/players/me/password').set(anna.auth).send({ currentPassword: 'not it at all', newPassword: 'a brand new passphrase' }),
      403,
      'WRONG_PASSWORD',
    );
    expect(JSON.stringify(body)).not.toContain('a brand new passphrase');
    expectProblem(await service.http.put('/v1/players/me/password').set(anna.auth).send({ currentPassword: PASSWORD, newPassword: 'password' }), 422, 'WEAK_PASSWORD');
    await service.http.put('/v1/players/me/password').set(anna.auth).send({ currentPassword: PASSWORD, newPassword: 'a brand new passphrase' }).expect(204);
    await service.http.get('/v1/players/me').set(anna.auth).expect(200);
    expectProblem(await service.http.get('/v1/players/me').set(bearer(other.token)), 401, 'TOKEN_REVOKED');
    expectProblem(await service.http.post('/v1/sessions').send({ username: anna.username, password: PASSWORD }), 401, 'INVALID_CREDENTIALS');
    await service.http.post('/v1/sessions').send({ username: anna.username, password: 'a brand new passphrase' }).expect(201);
  });

  it('a guest has no password to change', async () => {
    const guest = await client.player('Gast');
    expectProblem(await service.http.put('/v1/players/me/password').set(guest.auth).send({ currentPassword: PASSWORD, newPassword: 'a brand new passphrase' }), 403, 'ACCOUNT_REQUIRED');
  });

  it('deleting the account keeps the games, as "deleted player", and ends its tokens and credentials', async () => {
    const anna = await signUp({ name: 'Anna' });
    const game = await service.http.post('/v1/games').set(anna.auth).send({}).expect(201);
    await service.http.delete('/v1/players/me').set(anna.auth).expect(204);
    expectProblem(await service.http.get('/v1/players/me').set(anna.auth), 401, 'TOKEN_REVOKED');
    expectProblem(await service.http.post('/v1/sessions').send({ username: anna.username, password: PASSWORD }), 401, 'INVALID_CREDENTIALS');
    const view = await service.http.get(`/v1/games/${game.body.id}`).expect(200);
    expect(view.body.players.forehand ?? view.body.players.dealer).toMatchObject({ playerId: anna.playerId, name: 'deleted player' });
    expect((await service.http.get(`/v1/players/${anna.playerId}`).expect(200)).body.name).toBe('deleted player');
    // The username is free again.
    await service.http.post('/v1/accounts').send({ username: anna.username, password: PASSWORD }).expect(201);
  });
});
