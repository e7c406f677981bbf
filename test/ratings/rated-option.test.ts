// The `rated` option of games and matches (API.md, "Rated play"): between two accounts only,
// never with a seed, always with a deadline (default 60 s); every game of a rated match is rated;
// `rated` in every view and summary. Refusals change nothing.
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

let n = 0;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
async function account(bot = false) {
  const username = `rated_${Date.now().toString(36)}${n++}`;
  const res = await service.http.post('/v1/accounts').send({ username, password: 'correct horse battery staple', bot }).expect(201);
  return { playerId: res.body.playerId as string, auth: bearer(res.body.token) };
}

describe('a rated game', () => {
  it('is created between two accounts with a 60 s deadline, and says rated everywhere', async () => {
    const [anna, bert] = [await account(), await account()];
    const created = await service.http.post('/v1/games').set(anna.auth).send({ rated: true, variant: 'halfOpen' }).expect(201);
    expect(created.body).toMatchObject({ rated: true, turnSeconds: 60 });
    const lobby = await service.http.get('/v1/games?status=waiting&limit=100').expect(200);
    expect(lobby.body.games.find((g: { id: string }) => g.id === created.body.id)).toMatchObject({ rated: true, turnSeconds: 60 });
    const joined = await service.http.post(`/v1/games/${created.body.id}/join`).set(bert.auth).expect(200);
    expect(joined.body.rated).toBe(true);
    const mine = await service.http.get('/v1/players/me/games').set(bert.auth).expect(200);
    expect(mine.body.entries[0]).toMatchObject({ id: created.body.id, rated: true });
  });

  it('an unrated game says rated: false', async () => {
    const anna = await client.player();
    const created = await client.createGame(anna, {});
    expect(created.rated).toBe(false);
  });

  it('refuses a guest creator, a guest opponent and a guest joiner (RATED_NEEDS_ACCOUNT)', async () => {
    const guest = await client.player('Gast');
    const anna = await account();
    expectProblem(await service.http.post('/v1/games').set(guest.auth).send({ rated: true }), 422, 'RATED_NEEDS_ACCOUNT');
    expectProblem(await service.http.post('/v1/games').set(anna.auth).send({ rated: true, opponent: guest.playerId }), 422, 'RATED_NEEDS_ACCOUNT');
    const open = await service.http.post('/v1/games').set(anna.auth).send({ rated: true }).expect(201);
    expectProblem(await service.http.post(`/v1/games/${open.body.id}/join`).set(guest.auth), 422, 'RATED_NEEDS_ACCOUNT');
    // Nothing changed: the game still waits, and an account may take the seat.
    const view = await service.http.get(`/v1/games/${open.body.id}`).expect(200);
    expect(view.body.status).toBe('waiting');
    await service.http.post(`/v1/games/${open.body.id}/join`).set((await account()).auth).expect(200);
  });

  it('refuses a seed and a deadline outside 10..300 s', async () => {
    const anna = await account();
    expectProblem(await service.http.post('/v1/games').set(anna.auth).send({ rated: true, seed: 'ab'.repeat(32) }), 422, 'RATED_WITH_SEED');
    for (const turnSeconds of [5, 9, 301, 3600])
      expectProblem(await service.http.post('/v1/games').set(anna.auth).send({ rated: true, turnSeconds }), 422, 'RATED_TURN_SECONDS');
    const ok = await service.http.post('/v1/games').set(anna.auth).send({ rated: true, turnSeconds: 10 }).expect(201);
    expect(ok.body.turnSeconds).toBe(10);
  });
});

describe('a rated match', () => {
  it('is rated, and so is every game of it', async () => {
    const [anna, bert] = [await account(), await account()];
    const created = await service.http.post('/v1/matches').set(anna.auth).send({ games: 2, rated: true, turnSeconds: 30 }).expect(201);
    expect(created.body).toMatchObject({ rated: true, turnSeconds: 30 });
    const joined = await service.http.post(`/v1/matches/${created.body.id}/join`).set(bert.auth).expect(200);
    expect(joined.body.rated).toBe(true);
    const game = await service.http.get(`/v1/games/${joined.body.currentGameId}`).expect(200);
    expect(game.body).toMatchObject({ rated: true, turnSeconds: 30 });
    const lobby = await service.http.get('/v1/players/me/games').set(anna.auth).expect(200);
    expect(lobby.body.entries.find((e: { id: string }) => e.id === created.body.id)).toMatchObject({ kind: 'match', rated: true });
  });

  it('refuses guests at creation and at join, and a deadline outside 10..300 s', async () => {
    const guest = await client.player('Gast');
    const anna = await account();
    expectProblem(await service.http.post('/v1/matches').set(guest.auth).send({ games: 2, rated: true }), 422, 'RATED_NEEDS_ACCOUNT');
    expectProblem(await service.http.post('/v1/matches').set(anna.auth).send({ games: 2, rated: true, turnSeconds: 600 }), 422, 'RATED_TURN_SECONDS');
    const open = await service.http.post('/v1/matches').set(anna.auth).send({ games: 2, rated: true }).expect(201);
    expect(open.body.turnSeconds).toBe(60);
    expectProblem(await service.http.post(`/v1/matches/${open.body.id}/join`).set(guest.auth), 422, 'RATED_NEEDS_ACCOUNT');
    expect((await service.http.get(`/v1/matches/${open.body.id}`).expect(200)).body.status).toBe('waiting');
  });
});
