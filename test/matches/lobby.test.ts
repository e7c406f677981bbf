// The matches lobby (GET /v1/matches): open matches are found by anyone, newest first, paged;
// a match that has begun or was called off leaves it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/problems.ts';
import { Client, startTestService, type TestService } from '../support/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service?.close());

describe('the matches lobby', () => {
  it('lists the waiting matches newest first, with their creators, to anyone; joined or called off, they leave', async () => {
    const client = new Client(service.http);
    const anna = await client.player('Anna');
    const bert = await client.player('Bert');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await service.http.post('/v1/matches').set(anna.auth).send({ games: 2 + i }).expect(201)).body.id);
    const page = (await service.http.get('/v1/matches').expect(200)).body;
    expect(page.matches.map((m: { id: string }) => m.id)).toEqual([...ids].reverse());
    expect(page.matches[0]).toMatchObject({ status: 'waiting', games: 4, players: [{ playerId: anna.playerId, name: 'Anna' }] });
    expect(page.nextCursor).toBeNull();
    // Paged.
    const first = (await service.http.get('/v1/matches?status=waiting&limit=2').expect(200)).body;
    expect(first.matches).toHaveLength(2);
    const second = (await service.http.get(`/v1/matches?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`).expect(200)).body;
    expect(second.matches.map((m: { id: string }) => m.id)).toEqual([ids[0]]);
    // Bert joins one, Anna calls one off: one is left open.
    await service.http.post(`/v1/matches/${ids[2]}/join`).set(bert.auth).expect(200);
    await service.http.delete(`/v1/matches/${ids[1]}`).set(anna.auth).expect(204);
    expect((await service.http.get('/v1/matches').expect(200)).body.matches.map((m: { id: string }) => m.id)).toEqual([ids[0]]);
    expect((await service.http.get('/v1/matches?status=playing').expect(200)).body.matches.map((m: { id: string }) => m.id)).toEqual([ids[2]]);
    expectProblem(await service.http.get('/v1/matches?cursor=nonsense'), 400, 'INVALID_CURSOR');
  });
});
