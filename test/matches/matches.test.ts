// Matches through HTTP: the score sheet, the alternating dealer, the next game starting by
// itself, the match's event log and stream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay, timeOut } from '../../src/engine/index.ts';
import { firstDealerIndex, playToEnd, sha256Hex, testClock } from '../support/matches.ts';
import { Client, startTestService, type TestPlayer, type TestService } from '../support/service.ts';
import { openSse } from '../support/sse.ts';

let service: TestService;
let client: Client;
const clock = testClock();
beforeAll(async () => {
  service = await startTestService({ now: clock.now, timing: { heartbeatMs: 300 } });
  client = new Client(service.http);
});
afterAll(() => service?.close());

type Row = {
  number: number;
  gameId: string;
  dealer: string;
  forehand: string;
  declarer: string | null;
  result: { passedIn: boolean; timedOut: string | null } | null;
  value: number | null;
  points: Record<string, number> | null;
  totals: Record<string, number> | null;
};

async function newMatch(body: Record<string, unknown>) {
  const a = await client.player('Anna');
  const b = await client.player('Bert');
  const created = await service.http.post('/v1/matches').set(a.auth).send(body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.headers.location).toBe(`/v1/matches/${created.body.id}`);
  return { a, b, match: created.body };
}

const getMatch = async (id: string) => (await service.http.get(`/v1/matches/${id}`).expect(200)).body;

describe.each(['standard', 'simple'] as const)('a 6-game match with %s scoring', (scoring) => {
  it('starts game after game, writes each on the sheet and ends with the right winner', async () => {
    const { a, b, match } = await newMatch({ games: 6, variant: 'classic', scoring });
    const resign = async (gameId: string, view: { players: Record<string, { playerId: string }> }, seat: string) => {
      const quitter = [a, b].find((p) => p.playerId === view.players[seat].playerId)!;
      return (await client.move(gameId, quitter, { type: 'resign' }).expect(200)).body.view;
    };
    expect(match).toMatchObject({ status: 'waiting', games: 6, sheet: [], currentGameId: null, winner: null, version: 0 });
    expect(match.config).toMatchObject({ variant: 'classic', scoring, practice: false });
    expect(match.players).toEqual([{ playerId: a.playerId, name: 'Anna', bot: false }]);
    expect(match.matchSeedCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(match.matchSeed).toBeUndefined();

    const stream = await openSse(`${service.url}/v1/matches/${match.id}/stream`);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    // Nothing happens before the join: the idle stream must beat (300 ms in this test).
    await stream.until((m) => m.some((x) => x.comment === 'heartbeat'));

    const joined = (await service.http.post(`/v1/matches/${match.id}/join`).set(b.auth).expect(200)).body;
    expect(joined.status).toBe('playing');
    expect(joined.players.map((p: { playerId: string }) => p.playerId)).toEqual([a.playerId, b.playerId]);
    expect(joined.sheet).toHaveLength(1);
    expect(joined.currentGameId).toBe(joined.sheet[0].gameId);
    expect(joined.sheet[0].dealer).toBe(joined.firstDealer);

    const results: { forehand: string; dealer: string; scores: { forehand: number; dealer: number } }[] = [];
    let current = joined;
    for (let n = 1; n <= 6; n++) {
      expect(current.currentNumber).toBe(n);
      const gameId = current.currentGameId;
      const start = (await client.view(gameId).expect(200)).body;
      expect(start.status).toBe('cutting');
      expect(start.match).toEqual({ id: match.id, number: n });
      expect(start.config).toEqual(match.config);
      // The first two played to their end (one with each dealer); the others need only to end:
      // the seat to move or the other resigns at once, in turn (points to either side).
      const end = n <= 2 ? await playToEnd(client, gameId, [a, b], n * 7 + scoring.length) : await resign(gameId, start, n % 2 ? 'forehand' : 'dealer');
      results.push({ forehand: end.players.forehand.playerId, dealer: end.players.dealer.playerId, scores: end.result.scores });
      current = await getMatch(match.id);
      if (n < 6) expect(current.currentGameId).not.toBe(gameId);
    }

    expect(current.status).toBe('finished');
    expect(current.currentGameId).toBeNull();
    const rows: Row[] = current.sheet;
    expect(rows.map((r) => r.number)).toEqual([1, 2, 3, 4, 5, 6]);
    // The dealer alternates, starting with the one the seed drew.
    expect(rows[0].dealer).toBe(current.firstDealer);
    for (let i = 1; i < 6; i++) expect(rows[i].dealer).not.toBe(rows[i - 1].dealer);
    for (const r of rows) expect(r.forehand).not.toBe(r.dealer);
    // The seed, revealed now, checks against the commitment and draws that first dealer.
    expect(sha256Hex(current.matchSeed)).toBe(match.matchSeedCommitment);
    expect(current.firstDealer).toBe([a.playerId, b.playerId][firstDealerIndex(current.matchSeed)]);

    // Each row is its game's result.scores by player; the totals are their sums.
    const sums = { [a.playerId]: 0, [b.playerId]: 0 };
    rows.forEach((r, i) => {
      const res = results[i];
      expect(r.forehand).toBe(res.forehand);
      expect(r.points).toEqual({ [res.forehand]: res.scores.forehand, [res.dealer]: res.scores.dealer });
      sums[res.forehand] += res.scores.forehand;
      sums[res.dealer] += res.scores.dealer;
      expect(r.totals).toEqual(sums);
    });
    expect(current.totals).toEqual(sums);
    const [ta, tb] = [sums[a.playerId], sums[b.playerId]];
    expect(current.draw).toBe(ta === tb);
    expect(current.winner).toBe(ta === tb ? null : ta > tb ? a.playerId : b.playerId);

    // The match's own log: each game started and finished, then the match.
    const log = (await service.http.get(`/v1/matches/${match.id}/events`).expect(200)).body;
    expect(log.finished).toBe(true);
    expect(log.version).toBe(13);
    const types = log.events.map((e: { event: { type: string } }) => e.event.type);
    expect(types).toEqual([...Array.from({ length: 6 }, () => ['gameStarted', 'gameFinished']).flat(), 'matchFinished']);
    expect(log.events.map((e: { seq: number }) => e.seq)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    for (const [i, r] of rows.entries()) {
      expect(log.events[2 * i].event).toEqual({ type: 'gameStarted', number: i + 1, gameId: r.gameId, dealer: r.dealer, forehand: r.forehand });
      expect(log.events[2 * i + 1].event).toMatchObject({ type: 'gameFinished', number: i + 1, gameId: r.gameId, points: r.points, totals: r.totals });
    }
    expect(log.events[12].event).toEqual({ type: 'matchFinished', totals: sums, winner: current.winner, draw: current.draw, matchSeed: current.matchSeed });
    const tail = (await service.http.get(`/v1/matches/${match.id}/events?after=11`).expect(200)).body;
    expect(tail.events.map((e: { seq: number }) => e.seq)).toEqual([12, 13]);

    // The stream saw the same, live, and closed after matchFinished.
    await stream.until(() => stream.ended);
    const sent = stream.messages.filter((m) => m.id !== undefined);
    expect(sent.map((m) => Number(m.id))).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    expect(sent.map((m) => m.event)).toEqual(types);
    expect(sent.map((m) => JSON.parse(m.data!))).toEqual(log.events.map((e: { event: unknown }) => e.event));
    expect(stream.messages.some((m) => m.comment === 'heartbeat')).toBe(true);

    // Resuming with Last-Event-ID gives the rest only, then the stream ends.
    const resumed = await openSse(`${service.url}/v1/matches/${match.id}/stream`, { 'Last-Event-ID': '10' });
    await resumed.until(() => resumed.ended);
    expect(resumed.messages.filter((m) => m.id).map((m) => m.id)).toEqual(['11', '12', '13']);
  });
});

describe('match rows and steps', () => {
  it('a passed-in bidding game is a row of zeros; the next game starts with the other dealer', async () => {
    const { a, b, match } = await newMatch({ games: 2, variant: 'bidding' });
    const joined = (await service.http.post(`/v1/matches/${match.id}/join`).set(b.auth).expect(200)).body;
    const pool = [a, b];
    const seatOf = (view: { players: Record<string, { playerId: string }> }, seat: string) =>
      pool.find((p) => p.playerId === view.players[seat].playerId)!;
    const g1 = joined.currentGameId;
    const v1 = (await client.view(g1).expect(200)).body;
    await client.move(g1, seatOf(v1, 'forehand'), { type: 'cut', at: 12 }).expect(200);
    await client.move(g1, seatOf(v1, 'dealer'), { type: 'pass' }).expect(200);
    const end = (await client.move(g1, seatOf(v1, 'forehand'), { type: 'pass' }).expect(200)).body.view;
    expect(end.result.passedIn).toBe(true);

    const after1 = await getMatch(match.id);
    expect(after1.sheet[0]).toMatchObject({
      number: 1,
      declarer: null,
      game: null,
      value: 0,
      points: { [a.playerId]: 0, [b.playerId]: 0 },
      totals: { [a.playerId]: 0, [b.playerId]: 0 },
    });
    expect(after1.sheet[0].result.passedIn).toBe(true);
    expect(after1.currentNumber).toBe(2);
    expect(after1.sheet[1].dealer).toBe(after1.sheet[0].forehand);

    // Game 2: the dealer resigns at once; the match ends with the forehand's points.
    const g2 = after1.currentGameId;
    const v2 = (await client.view(g2).expect(200)).body;
    const resigned = (await client.move(g2, seatOf(v2, 'dealer'), { type: 'resign' }).expect(200)).body.view;
    const done = await getMatch(match.id);
    expect(done.status).toBe('finished');
    const fh = v2.players.forehand.playerId;
    const dl = v2.players.dealer.playerId;
    expect(done.totals).toEqual({ [fh]: resigned.result.scores.forehand, [dl]: resigned.result.scores.dealer });
    expect(done.sheet[1].result.resigned).toBe(dl);
    expect(done.winner).toBe(resigned.result.scores.forehand > resigned.result.scores.dealer ? fh : dl);
  });

  it('racing advancers agree on one next game', async () => {
    const { b, match } = await newMatch({ games: 3 });
    const joined = (await service.http.post(`/v1/matches/${match.id}/join`).set(b.auth).expect(200)).body;
    // Finish game 1 behind the service's back (no move-path hook), as if its finisher crashed.
    const loaded = (await service.parts.gameStore.loadGame(joined.currentGameId))!;
    const state = replay(loaded.game.config, loaded.game.serverSeed, loaded.events);
    const decision = timeOut(state, state.toMove!);
    if (!decision.ok) throw new Error(decision.error.detail);
    await service.parts.gameStore.appendEvents({
      gameId: loaded.game.id,
      expectedVersion: loaded.game.version,
      events: decision.events,
      status: 'finished',
    });
    // Every reader may now start game 2; all agree on one.
    const reads = await Promise.all(Array.from({ length: 8 }, () => service.http.get(`/v1/matches/${match.id}`)));
    for (const r of reads) expect(r.status).toBe(200);
    const ids = new Set(reads.map((r) => r.body.currentGameId));
    expect(ids.size).toBe(1);
    const now = await getMatch(match.id);
    expect(now.sheet).toHaveLength(2);
    expect(now.currentNumber).toBe(2);
    const log = (await service.http.get(`/v1/matches/${match.id}/events`).expect(200)).body;
    expect(log.events.map((e: { event: { type: string } }) => e.event.type)).toEqual(['gameStarted', 'gameFinished', 'gameStarted']);
  });

  it('games inherit turnSeconds; a timeout claim moves the match on', async () => {
    const { a, b, match } = await newMatch({ games: 2, turnSeconds: 60 });
    expect(match.turnSeconds).toBe(60);
    const joined = (await service.http.post(`/v1/matches/${match.id}/join`).set(b.auth).expect(200)).body;
    const view = (await client.view(joined.currentGameId).expect(200)).body;
    expect(view.turnSeconds).toBe(60);
    expect(Date.parse(view.deadline) - Date.parse(view.updatedAt)).toBe(60_000);
    clock.advance(61);
    const waiting = [a, b].find((p) => p.playerId === view.players.dealer.playerId)!;
    const claimed = await service.http.post(`/v1/games/${view.id}/claim-timeout`).set(waiting.auth);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    const next = await getMatch(match.id);
    expect(next.sheet[0].result.timedOut).toBe(view.players.forehand.playerId);
    expect(next.currentNumber).toBe(2);
  });

  it('refuses what a match does not allow', async () => {
    const { a, b, match } = await newMatch({ games: 1 });
    const c = await client.player('Cleo');
    const post = (path: string, p: TestPlayer) => service.http.post(path).set(p.auth);
    const code = (r: { body: { code: string } }) => r.body.code;
    expect(code(await post(`/v1/matches/${match.id}/join`, a).expect(409))).toBe('ALREADY_IN_MATCH');
    await post(`/v1/matches/${match.id}/join`, b).expect(200);
    expect(code(await post(`/v1/matches/${match.id}/join`, c).expect(409))).toBe('MATCH_FULL');
    expect(code(await service.http.get('/v1/matches/00000000-0000-0000-0000-000000000000').expect(404))).toBe('MATCH_NOT_FOUND');
    expect(code(await post('/v1/matches/nope/join', c).expect(404))).toBe('MATCH_NOT_FOUND');

    const reserved = (await post('/v1/matches', a).send({ games: 2, opponent: b.playerId }).expect(201)).body;
    expect(reserved.reservedFor).toBe(b.playerId);
    expect(code(await post(`/v1/matches/${reserved.id}/join`, c).expect(403))).toBe('SEAT_RESERVED');
    await post(`/v1/matches/${reserved.id}/join`, b).expect(200);

    for (const body of [{}, { games: 0 }, { games: 101 }, { games: 2.5 }, { games: 2, turnSeconds: 4 }, { games: 2, turnSeconds: 86_401 }, { games: 2, extra: 1 }])
      expect(code(await post('/v1/matches', a).send(body).expect(400))).toBe('VALIDATION_FAILED');
    expect(code(await post('/v1/matches', a).send({ games: 2, opponent: a.playerId }).expect(422))).toBe('INVALID_OPPONENT');
    expect(code(await service.http.post('/v1/matches').send({ games: 2 }).expect(401))).toBeTruthy();
  });
});
