// Rated games end with both ratings moved in the same transaction (API.md, "Rated play"): the
// result's ratingChanges, the player's ratings and history, both players' ratingChanged events,
// the leaderboards; a passed-in or unrated game moves nothing; a repeated finishing move counts once;
// two rated games of one player ending at once are rated one after the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialRating, rateGame, shown } from '../../src/ratings/glicko.ts';
import { checkRatings } from '../../src/cli/ratings-check.ts';
import { PlayerEventStore } from '../../src/platform/streams/player-events.ts';
import { Client, startTestService, type TestService } from '../support/service.ts';

let service: TestService;
let client: Client;
beforeAll(async () => {
  // Every rating counts as settled here, so the leaderboard lists players after one game.
  service = await startTestService({ config: { ratings: { provisionalRd: 350 } } });
  client = new Client(service.http);
});
afterAll(() => service?.close());

let n = 0;
type Account = { playerId: string; auth: { Authorization: string }; name: string; token: string };
async function account(bot = false): Promise<Account> {
  const username = `rg_${Date.now().toString(36)}${n++}`;
  const res = await service.http.post('/v1/accounts').send({ username, password: 'correct horse battery staple', bot }).expect(201);
  return { playerId: res.body.playerId, auth: { Authorization: `Bearer ${res.body.token}` }, name: res.body.name, token: res.body.token };
}

/** A started rated game: `forehand` sits forehand. */
async function ratedGame(forehand: Account, dealer: Account, body: Record<string, unknown> = {}) {
  const created = await service.http.post('/v1/games').set(forehand.auth).send({ rated: true, seat: 'forehand', ...body }).expect(201);
  await service.http.post(`/v1/games/${created.body.id}/join`).set(dealer.auth).expect(200);
  return created.body.id as string;
}

/** The player's own log, as its stream would send it. */
const events = async (p: Account) => (await new PlayerEventStore(service.database.db).events(p.playerId)).map((e) => e.event);

describe('a rated game that ends', () => {
  it('moves both ratings: shown in the result, the players, their history and their streams', async () => {
    const [anna, bert] = [await account(), await account()];
    const gameId = await ratedGame(anna, bert);
    const end = await client.move(gameId, anna, { type: 'resign' }).expect(200);
    const [winner, loser] = rateGame(initialRating(), initialRating(), 1);
    expect(end.body.view.result.ratingChanges).toEqual({
      forehand: { before: 1500, after: shown(loser.rating) },
      dealer: { before: 1500, after: shown(winner.rating) },
    });
    const view = await client.view(gameId, bert).expect(200);
    expect(view.body.result.ratingChanges).toEqual(end.body.view.result.ratingChanges);

    const profile = await service.http.get(`/v1/players/${anna.playerId}`).expect(200);
    expect(profile.body).toMatchObject({ playerId: anna.playerId, bot: false, username: expect.any(String) });
    expect(profile.body.ratings.classic.rating).toBeCloseTo(loser.rating, 6);
    expect(profile.body.ratings.classic).toMatchObject({ games: 1, provisional: false });
    expect(profile.body.ratings.halfOpen).toBeUndefined();
    const history = await service.http.get(`/v1/players/${bert.playerId}/ratings/classic`).expect(200);
    expect(history.body.items).toHaveLength(1);
    expect(history.body.items[0]).toMatchObject({ gameId });
    expect(history.body.items[0].rating).toBeCloseTo(winner.rating, 6);
    expect((await service.http.get(`/v1/players/${bert.playerId}/ratings/bidding`).expect(200)).body.items).toEqual([]);

    const record = await service.http.get(`/v1/games/${gameId}/record`).expect(200);
    expect(record.body).toMatchObject({ rated: true, ratingChanges: end.body.view.result.ratingChanges });
    for (const [p, r] of [[anna, loser], [bert, winner]] as const) {
      const changed = (await events(p)).filter((e) => e.type === 'ratingChanged');
      expect(changed).toEqual([{ type: 'ratingChanged', gameId, variant: 'classic', before: 1500, after: shown(r.rating), rd: r.rd, games: 1, provisional: false }]);
    }
  });

  it('an unrated game and a passed-in rated game move nothing', async () => {
    const [anna, bert] = [await account(), await account()];
    const plain = await client.createGame(anna, { seat: 'forehand' });
    await service.http.post(`/v1/games/${plain.id}/join`).set(bert.auth).expect(200);
    const over = await client.move(plain.id, anna, { type: 'resign' }).expect(200);
    expect(over.body.view.result.ratingChanges).toBeUndefined();

    const bidding = await ratedGame(anna, bert, { variant: 'bidding' });
    await client.move(bidding, anna, { type: 'cut', at: 12 }).expect(200);
    await client.move(bidding, bert, { type: 'pass' }).expect(200);
    const passed = await client.move(bidding, anna, { type: 'pass' }).expect(200);
    expect(passed.body.view.result.passedIn).toBe(true);
    expect(passed.body.view.result.ratingChanges).toBeUndefined();
    expect((await service.http.get(`/v1/players/${anna.playerId}`).expect(200)).body.ratings).toEqual({});
  });

  it('a finishing move sent again with its Idempotency-Key gets the first answer and counts once', async () => {
    const [anna, bert] = [await account(), await account()];
    const gameId = await ratedGame(anna, bert);
    const first = await client.move(gameId, anna, { type: 'resign' }).set('Idempotency-Key', 'end-1').expect(200);
    const again = await client.move(gameId, anna, { type: 'resign' }).set('Idempotency-Key', 'end-1').expect(200);
    expect(again.text).toBe(first.text);
    const profile = await service.http.get(`/v1/players/${anna.playerId}`).expect(200);
    expect(profile.body.ratings.classic.games).toBe(1);
  });
});

describe('two rated games of one player ending at once', () => {
  it('are rated one after the other, in the order they end', async () => {
    const [anna, bert, cleo] = [await account(), await account(), await account()];
    const rounds = 4;
    for (let i = 0; i < rounds; i++) {
      const g1 = await ratedGame(anna, bert);
      const g2 = await ratedGame(cleo, anna);
      // Anna loses one and wins the other, at the same moment.
      await Promise.all([client.move(g1, anna, { type: 'resign' }).expect(200), client.move(g2, cleo, { type: 'resign' }).expect(200)]);
    }
    const history = (await service.http.get(`/v1/players/${anna.playerId}/ratings/classic`).expect(200)).body.items;
    expect(history).toHaveLength(2 * rounds);
    // Each game was rated from the rating the game before left: the chain replays exactly.
    expect(await checkRatings(service.database)).toEqual([]);
    const profile = await service.http.get(`/v1/players/${anna.playerId}`).expect(200);
    expect(profile.body.ratings.classic.games).toBe(2 * rounds);
    expect(profile.body.ratings.classic.rating).toBe(history.at(-1).rating);
  });
});

describe('the leaderboard', () => {
  it('lists rated players highest first, with ranks, bots included, excluded or only, page by page', async () => {
    const [anna, bert, robo] = [await account(), await account(), await account(true)];
    // Bert beats Anna, Robo beats Bert, in halfOpen (a board of their own).
    await client.move(await ratedGame(anna, bert, { variant: 'halfOpen' }), anna, { type: 'resign' }).expect(200);
    await client.move(await ratedGame(bert, robo, { variant: 'halfOpen' }), bert, { type: 'resign' }).expect(200);
    const board = (await service.http.get('/v1/leaderboards/halfOpen?limit=100').expect(200)).body;
    const ours = board.items.filter((e: { playerId: string }) => [anna, bert, robo].some((p) => p.playerId === e.playerId));
    expect(ours.map((e: { playerId: string }) => e.playerId)).toEqual([robo.playerId, bert.playerId, anna.playerId]);
    expect(board.items.map((e: { rank: number }) => e.rank)).toEqual(board.items.map((_: unknown, i: number) => i + 1));
    for (let i = 1; i < board.items.length; i++) expect(board.items[i - 1].rating).toBeGreaterThanOrEqual(board.items[i].rating);
    expect(ours[0]).toMatchObject({ bot: true, games: 1 });
    const bots = (await service.http.get('/v1/leaderboards/halfOpen?bots=only&limit=100').expect(200)).body.items;
    expect(bots.every((e: { bot: boolean }) => e.bot)).toBe(true);
    expect(bots.some((e: { playerId: string }) => e.playerId === robo.playerId)).toBe(true);
    const people = (await service.http.get('/v1/leaderboards/halfOpen?bots=exclude&limit=100').expect(200)).body.items;
    expect(people.some((e: { playerId: string }) => e.playerId === robo.playerId)).toBe(false);

    // Page by page: the same list, ranks going on.
    const seen: { playerId: string; rank: number }[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { playerId: string; rank: number }[]; nextCursor: string | null } = (
        await service.http.get(`/v1/leaderboards/halfOpen?limit=1${cursor ? `&cursor=${cursor}` : ''}`).expect(200)
      ).body;
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((e) => [e.playerId, e.rank])).toEqual(board.items.map((e: { playerId: string; rank: number }) => [e.playerId, e.rank]));
    await service.http.get('/v1/leaderboards/halfOpen?cursor=nonsense').expect(400);
    await service.http.get('/v1/leaderboards/chess').expect(400);
  });
});
