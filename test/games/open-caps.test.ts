// One player cannot fill the lobby: at most MAX_WAITING_GAMES waiting games and
// MAX_WAITING_MATCHES waiting matches at once, refused past that with a code of their own; also
// when the creates arrive at once (counted where the game or match is written).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WAITING_GAMES } from '../../src/games/open-caps.ts';
import { MAX_WAITING_MATCHES } from '../../src/matches/open-caps.ts';
import { expectProblem } from '../support/problems.ts';
import { Client, startTestService, type TestService } from '../support/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service?.close());

describe('caps on what one player leaves open', () => {
  it('waiting games: the cap, then 429 TOO_MANY_WAITING_GAMES; a started or called-off game frees a place', async () => {
    const client = new Client(service.http);
    const anna = await client.player('Anna');
    const ids: string[] = [];
    for (let i = 0; i < MAX_WAITING_GAMES; i++) ids.push((await client.createGame(anna)).id);
    const refused = await service.http.post('/v1/games').set(anna.auth).send({});
    expectProblem(refused, 429, 'TOO_MANY_WAITING_GAMES');
    expect(refused.body.detail).toMatch(new RegExp(`at most ${MAX_WAITING_GAMES}`));
    // Nothing was made.
    const mine = await service.http.get('/v1/players/me/games?status=waiting&limit=100').set(anna.auth).expect(200);
    expect(mine.body.entries.filter((e: { kind: string }) => e.kind === 'game')).toHaveLength(MAX_WAITING_GAMES);
    // Someone joins one: there is room for one more.
    const bert = await client.player('Bert');
    await service.http.post(`/v1/games/${ids[0]}/join`).set(bert.auth).expect(200);
    await service.http.post('/v1/games').set(anna.auth).send({}).expect(201);
    expectProblem(await service.http.post('/v1/games').set(anna.auth).send({}), 429, 'TOO_MANY_WAITING_GAMES');
    // She calls one off: room again. Other players have their own caps.
    await service.http.delete(`/v1/games/${ids[1]}`).set(anna.auth).expect(204);
    await service.http.post('/v1/games').set(anna.auth).send({}).expect(201);
    await service.http.post('/v1/games').set(bert.auth).send({}).expect(201);
  });

  it('waiting matches: the cap, then 429 TOO_MANY_WAITING_MATCHES', async () => {
    const client = new Client(service.http);
    const carla = await client.player('Carla');
    for (let i = 0; i < MAX_WAITING_MATCHES; i++) await service.http.post('/v1/matches').set(carla.auth).send({ games: 2 }).expect(201);
    expectProblem(await service.http.post('/v1/matches').set(carla.auth).send({ games: 2 }), 429, 'TOO_MANY_WAITING_MATCHES');
    // Games are counted apart from matches.
    await service.http.post('/v1/games').set(carla.auth).send({}).expect(201);
  });

  it('holds for creates at once: of 14 games and 14 matches sent together, 10 of each are made', async () => {
    const client = new Client(service.http);
    const dora = await client.player('Dora');
    const N = 14;
    const sendAll = (path: string, body: object) => Promise.all(Array.from({ length: N }, () => service.http.post(path).set(dora.auth).send(body)));
    const [games, matches] = await Promise.all([sendAll('/v1/games', {}), sendAll('/v1/matches', { games: 2 })]);
    const tally = (answers: { status: number; body: { code?: string } }[]) => ({
      made: answers.filter((a) => a.status === 201).length,
      refused: answers.filter((a) => a.status === 429).map((a) => a.body.code),
    });
    expect(tally(games)).toEqual({ made: MAX_WAITING_GAMES, refused: Array(N - MAX_WAITING_GAMES).fill('TOO_MANY_WAITING_GAMES') });
    expect(tally(matches)).toEqual({ made: MAX_WAITING_MATCHES, refused: Array(N - MAX_WAITING_MATCHES).fill('TOO_MANY_WAITING_MATCHES') });
    const mine = await service.http.get('/v1/players/me/games?status=waiting&limit=100').set(dora.auth).expect(200);
    const kinds = mine.body.entries.map((e: { kind: string }) => e.kind);
    expect(kinds.filter((k: string) => k === 'game')).toHaveLength(MAX_WAITING_GAMES);
    expect(kinds.filter((k: string) => k === 'match')).toHaveLength(MAX_WAITING_MATCHES);
  });
});
