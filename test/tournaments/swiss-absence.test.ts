// A Swiss event never waits on a game outside it: Anna sits in an arena game of a day a move when
// the event's first round is paired. The round starts on time without her (she is absent: no
// pairing, 0 for the round), the four others play; once her arena game is over she is paired again
// in the next round. The director is stepped by hand and the service's clock moved by the test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/matches.ts';
import { testConfig, startTestService, type TestPlayer, type TestService } from '../support/service.ts';
import { account, resignRunning, startingNow } from '../support/tournaments.ts';

let service: TestService;
const clock = testClock();

beforeAll(async () => {
  service = await startTestService({ now: clock.now, config: { tournaments: { ...testConfig().tournaments, tickMs: 1000, minuteMs: 60_000 } } });
  await service.parts.director.stop();
});
afterAll(() => service?.close());

const create = async (p: TestPlayer, body: Record<string, unknown>) => (await service.http.post('/v1/tournaments').set(p.auth).send(body).expect(201)).body.id as string;
const join = (p: TestPlayer, id: string) => service.http.post(`/v1/tournaments/${id}/join`).set(p.auth).expect(200);
const get = async (id: string) => (await service.http.get(`/v1/tournaments/${id}`).expect(200)).body;
const tick = () => service.parts.director.tick();
/** Connected (the presence row an open player stream keeps), for a day: the arena pairs only connected players. */
const connect = (p: TestPlayer) => service.database.query(`insert into bot_presence (id, player_id, lease_until) values ($1, $2, now() + interval '1 day')`, [crypto.randomUUID(), p.playerId]);

describe('a Swiss player in an arena game of a day a move', () => {
  it('is absent from the round paired meanwhile (0 for it), which starts on time; paired again once free', async () => {
    const [anna, zeno, bert, cara, dora, emil] = await Promise.all(['Anna', 'Zeno', 'Bert', 'Cara', 'Dora', 'Emil'].map((n) => account(service.http, n)));
    const byId = new Map([anna, zeno, bert, cara, dora, emil].map((p) => [p.playerId, p]));
    const arena = await create(zeno, startingNow({ system: 'arena', minutes: 720, turnSeconds: 86_400, startsAt: clock.now().toISOString() }));
    for (const p of [anna, zeno]) {
      await connect(p);
      await join(p, arena);
    }
    await tick();
    const [game] = (await get(arena)).pairings;
    expect([game.first, game.second].sort()).toEqual([anna.playerId, zeno.playerId].sort());

    const swiss = await create(bert, startingNow({ rounds: 3, gamesPerRound: 1, startsAt: new Date(clock.now().getTime() + 5000).toISOString() }));
    for (const p of [anna, bert, cara, dora, emil]) await join(p, swiss);
    clock.advance(5);
    await tick();
    const first = await get(swiss);
    expect(first.round).toBe(1);
    const seated = (pairings: Array<{ first: string; second: string | null }>) => pairings.flatMap((p) => [p.first, p.second]);
    expect(first.pairings).toHaveLength(2);
    expect(new Set(seated(first.pairings))).toEqual(new Set([bert, cara, dora, emil].map((p) => p.playerId)));
    expect(first.standings.find((s: { playerId: string }) => s.playerId === anna.playerId)).toMatchObject({ score: 0, games: 0, withdrawn: false });
    // Her arena game goes on meanwhile.
    expect((await service.http.get(`/v1/games/${game.gameId}`).expect(200)).body.status).not.toBe('finished');

    // Her arena game ends (the arena records it), then round 1 does. The next round pairs her (two matches and a bye: all five).
    await service.http.post(`/v1/games/${game.gameId}/moves`).set(anna.auth).send({ move: { type: 'resign' } }).expect(200);
    await tick();
    expect(await resignRunning(service.http, first.pairings, byId)).toBe(2);
    await tick();
    const second = await get(swiss);
    expect(second.round).toBe(2);
    expect(seated(second.pairings)).toContain(anna.playerId);
    // Round 1 scored her nothing, and each of the two matches 1 to its winner.
    const scores = new Map(second.standings.map((s: { playerId: string; score: number }) => [s.playerId, s.score]));
    expect(scores.get(anna.playerId)).toBe(second.pairings.some((p: { first: string; second: string | null }) => p.first === anna.playerId && p.second === null) ? 1 : 0);
  }, 60_000);
});
