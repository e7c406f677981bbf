// A tournament's export (GET /v1/tournaments/{id}/games/export): one line per finished game of the
// tournament, while it runs and at its end (none still running, none from outside it), and every
// line a record that verifies as `npm run verify` checks it: the seed, the deal, every move, the
// result. A record does not name its tournament; its game does, through the match of a pairing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyRecord } from '../../src/record/index.ts';
import { playToEnd, testClock } from '../support/matches.ts';
import { testConfig, Client, startTestService, type TestService } from '../support/service.ts';
import { account, exportedRecords, startingNow, until } from '../support/tournaments.ts';

let service: TestService;
let client: Client;
// The service's clock: the event starts when the test moves it past its start, its players in.
const clock = testClock();

beforeAll(async () => {
  service = await startTestService({ now: clock.now, config: { tournaments: { ...testConfig().tournaments, tickMs: 50, minuteMs: 60_000 } } });
  client = new Client(service.http);
});
afterAll(() => service?.close());

/** A game of the tournament as the test played it: the pairing it belongs to. */
interface Played {
  round: number;
  matchId: string;
  players: string[];
}

describe("a tournament's export", () => {
  it('holds one verifying record per finished game of the tournament, while it runs and at its end, and no other game', async () => {
    const players = await Promise.all(['Anna', 'Bert', 'Cara', 'Dora'].map((n) => account(service.http, n)));
    const byId = new Map(players.map((p) => [p.playerId, p]));
    const [anna, bert] = players;
    // A game of two entrants outside the tournament: never in its export.
    const outside = (await service.http.post('/v1/games').set(anna.auth).send({ seat: 'forehand' }).expect(201)).body.id as string;
    await service.http.post(`/v1/games/${outside}/join`).set(bert.auth).expect(200);
    await service.http.post(`/v1/games/${outside}/moves`).set(anna.auth).send({ move: { type: 'resign' } }).expect(200);

    const id = (await service.http.post('/v1/tournaments').set(anna.auth).send(startingNow({ rounds: 3, gamesPerRound: 2, startsAt: new Date(clock.now().getTime() + 5000).toISOString() })).expect(201)).body.id as string;
    for (const p of players) await service.http.post(`/v1/tournaments/${id}/join`).set(p.auth).expect(200);
    clock.advance(5);

    // Each match's first game is played to its end by random legal moves (a whole record), its
    // second resigned by the pairing's first player.
    const played = new Map<string, Played>();
    let seed = 36;
    const playRound = async (round: number) => {
      await until(async () => {
        const t = (await service.http.get(`/v1/tournaments/${id}`).expect(200)).body;
        if (t.round > round || t.status === 'finished') return true;
        if (t.round < round) return false;
        // The round's matches side by side, as their players would play them.
        await Promise.all(
          t.pairings.map(async (p: { first: string; second: string; finished: boolean; matchId: string | null }) => {
            if (p.finished || !p.matchId) return;
            const gameId = (await service.http.get(`/v1/matches/${p.matchId}`).expect(200)).body.currentGameId as string | null;
            if (!gameId || played.has(gameId)) return;
            const game = (await client.view(gameId).expect(200)).body;
            if (game.match.number === 1) expect((await playToEnd(client, gameId, players, seed++)).status).toBe('finished');
            else await service.http.post(`/v1/games/${gameId}/moves`).set(byId.get(p.first)!.auth).send({ move: { type: 'resign' } }).expect(200);
            played.set(gameId, { round, matchId: p.matchId, players: [p.first, p.second].sort() });
          }),
        );
        return false;
      }, 30_000, `the end of round ${round}`);
    };

    await playRound(1);
    // Round 2 is paired and its games run: the export holds round 1's four games only.
    const midway = await exportedRecords(service.http, id);
    const roundOne = [...played].filter(([, g]) => g.round === 1).map(([gameId]) => gameId);
    expect(roundOne).toHaveLength(4);
    expect(midway.map((r) => r.id).sort()).toEqual(roundOne.sort());

    await playRound(2);
    await playRound(3);
    await until(async () => (await service.http.get(`/v1/tournaments/${id}`).expect(200)).body.status === 'finished', 20_000, 'the end');
    const records = await exportedRecords(service.http, id);
    // 2 matches a round of 2 games, 3 rounds: each game once, the game outside not among them.
    expect(played.size).toBe(12);
    expect(records).toHaveLength(12);
    expect(records.map((r) => r.id).sort()).toEqual([...played.keys()].sort());
    const matches = new Set([...played.values()].map((g) => g.matchId));
    for (const record of records) {
      const verified = verifyRecord(record);
      expect(verified.problems, record.id).toEqual([]);
      expect(verified.ok).toBe(true);
      const game = played.get(record.id)!;
      // The record's two players are the pairing's; its game belongs to a match of the tournament.
      expect([record.players.forehand.playerId, record.players.dealer.playerId].sort()).toEqual(game.players);
      const view = (await client.view(record.id).expect(200)).body;
      expect(view.match.id).toBe(game.matchId);
      expect(matches.has(view.match.id)).toBe(true);
    }
    // Whole games and resigned ones alike.
    expect(records.filter((r) => r.result.end === 'resigned')).toHaveLength(6);
  }, 90_000);
});
