// GET /v1/tournaments/{id} of a large event: a strong ETag (If-None-Match answers 304, no body;
// any change, a join, makes another), and its standings a page at a time: every row once, in
// order, finished or running; bounds and forged cursors refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFinishedSwiss } from '../support/big-tournament.ts';
import { expectProblem } from '../support/problems.ts';
import { startTestService, type TestService } from '../support/service.ts';
import { account, tomorrow } from '../support/tournaments.ts';

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
  // Nobody drives these events: a director would pair a running one's next round.
  await service.parts.director.stop();
});
afterAll(() => service?.close());

const create = async (body: Record<string, unknown> = {}) => {
  const owner = await account(service.http, 'Owner');
  return (await service.http.post('/v1/tournaments').set(owner.auth).send(tomorrow({ maxPlayers: 1000, ...body })).expect(201)).body.id as string;
};

/** Every page of the standings, `limit` rows a page: the player ids in order, and how many pages. */
async function allPages(id: string, limit?: number): Promise<{ playerIds: string[]; pages: number }> {
  const playerIds: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query = new URLSearchParams({ ...(limit ? { standingsLimit: String(limit) } : {}), ...(cursor ? { standingsCursor: cursor } : {}) });
    const page: { body: { standings: Array<{ playerId: string }>; standingsNextCursor: string | null } } = await service.http.get(`/v1/tournaments/${id}?${query}`).expect(200);
    playerIds.push(...page.body.standings.map((s) => s.playerId));
    cursor = page.body.standingsNextCursor;
    pages++;
  } while (cursor);
  return { playerIds, pages };
}

describe('the ETag of a tournament', () => {
  it('answers 304 without a body to If-None-Match naming it (also weak, in a list, or *), 200 once the tournament changed', async () => {
    const id = await create();
    const first = await service.http.get(`/v1/tournaments/${id}`).expect(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    for (const named of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await service.http.get(`/v1/tournaments/${id}`).set('If-None-Match', named).expect(304);
      expect(again.text ?? '').toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    expect((await service.http.get(`/v1/tournaments/${id}`).set('If-None-Match', '"other"').expect(200)).headers.etag).toBe(etag);
    // A join changes the answer (the players, the standings): another ETag.
    const anna = await account(service.http, 'Anna');
    await service.http.post(`/v1/tournaments/${id}/join`).set(anna.auth).expect(200);
    const after = await service.http.get(`/v1/tournaments/${id}`).set('If-None-Match', etag).expect(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body.players).toBe(1);
  });
});

describe('the standings of a finished event of 250 players, a page at a time', () => {
  let id: string;
  let final: string[];
  beforeAll(async () => {
    id = await create({ rounds: 3 });
    final = (await seedFinishedSwiss(service.database, { tournamentId: id, players: 250, rounds: 3, standingsPerRound: 1 })).standings.map((s) => s.playerId);
  });

  it('answers the first 100 by default, with a cursor to the next page and the count of players', async () => {
    const { body } = await service.http.get(`/v1/tournaments/${id}`).expect(200);
    expect(body.players).toBe(250);
    expect(body.standings.map((s: { playerId: string }) => s.playerId)).toEqual(final.slice(0, 100));
    expect(body.standingsNextCursor).toEqual(expect.any(String));
    // A different page, a different answer: its own ETag.
    const second = await service.http.get(`/v1/tournaments/${id}?standingsCursor=${body.standingsNextCursor}`).expect(200);
    expect(second.headers.etag).not.toBe((await service.http.get(`/v1/tournaments/${id}`)).headers.etag);
  });

  it('gives every row once, in rank order, across the pages; the last page says it is the last', async () => {
    expect(await allPages(id)).toEqual({ playerIds: final, pages: 3 });
    expect(await allPages(id, 40)).toEqual({ playerIds: final, pages: 7 });
  });

  it('refuses a page size out of 1..100 and a cursor it did not make', async () => {
    for (const limit of ['0', '101', '1000', 'x']) expectProblem(await service.http.get(`/v1/tournaments/${id}?standingsLimit=${limit}`), 400, 'VALIDATION_FAILED');
    for (const cursor of ['nonsense', Buffer.from('[1]').toString('base64url'), Buffer.from('[0,"p"]').toString('base64url')])
      expectProblem(await service.http.get(`/v1/tournaments/${id}?standingsCursor=${cursor}`), 400, 'INVALID_CURSOR');
  });
});

describe('the live standings of a running event', () => {
  it('page the same way: every entrant once', async () => {
    const id = await create({ rounds: 3 });
    const { playerIds } = await seedFinishedSwiss(service.database, { tournamentId: id, players: 150, rounds: 3, standingsPerRound: 1, upTo: 7 });
    const { body } = await service.http.get(`/v1/tournaments/${id}?standingsLimit=60`).expect(200);
    expect(body).toMatchObject({ status: 'running', round: 2, players: 150 });
    const pages = await allPages(id, 60);
    expect(pages.pages).toBe(3);
    expect([...pages.playerIds].sort()).toEqual([...playerIds].sort());
  });
});
