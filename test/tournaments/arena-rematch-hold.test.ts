// An arena's hold on back-to-back rematches, over the API with the director stepped by hand and
// the service's clock moved by the test: two people and two bots, games ending at different
// moments. A pair that just played each other and comes free while the others still play or rest
// waits for them (no rematch at once), for at most the hold (the rest again); once the others are
// free it is paired across; when nobody else comes free before the hold ends, the rematch is
// paired then, and the due queue wakes the arena for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/matches.ts';
import { testConfig, startTestService, type TestPlayer, type TestService } from '../support/service.ts';
import { account, startingNow } from '../support/tournaments.ts';

/** The rest (and so the hold): long against what a step takes in real time on a loaded machine. */
const REST_MS = 60_000;
const HOLD_MS = REST_MS;
let service: TestService;
const clock = testClock();

beforeAll(async () => {
  service = await startTestService({ now: clock.now, config: { tournaments: { ...testConfig().tournaments, tickMs: 1000, minuteMs: 60_000, restMs: REST_MS } } });
  await service.parts.director.stop();
});
afterAll(() => service?.close());

interface Pairing {
  first: string;
  second: string;
  gameId: string;
}
const read = async (id: string) => (await service.http.get(`/v1/tournaments/${id}`).expect(200)).body;
const running = async (id: string) => (await read(id)).pairings as Pairing[];
const tick = () => service.parts.director.tick();
const connect = (p: TestPlayer) => service.database.query(`insert into bot_presence (id, player_id, lease_until) values ($1, $2, now() + interval '1 day')`, [crypto.randomUUID(), p.playerId]);
const resign = (gameId: string, p: TestPlayer) => service.http.post(`/v1/games/${gameId}/moves`).set(p.auth).send({ move: { type: 'resign' } }).expect(200);
const ended = async (id: string, gameId: string) => (await service.parts.tournamentStore.pairings(id)).find((p) => p.gameId === gameId)?.endedAt ?? null;
const nextAt = async (id: string) => (await service.parts.tournamentStore.get(id))?.nextAt?.toISOString();
const players = (p: Pairing) => [p.first, p.second].sort();
/** Moves the clock to `at` plus a second. */
const past = (at: Date) => clock.advance((at.getTime() - clock.now().getTime()) / 1000 + 1);

describe('a back-to-back rematch in a mixed arena', () => {
  it('waits while others play or rest, pairs across once they are free, rematches after the hold if nobody comes', async () => {
    const people = await Promise.all(['Anna', 'Bert'].map((n) => account(service.http, n)));
    const bots = await Promise.all(['Robo', 'Hal'].map((n) => account(service.http, n, true)));
    const everyone = [...people, ...bots];
    const byId = new Map(everyone.map((p) => [p.playerId, p]));
    // An hour a move: a game left running while the clock passes the rests never times out.
    const id = (await service.http.post('/v1/tournaments').set(people[0].auth).send(startingNow({ system: 'arena', minutes: 720, turnSeconds: 3600, startsAt: clock.now().toISOString() })).expect(201)).body.id as string;
    for (const p of everyone) await service.http.post(`/v1/tournaments/${id}/join`).set(p.auth).expect(200);
    for (const p of everyone) await connect(p);
    await tick();
    const [g1, g2] = await running(id);
    expect(g2).toBeDefined();

    // The first game ends; the second half a rest later.
    await resign(g1.gameId, byId.get(g1.first)!);
    await tick();
    const end1 = (await ended(id, g1.gameId))!;
    clock.advance(REST_MS / 2000);
    await resign(g2.gameId, byId.get(g2.first)!);
    await tick();
    const end2 = (await ended(id, g2.gameId))!;
    // The first pair rested and is free; the second still rests: no rematch, nothing paired.
    past(new Date(end1.getTime() + REST_MS));
    expect((await tick()).looked).toBeGreaterThan(0);
    expect(await running(id)).toEqual([]);
    // The second pair free too (the first pair's hold not over): paired across, no rematch.
    past(new Date(end2.getTime() + REST_MS));
    expect(clock.now().getTime()).toBeLessThan(end1.getTime() + REST_MS + HOLD_MS);
    await tick();
    const across = await running(id);
    expect(across).toHaveLength(2);
    for (const p of across) {
      expect([players(g1), players(g2)]).not.toContainEqual(players(p));
      // Still no two bots together.
      expect(bots.some((b) => b.playerId === p.first) && bots.some((b) => b.playerId === p.second)).toBe(false);
    }

    // One of them ends; the other game goes on: the pair is held until its hold ends, and the
    // due queue holds that moment.
    const [g3, g4] = across;
    await resign(g3.gameId, byId.get(g3.second)!);
    await tick();
    const end3 = (await ended(id, g3.gameId))!;
    past(new Date(end3.getTime() + REST_MS));
    await tick();
    expect(await running(id)).toEqual([g4]);
    const holdEnd = new Date(end3.getTime() + REST_MS + HOLD_MS);
    expect(await nextAt(id)).toBe(holdEnd.toISOString());
    clock.advance((holdEnd.getTime() - clock.now().getTime()) / 1000 - 1);
    await tick();
    expect(await running(id)).toEqual([g4]);
    past(holdEnd);
    expect((await tick()).looked).toBeGreaterThan(0);
    const now = await running(id);
    expect(now).toHaveLength(2);
    expect(now.map(players)).toContainEqual(players(g3));
  });
});
