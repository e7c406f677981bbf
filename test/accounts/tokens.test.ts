// A player's tokens: listed, created (shown once; never expiring for accounts, renewed by guests),
// revoked one by one or all at once, refused on every instance within a second; the `read`
// scope refused on every write of the spec; bots online across instances; sign-in limits.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/problems.ts';
import { openSse } from '../support/sse.ts';
import { Client, startTestService, twoInstances, type TestService } from '../support/service.ts';

let instances: Awaited<ReturnType<typeof twoInstances>>;
let a: TestService;
let b: TestService;
let onA: Client;
beforeAll(async () => {
  instances = await twoInstances();
  ({ a, b } = instances);
  onA = new Client(a.http);
}, 180_000);
afterAll(() => instances?.close());

const PASSWORD = 'correct horse battery staple';
let n = 0;
const uniqueName = (prefix = 'user') => `${prefix}_${Date.now().toString(36)}${n++}`;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function signUp(service: TestService = a, body: Record<string, unknown> = {}) {
  const res = await service.http.post('/v1/accounts').send({ username: uniqueName(), password: PASSWORD, ...body }).expect(201);
  return { ...res.body, auth: bearer(res.body.token) } as { playerId: string; username: string; token: string; tokenId: string; auth: { Authorization: string } };
}

describe('the tokens of a player', () => {
  it('lists, creates (shown once) and revokes them; a token that never expires is for accounts', async () => {
    const anna = await signUp();
    const made = await a.http.post('/v1/players/me/tokens').set(anna.auth).send({ name: 'my bot', expiresInDays: null }).expect(201);
    expect(made.body).toMatchObject({ name: 'my bot', scopes: ['play', 'read'], expiresAt: null, token: expect.any(String) });
    const me = await a.http.get('/v1/players/me').set(bearer(made.body.token)).expect(200);
    expect(me.body).toMatchObject({ tokenId: made.body.tokenId, expiresAt: null, scopes: ['play', 'read'] });

    const list = await a.http.get('/v1/players/me/tokens').set(anna.auth).expect(200);
    expect(list.body.items.map((t: { tokenId: string }) => t.tokenId).sort()).toEqual([anna.tokenId, made.body.tokenId].sort());
    expect(list.body.items.find((t: { current: boolean }) => t.current).tokenId).toBe(anna.tokenId);
    // Shown once: never in the list.
    expect(JSON.stringify(list.body)).not.toContain(made.body.token);

    await a.http.delete(`/v1/players/me/tokens/${made.body.tokenId}`).set(anna.auth).expect(204);
    expectProblem(await a.http.get('/v1/players/me').set(bearer(made.body.token)), 401, 'TOKEN_REVOKED');
    expectProblem(await a.http.delete(`/v1/players/me/tokens/${made.body.tokenId}`).set(anna.auth), 404, 'TOKEN_NOT_FOUND');
    // Another player's token is not yours to revoke.
    const bert = await signUp();
    expectProblem(await a.http.delete(`/v1/players/me/tokens/${anna.tokenId}`).set(bert.auth), 404, 'TOKEN_NOT_FOUND');
    await a.http.get('/v1/players/me').set(anna.auth).expect(200);
  });

  it('a guest renews its identity with an expiry; a token that never expires needs an account', async () => {
    const guest = await onA.player('Gast');
    const renewed = await a.http.post('/v1/players/me/tokens').set(guest.auth).send({ name: 'renewed', expiresInDays: 30 }).expect(201);
    expect(new Date(renewed.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const me = await a.http.get('/v1/players/me').set(bearer(renewed.body.token)).expect(200);
    expect(me.body).toMatchObject({ playerId: guest.playerId, username: null, tokenId: renewed.body.tokenId });
    // The default: the service's lifetime.
    const plain = await a.http.post('/v1/players/me/tokens').set(guest.auth).send({ name: 'again' }).expect(201);
    expect(typeof plain.body.expiresAt).toBe('string');
    expectProblem(await a.http.post('/v1/players/me/tokens').set(guest.auth).send({ name: 'forever', expiresInDays: null }), 403, 'ACCOUNT_REQUIRED');
    for (const body of [{ name: '' }, { name: 'x', scopes: [] }, { name: 'x', scopes: ['admin'] }, { name: 'x', expiresInDays: 0 }, { name: 'x', expiresInDays: 1.5 }, { name: 'x', owner: 'me' }]) {
      expectProblem(await a.http.post('/v1/players/me/tokens').set(guest.auth).send(body), 400, 'VALIDATION_FAILED');
    }
  });

  it('sign out everywhere revokes every token, the caller’s own too', async () => {
    const anna = await signUp();
    const other = await a.http.post('/v1/sessions').send({ username: anna.username, password: PASSWORD }).expect(201);
    await a.http.delete('/v1/players/me/tokens').set(anna.auth).expect(204);
    expectProblem(await a.http.get('/v1/players/me').set(anna.auth), 401, 'TOKEN_REVOKED');
    // The other instance hears of it within a second (through a transaction pooler, the
    // announcement can come after the 204: the contract is a second, not at once).
    const revokedAt = performance.now();
    let status = 200;
    while (status === 200 && performance.now() - revokedAt < 3000) status = (await b.http.get('/v1/players/me').set(bearer(other.body.token))).status;
    expect(performance.now() - revokedAt).toBeLessThan(1000);
    expectProblem(await b.http.get('/v1/players/me').set(bearer(other.body.token)), 401, 'TOKEN_REVOKED');
    // Signing in again works.
    await a.http.post('/v1/sessions').send({ username: anna.username, password: PASSWORD }).expect(201);
  });

  it('a revoked token is refused by the other instance within a second, though it had verified it before', async () => {
    const anna = await signUp();
    const made = (await a.http.post('/v1/players/me/tokens').set(anna.auth).send({ name: 'leaked' }).expect(201)).body;
    await b.http.get('/v1/players/me').set(bearer(made.token)).expect(200);
    const revokedAt = performance.now();
    await a.http.delete(`/v1/players/me/tokens/${made.tokenId}`).set(anna.auth).expect(204);
    let status = 200;
    while (status === 200 && performance.now() - revokedAt < 3000) {
      status = (await b.http.get('/v1/players/me').set(bearer(made.token))).status;
    }
    const delay = performance.now() - revokedAt;
    expect(status).toBe(401);
    expect(delay).toBeLessThan(1000);
    expectProblem(await b.http.get('/v1/players/me').set(bearer(made.token)), 401, 'TOKEN_REVOKED');
  });
});

describe('scopes', () => {
  type Doc = { paths: Record<string, Record<string, { operationId: string; security?: Record<string, string[]>[] }>> };
  const doc = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8')) as Doc;
  const writes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method, op]) => method !== 'get' && op.security?.some((s) => 'bearerAuth' in s) && path.startsWith('/v1/'))
      .map(([method, op]) => ({ method, path, operationId: op.operationId })),
  );

  it('a read token is refused on every write operation of the spec (403 INSUFFICIENT_SCOPE), and reads and streams', async () => {
    expect(writes.length).toBeGreaterThan(15);
    const anna = await signUp();
    const game = await a.http.post('/v1/games').set(anna.auth).send({}).expect(201);
    const read = (await a.http.post('/v1/players/me/tokens').set(anna.auth).send({ name: 'dashboard', scopes: ['read'] }).expect(201)).body;
    expect(read.scopes).toEqual(['read']);
    const auth = bearer(read.token);
    const refused: string[] = [];
    for (const { method, path, operationId } of writes) {
      const url = path.replaceAll(/\{[^}]+\}/g, () => crypto.randomUUID());
      const res = await (a.http as unknown as Record<string, (url: string) => { set(h: object): { send(b: object): Promise<{ status: number; body: { code?: string }; headers: Record<string, string> }> } }>)
        [method](url)
        .set(auth)
        .send({});
      if (res.status === 403 && res.body.code === 'INSUFFICIENT_SCOPE') {
        expect(res.headers['www-authenticate']).toMatch(/insufficient_scope/);
        refused.push(operationId);
      }
    }
    expect(refused.sort()).toEqual(writes.map((w) => w.operationId).sort());
    // Reads, with the caller's own view and stream.
    await a.http.get(`/v1/games/${game.body.id}`).set(auth).expect(200);
    expect((await a.http.get('/v1/players/me').set(auth).expect(200)).body.scopes).toEqual(['read']);
    const stream = await openSse(`${a.url}/v1/players/me/stream`, auth);
    expect(stream.status).toBe(200);
    stream.close();
    // Nothing was written: the game is as it was.
    expect((await a.http.get(`/v1/games/${game.body.id}`).expect(200)).body.version).toBe(game.body.version);
  });
});

describe('bots online', () => {
  it('lists a bot account while its player stream is open, on every instance', async () => {
    const bot = await signUp(a, { bot: true, name: 'Forever bot' });
    const person = await signUp(a);
    const listed = async (service: TestService) =>
      ((await service.http.get('/v1/bots/online').expect(200)).body.items as { playerId: string }[]).map((i) => i.playerId);
    expect(await listed(b)).not.toContain(bot.playerId);
    const stream = await openSse(`${a.url}/v1/players/me/stream`, bot.auth);
    const people = await openSse(`${a.url}/v1/players/me/stream`, person.auth);
    const deadline = Date.now() + 3000;
    while (!(await listed(b)).includes(bot.playerId) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await listed(b)).toContain(bot.playerId);
    expect(await listed(b)).not.toContain(person.playerId);
    expect((await b.http.get('/v1/bots/online').expect(200)).body.items).toContainEqual({ playerId: bot.playerId, name: 'Forever bot', bot: true, houseLevel: null, ratings: {}, variants: [], seeks: [] });
    stream.close();
    people.close();
    while ((await listed(b)).includes(bot.playerId) && Date.now() < deadline + 3000) await new Promise((r) => setTimeout(r, 50));
    expect(await listed(b)).not.toContain(bot.playerId);
  });

  it('bot: true is shown with the player, and in me', async () => {
    const bot = await signUp(a, { bot: true });
    expect((await b.http.get(`/v1/players/${bot.playerId}`).expect(200)).body.bot).toBe(true);
    expect((await b.http.get('/v1/players/me').set(bot.auth).expect(200)).body.bot).toBe(true);
  });
});

describe('sign-in limits', () => {
  it('limits attempts per username (whatever the password or case) and per address, 429 with Retry-After', async () => {
    const limited = await startTestService({
      // The username's budget from its own (sign-up) address is the one per username and address.
      config: { accounts: { signin: { points: 3, seconds: 900 }, signinAddress: { points: 6, seconds: 900 }, signinUsernameAddress: { points: 3, seconds: 900 } } },
    });
    try {
      const username = uniqueName();
      await limited.http.post('/v1/accounts').send({ username, password: PASSWORD }).expect(201);
      for (let i = 0; i < 3; i++) expectProblem(await limited.http.post('/v1/sessions').send({ username, password: `wrong ${i} password` }), 401, 'INVALID_CREDENTIALS');
      // The fourth attempt on this username, even with the right password and in other case: refused.
      const res = await limited.http.post('/v1/sessions').send({ username: username.toUpperCase(), password: PASSWORD });
      expectProblem(res, 429, 'RATE_LIMITED');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Other usernames from the same address: until the address's budget is spent.
      for (let i = 0; i < 2; i++) expectProblem(await limited.http.post('/v1/sessions').send({ username: uniqueName(), password: PASSWORD }), 401, 'INVALID_CREDENTIALS');
      expectProblem(await limited.http.post('/v1/sessions').send({ username: uniqueName(), password: PASSWORD }), 429, 'RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});
