// GET /v1/tournaments/{id}/games: a tournament's story, a page at a time. A finished Swiss event
// of 30 players and 3 rounds (written straight into the database, test/support/big-tournament.ts):
// every pairing once across the pages, by round; one round's, one player's; both players named,
// the results as written; bad filters and forged cursors refused, an unknown tournament 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFinishedSwiss, type SeededSwiss } from '../support/big-tournament.ts';
import { expectProblem } from '../support/problems.ts';
import { startTestService, type TestService } from '../support/service.ts';
import { account, tomorrow } from '../support/tournaments.ts';

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
  // Nobody drives these events.
  await service.parts.director.stop();
});
afterAll(() => service?.close());

interface Game {
  round: number;
  first: { playerId: string; name: string; bot: boolean };
  second: { playerId: string; name: string; bot: boolean } | null;
  gameId: string | null;
  matchId: string | null;
  finished: boolean;
  firstPoints: number | null;
  secondPoints: number | null;
  winner: string | null;
  passedIn: boolean;
}

/** Every page of the games with `query`: the games in order, and how many pages. */
async function allPages(id: string, query: Record<string, string> = {}): Promise<{ games: Game[]; pages: number }> {
  const games: Game[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const q = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
    const page: { body: { items: Game[]; nextCursor: string | null } } = await service.http.get(`/v1/tournaments/${id}/games?${q}`).expect(200);
    games.push(...page.body.items);
    cursor = page.body.nextCursor;
    pages++;
  } while (cursor);
  return { games, pages };
}

describe('the games of a finished Swiss event of 30 players and 3 rounds', () => {
  let id: string;
  let seeded: SeededSwiss;
  beforeAll(async () => {
    const owner = await account(service.http, 'Owner');
    id = (await service.http.post('/v1/tournaments').set(owner.auth).send(tomorrow({ rounds: 3, maxPlayers: 1000 })).expect(201)).body.id;
    seeded = await seedFinishedSwiss(service.database, { tournamentId: id, players: 30, rounds: 3, standingsPerRound: 1, namePrefix: 'Spielerin' });
  });
  const pairingOf = (g: Game) => seeded.pairings.find((p) => p.round === g.round && p.first === g.first.playerId);

  it('gives every pairing once, by round, across pages; each with both players named and its result', async () => {
    const { games, pages } = await allPages(id, { limit: '10' });
    expect(pages).toBe(5);
    expect(games).toHaveLength(45);
    expect(games.map((g) => g.round)).toEqual([...Array(15).fill(1), ...Array(15).fill(2), ...Array(15).fill(3)]);
    expect(new Set(games.map((g) => `${g.round} ${g.first.playerId}`)).size).toBe(45);
    for (const g of games) {
      const p = pairingOf(g);
      expect(p, `${g.round} ${g.first.playerId}`).toBeDefined();
      expect(g).toMatchObject({ finished: true, second: { playerId: p?.second, bot: false }, firstPoints: p?.firstPoints, secondPoints: p?.secondPoints, winner: p?.winner, passedIn: false });
      expect(g.first.name).toMatch(/^Spielerin \d{4}$/);
      expect(g.second?.name).toMatch(/^Spielerin \d{4}$/);
    }
    // The default page holds them all (100).
    expect((await allPages(id)).pages).toBe(1);
  });

  it("keeps one round's, one player's, or one player's in one round", async () => {
    const round2 = await allPages(id, { round: '2', limit: '4' });
    expect(round2.games).toHaveLength(15);
    expect(round2.games.every((g) => g.round === 2)).toBe(true);
    const player = seeded.playerIds[7];
    const theirs = (await allPages(id, { player, limit: '2' })).games;
    expect(theirs.map((g) => g.round)).toEqual([1, 2, 3]);
    for (const g of theirs) expect([g.first.playerId, g.second?.playerId]).toContain(player);
    expect((await allPages(id, { player, round: '3' })).games).toEqual([theirs[2]]);
    expect((await allPages(id, { round: '4' })).games).toEqual([]);
    expect((await allPages(id, { player: crypto.randomUUID() })).games).toEqual([]);
  });

  it('refuses bad filters, a page size out of 1..100 and a cursor it did not make; an unknown tournament is 404', async () => {
    for (const q of ['round=0', 'round=-1', 'round=x', 'round=1.5', 'player=a%20b', `player=${'x'.repeat(65)}`, 'limit=0', 'limit=101'])
      expectProblem(await service.http.get(`/v1/tournaments/${id}/games?${q}`), 400, 'VALIDATION_FAILED');
    for (const cursor of ['nonsense', Buffer.from('[1]').toString('base64url'), Buffer.from('["1","p"]').toString('base64url'), Buffer.from('[-1,"p"]').toString('base64url'), Buffer.from('[1,"a b"]').toString('base64url')])
      expectProblem(await service.http.get(`/v1/tournaments/${id}/games?cursor=${cursor}`), 400, 'INVALID_CURSOR');
    expectProblem(await service.http.get(`/v1/tournaments/${crypto.randomUUID()}/games`), 404, 'TOURNAMENT_NOT_FOUND');
  });
});

it('an upcoming tournament has no games yet', async () => {
  const owner = await account(service.http, 'Owner');
  const id = (await service.http.post('/v1/tournaments').set(owner.auth).send(tomorrow()).expect(201)).body.id;
  expect((await service.http.get(`/v1/tournaments/${id}/games`).expect(200)).body).toEqual({ items: [], nextCursor: null });
});
