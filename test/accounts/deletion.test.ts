// Deleting a player (DELETE /v1/players/me) ends everything it was in, as its own calls would:
// its waiting seeks are withdrawn (never paired afterwards), its waiting games and matches called
// off, the challenges to it declined, its running games resigned (the other player wins; a rated
// game moves both ratings as any resign does; a match's remaining games are resigned as they
// start, so the match is over). The deleted player is never seated, paired or challenged again,
// and counts as no account. A deletion that fails midway keeps the account and is sent again.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnavailable } from '../../src/platform/db/availability.ts';
import { players } from '../../src/accounts/tables.ts';
import { PlayerEventStore } from '../../src/platform/streams/player-events.ts';
import { initialRating, rateGame, shown } from '../../src/ratings/glicko.ts';
import { expectProblem } from '../support/problems.ts';
import { Client, startTestService, type TestService } from '../support/service.ts';

let service: TestService;
let client: Client;
beforeAll(async () => {
  // Every rating counts as settled here (as in test/ratings/rated-games.test.ts).
  service = await startTestService({ config: { seeks: { ttlSeconds: 600 }, ratings: { provisionalRd: 350 } } });
  client = new Client(service.http);
});
afterAll(() => service?.close());

let n = 0;
type Account = { playerId: string; auth: { Authorization: string }; name: string; token: string };
async function account(name = 'Anna'): Promise<Account> {
  const username = `del_${Date.now().toString(36)}${n++}`;
  const res = await service.http.post('/v1/accounts').send({ username, password: 'correct horse battery staple', name }).expect(201);
  return { playerId: res.body.playerId, auth: { Authorization: `Bearer ${res.body.token}` }, name, token: res.body.token };
}

const deleteMe = (p: Account) => service.http.delete('/v1/players/me').set(p.auth);
const seek = (p: Account, body: Record<string, unknown>) => service.http.post('/v1/seeks').set(p.auth).send(body);
const seekOf = async (id: string) => (await service.http.get(`/v1/seeks/${id}`).expect(200)).body;
const gameOf = async (id: string) => (await service.http.get(`/v1/games/${id}`).expect(200)).body;
const matchOf = async (id: string) => (await service.http.get(`/v1/matches/${id}`).expect(200)).body;
const lastEvent = async (gameId: string) => (await service.http.get(`/v1/games/${gameId}/events`).expect(200)).body.events.at(-1).event;
const events = async (p: Account) => (await new PlayerEventStore(service.database.db).events(p.playerId)).map((e) => e.event);
/** Each test seeks in pools of its own. */
let clocks = 100;
const clock = () => clocks++;

describe('deleting a player ends what it was in', () => {
  it('withdraws its waiting seeks, which are never paired afterwards: no rated game with a deleted player', async () => {
    const [anna, bert] = [await account(), await account('Bert')];
    const rated = { variant: 'classic', rated: true, turnSeconds: 60 };
    const plain = { variant: 'halfOpen', turnSeconds: clock() };
    const seeks = [(await seek(anna, rated).expect(201)).body, (await seek(anna, plain).expect(201)).body];
    await deleteMe(anna).expect(204);
    for (const s of seeks) expect(await seekOf(s.seekId)).toMatchObject({ status: 'withdrawn' });
    expect((await events(anna)).filter((e) => e.type === 'seekEnded')).toEqual(seeks.map((s) => ({ type: 'seekEnded', seekId: s.seekId, reason: 'withdrawn' })).sort((a, b) => (a.seekId < b.seekId ? -1 : 1)));
    const pool = (await service.http.get('/v1/seeks?limit=100').expect(200)).body.items.map((s: { seekId: string }) => s.seekId);
    for (const s of seeks) expect(pool).not.toContain(s.seekId);
    // Bert's seeks find nobody: they wait, and no rating moves.
    expect((await seek(bert, rated).expect(201)).body.status).toBe('waiting');
    expect((await seek(bert, plain).expect(201)).body.status).toBe('waiting');
    expect((await service.http.get(`/v1/players/${bert.playerId}`).expect(200)).body.ratings).toEqual({});
  });

  it('calls off its waiting games and matches, and declines the games and matches reserved for it', async () => {
    const [anna, bert] = [await account(), await account('Bert')];
    const ownGame = (await service.http.post('/v1/games').set(anna.auth).send({}).expect(201)).body.id;
    const ownMatch = (await service.http.post('/v1/matches').set(anna.auth).send({ games: 2 }).expect(201)).body.id;
    const challenge = (await service.http.post('/v1/games').set(bert.auth).send({ opponent: anna.playerId }).expect(201)).body.id;
    const matchChallenge = (await service.http.post('/v1/matches').set(bert.auth).send({ games: 2, opponent: anna.playerId }).expect(201)).body.id;
    await deleteMe(anna).expect(204);

    for (const id of [ownGame, challenge]) expect((await gameOf(id)).status).toBe('cancelled');
    expect(await lastEvent(ownGame)).toEqual({ type: 'cancelled', by: anna.playerId, reason: 'cancelled' });
    expect(await lastEvent(challenge)).toEqual({ type: 'cancelled', by: anna.playerId, reason: 'declined' });
    for (const id of [ownMatch, matchChallenge]) expect((await matchOf(id)).status).toBe('cancelled');
    const log = async (id: string) => (await service.http.get(`/v1/matches/${id}/events`).expect(200)).body.events.at(-1).event;
    expect(await log(ownMatch)).toEqual({ type: 'matchCancelled', by: anna.playerId, reason: 'cancelled' });
    expect(await log(matchChallenge)).toEqual({ type: 'matchCancelled', by: anna.playerId, reason: 'declined' });
    // Bert hears that his challenges were declined.
    const declined = (await events(bert)).filter((e) => e.type === 'challengeDeclined');
    expect(declined).toHaveLength(2);
    expect(declined).toEqual(
      expect.arrayContaining([
        { type: 'challengeDeclined', kind: 'game', id: challenge, by: anna.playerId },
        { type: 'challengeDeclined', kind: 'match', id: matchChallenge, by: anna.playerId },
      ]),
    );
  });

  it('resigns its running games: the other player wins, and a rated game moves both ratings as a resign does', async () => {
    const [anna, bert] = [await account(), await account('Bert')];
    const rated = (await service.http.post('/v1/games').set(anna.auth).send({ rated: true, seat: 'forehand' }).expect(201)).body.id;
    await service.http.post(`/v1/games/${rated}/join`).set(bert.auth).expect(200);
    const plain = (await service.http.post('/v1/games').set(bert.auth).send({ seat: 'forehand' }).expect(201)).body.id;
    await service.http.post(`/v1/games/${plain}/join`).set(anna.auth).expect(200);
    await deleteMe(anna).expect(204);

    // As when anna resigns (test/ratings/rated-games.test.ts): forehand gave up.
    const [winner, loser] = rateGame(initialRating(), initialRating(), 1);
    const ratedView = await gameOf(rated);
    expect(ratedView).toMatchObject({ status: 'finished', result: { end: 'resigned', resigned: 'forehand' } });
    expect(ratedView.result.ratingChanges).toEqual({
      forehand: { before: 1500, after: shown(loser.rating) },
      dealer: { before: 1500, after: shown(winner.rating) },
    });
    const berts = (await service.http.get(`/v1/players/${bert.playerId}`).expect(200)).body.ratings.classic;
    expect(berts.rating).toBeCloseTo(winner.rating, 6);
    expect(berts.games).toBe(1);
    expect(await gameOf(plain)).toMatchObject({ status: 'finished', result: { end: 'resigned', resigned: 'dealer' } });
    // Bert hears of both ends, and of his new rating.
    const heard = await events(bert);
    expect(heard.filter((e) => e.type === 'gameFinish').map((e) => (e as { gameId: string }).gameId).sort()).toEqual([rated, plain].sort());
    expect(heard.filter((e) => e.type === 'ratingChanged')).toHaveLength(1);
  });

  it('ends its running matches: each game left is resigned as it starts, and the other player wins', async () => {
    const [anna, bert] = [await account(), await account('Bert')];
    const match = (await service.http.post('/v1/matches').set(anna.auth).send({ games: 3, turnSeconds: 60 }).expect(201)).body.id;
    await service.http.post(`/v1/matches/${match}/join`).set(bert.auth).expect(200);
    await deleteMe(anna).expect(204);
    const view = await matchOf(match);
    expect(view).toMatchObject({ status: 'finished', winner: bert.playerId, draw: false, currentGameId: null });
    expect(view.sheet).toHaveLength(3);
    for (const row of view.sheet) expect(row).toMatchObject({ status: 'finished', result: { end: 'resigned', resigned: anna.playerId } });
    expect(view.totals[bert.playerId]).toBeGreaterThan(view.totals[anna.playerId]);
    expect((await events(bert)).filter((e) => e.type === 'matchFinish')).toEqual([
      { type: 'matchFinish', matchId: match, winner: bert.playerId, draw: false, totals: view.totals },
    ]);
  });
});

describe('a deleted player', () => {
  it('is never seated, paired or challenged again', async () => {
    const [anna, bert] = [await account(), await account('Bert')];
    // A finished game of the two (for a rematch), and a game and a match of Bert's that wait.
    const finished = (await service.http.post('/v1/games').set(bert.auth).send({}).expect(201)).body.id;
    await service.http.post(`/v1/games/${finished}/join`).set(anna.auth).expect(200);
    await client.move(finished, bert, { type: 'resign' }).expect(200);
    const open = (await service.http.post('/v1/games').set(bert.auth).send({}).expect(201)).body.id;
    const openMatch = (await service.http.post('/v1/matches').set(bert.auth).send({ games: 2 }).expect(201)).body.id;
    await deleteMe(anna).expect(204);

    // By it: its tokens are refused; and a request of its own that got past them (in flight as
    // it was deleted) is refused by the service.
    expectProblem(await seek(anna, { variant: 'classic' }), 401, 'TOKEN_REVOKED');
    const { seeks, games, matches } = service.deps;
    for (const attempt of [
      () => seeks.seek(anna.playerId, { variant: 'classic' }),
      () => seeks.seek(anna.playerId, { variant: 'classic', rated: true }),
      () => games.create(anna.playerId, {}),
      () => games.join(open, anna.playerId),
      () => games.rematch(finished, anna.playerId),
      () => matches.create(anna.playerId, { games: 2 }),
      () => matches.join(openMatch, anna.playerId),
    ])
      await expect(attempt()).rejects.toMatchObject({ code: 'TOKEN_REVOKED' });
    // For it: a challenge, a match challenge, a rematch.
    expectProblem(await service.http.post('/v1/games').set(bert.auth).send({ opponent: anna.playerId }), 422, 'INVALID_OPPONENT');
    expectProblem(await service.http.post('/v1/matches').set(bert.auth).send({ games: 2, opponent: anna.playerId }), 422, 'INVALID_OPPONENT');
    expectProblem(await service.http.post(`/v1/games/${finished}/rematch`).set(bert.auth), 422, 'INVALID_OPPONENT');
    // And it has no account any more: rated play is refused too.
    expect(await service.parts.players.withAccounts([anna.playerId, bert.playerId])).toEqual(new Set([bert.playerId]));
  });

  it('is not paired even with a seek it left in the pool, seeks no more and counts as no account while its deletion runs', async () => {
    const [anna, bert] = [await account(), await account('Bert')];
    const rated = { variant: 'bidding', rated: true, turnSeconds: 60 };
    const left = (await seek(anna, rated).expect(201)).body.seekId;
    // The deletion's first step only (a seek placed as it began is still waiting): marked deleted.
    await service.database.db.update(players).set({ deletedAt: new Date() }).where(eq(players.id, anna.playerId));
    service.parts.players.forget(anna.playerId);
    expect(await service.parts.players.withAccounts([anna.playerId])).toEqual(new Set());
    expect((await seek(bert, rated).expect(201)).body.status).toBe('waiting');
    expect(await seekOf(left)).toMatchObject({ status: 'waiting' });
    // Its own seek is refused, paired or not: checked under its row's lock as it is placed.
    const { status: _, gameId: __, matchId: ___, endedAt: ____, name: _____, bot: ______, ...input } = (await service.parts.seekStore.get(left))!;
    const noPairing = () => {
      throw new Error('no pairing');
    };
    await expect(service.parts.seekStore.place({ ...input, id: crypto.randomUUID(), pool: 'nobody else', createdAt: new Date() }, noPairing)).rejects.toMatchObject({ code: 'TOKEN_REVOKED' });
    await expect(service.parts.seekStore.place({ ...input, id: crypto.randomUUID(), createdAt: new Date() }, noPairing)).rejects.toMatchObject({ code: 'TOKEN_REVOKED' });
    // The deletion's other steps (its token still works meanwhile) withdraw the seek left behind.
    await deleteMe(anna).expect(204);
    expect(await seekOf(left)).toMatchObject({ status: 'withdrawn' });
  });

  it('a deletion that fails midway keeps the account and its tokens, starts nothing new, and is finished when sent again', async () => {
    const [anna, bert] = [await account(), await account('Bert')];
    const waiting = (await seek(anna, { variant: 'halfOpen', turnSeconds: clock() }).expect(201)).body.seekId;
    const running = (await service.http.post('/v1/games').set(anna.auth).send({}).expect(201)).body.id;
    await service.http.post(`/v1/games/${running}/join`).set(bert.auth).expect(200);
    const games = service.deps.games;
    const endAllOf = games.endAllOf;
    games.endAllOf = async () => {
      throw databaseUnavailable('the database went away (a test)');
    };
    try {
      expectProblem(await deleteMe(anna), 503, 'DATABASE_UNAVAILABLE');
    } finally {
      games.endAllOf = endAllOf;
    }
    // The steps before the failure are done; the account is still there, and may only delete itself.
    expect(await seekOf(waiting)).toMatchObject({ status: 'withdrawn' });
    expect((await gameOf(running)).status).not.toBe('finished');
    expect((await service.http.get('/v1/players/me').set(anna.auth).expect(200)).body).toMatchObject({ playerId: anna.playerId, name: 'Anna' });
    expectProblem(await seek(anna, { variant: 'classic' }), 401, 'TOKEN_REVOKED');
    expectProblem(await service.http.post('/v1/games').set(anna.auth).send({}), 401, 'TOKEN_REVOKED');

    await deleteMe(anna).expect(204);
    expect(await gameOf(running)).toMatchObject({ status: 'finished', result: { end: 'resigned' } });
    expectProblem(await service.http.get('/v1/players/me').set(anna.auth), 401, 'TOKEN_REVOKED');
    expect((await service.http.get(`/v1/players/${anna.playerId}`).expect(200)).body.name).toBe('deleted player');
  });
});
