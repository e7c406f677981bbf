// An arena beside bots, its rest and its pause, over the API with the director stepped by hand and
// the service's clock moved by the test:
// - a mixed arena (two people, three bot accounts) played over many waves never pairs two bots,
//   and pairs the people with the bots and with each other by the arena's rule;
// - after a game its two players rest REST before they are paired again (the reader sees the end
//   of its rest as `you.restUntil`), and the due queue wakes the arena when the rest ends;
// - an entrant who pauses is not paired (the read lists it as paused) until it comes back; the refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/matches.ts';
import { rng, testConfig, startTestService, type TestPlayer, type TestService } from '../support/service.ts';
import { account, startingNow } from '../support/tournaments.ts';

/** The rest: long against what a step takes in real time on a loaded machine (the clock is moved past it). */
const REST_MS = 60_000;
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
const arena = async (p: TestPlayer, over: Record<string, unknown> = {}) =>
  (await service.http.post('/v1/tournaments').set(p.auth).send(startingNow({ system: 'arena', minutes: 720, startsAt: clock.now().toISOString(), ...over })).expect(201)).body.id as string;
const join = (p: TestPlayer, id: string) => service.http.post(`/v1/tournaments/${id}/join`).set(p.auth).expect(200);
const read = async (id: string, p?: TestPlayer) => (await service.http.get(`/v1/tournaments/${id}`).set(p?.auth ?? {}).expect(200)).body;
const running = async (id: string) => (await read(id)).pairings as Pairing[];
const tick = () => service.parts.director.tick();
/** The presence row an open player stream keeps, for a day. */
const connect = (p: TestPlayer) => service.database.query(`insert into bot_presence (id, player_id, lease_until) values ($1, $2, now() + interval '1 day')`, [crypto.randomUUID(), p.playerId]);
const resign = (gameId: string, p: TestPlayer) => service.http.post(`/v1/games/${gameId}/moves`).set(p.auth).send({ move: { type: 'resign' } }).expect(200);
const pause = (id: string, p: TestPlayer) => service.http.post(`/v1/tournaments/${id}/pause`).set(p.auth);
const resume = (id: string, p: TestPlayer) => service.http.delete(`/v1/tournaments/${id}/pause`).set(p.auth);

describe('a mixed arena', () => {
  it('never pairs two bots over many waves; people play bots and each other', async () => {
    const people = await Promise.all(['Anna', 'Bert'].map((n) => account(service.http, n)));
    const bots = await Promise.all(['Robo', 'Hal', 'Eliza'].map((n) => account(service.http, n, true)));
    const everyone = [...people, ...bots];
    const byId = new Map(everyone.map((p) => [p.playerId, p]));
    const isBot = new Set(bots.map((b) => b.playerId));
    // An hour a move: a game left running while the clock passes the rests never times out.
    const id = await arena(people[0], { turnSeconds: 3600 });
    for (const p of everyone) await join(p, id);
    for (const p of everyone) await connect(p);
    const pick = rng(11);
    const seen = new Map<string, Pairing>();
    for (let round = 0; round < 24; round++) {
      await tick();
      const now = await running(id);
      for (const p of now) seen.set(p.gameId, p);
      // Each game running ends (one of its two resigns, at random), sometimes left for the next round.
      for (const p of now) if (pick(3) > 0) await resign(p.gameId, byId.get(pick(2) === 0 ? p.first : p.second)!);
      await tick();
      clock.advance(REST_MS / 1000);
    }
    const all = [...seen.values()];
    const kind = (p: Pairing) => [p.first, p.second].filter((x) => isBot.has(x)).length;
    expect(all.filter((p) => kind(p) === 2)).toEqual([]);
    expect(all.filter((p) => kind(p) === 1).length).toBeGreaterThan(10);
    // Every bot played: each waits for a person, and a person is paired with whoever is free.
    for (const b of bots) expect(all.some((p) => p.first === b.playerId || p.second === b.playerId), b.name).toBe(true);
    // The stored pairings agree (none missed by the reads).
    const stored = await service.parts.tournamentStore.pairings(id);
    expect(stored.filter((p) => isBot.has(p.firstPlayerId) && p.secondPlayerId !== null && isBot.has(p.secondPlayerId))).toEqual([]);
  });

  it('leaves a bot waiting alone with other bots until a person is free', async () => {
    const anna = await account(service.http, 'Anna');
    const bots = await Promise.all(['Robo', 'Hal'].map((n) => account(service.http, n, true)));
    const id = await arena(anna);
    for (const p of bots) await join(p, id);
    for (const p of [anna, ...bots]) await connect(p);
    await tick();
    expect(await running(id)).toEqual([]);
    await join(anna, id);
    await tick();
    const [pairing] = await running(id);
    expect([pairing.first, pairing.second]).toContain(anna.playerId);
  });
});

describe("an arena's rest", () => {
  it('pairs nobody again until REST after a game, tells the player when, and is due at the rest end', async () => {
    const [anna, bert] = await Promise.all(['Anna', 'Bert'].map((n) => account(service.http, n)));
    const id = await arena(anna);
    for (const p of [anna, bert]) await join(p, id);
    for (const p of [anna, bert]) await connect(p);
    await tick();
    const [game] = await running(id);
    expect((await read(id, anna)).you).toEqual({ paused: false, restUntil: null });
    await resign(game.gameId, bert);
    await tick();
    // Recorded, not paired again: both rest.
    expect(await running(id)).toEqual([]);
    const you = (await read(id, anna)).you;
    const ended = (await service.parts.tournamentStore.pairings(id))[0].endedAt!;
    expect(you).toEqual({ paused: false, restUntil: new Date(ended.getTime() + REST_MS).toISOString() });
    // The due queue holds the rest end (the arena's own end is hours away).
    expect((await service.parts.tournamentStore.get(id))?.nextAt?.toISOString()).toBe(you.restUntil);
    // Nobody else's reading has `you`; a reader without a token neither.
    expect((await read(id)).you).toBeUndefined();
    clock.advance(REST_MS / 2000);
    await tick();
    expect(await running(id)).toEqual([]);
    clock.advance(REST_MS / 2000 + 1);
    expect((await tick()).looked).toBeGreaterThan(0);
    const [again] = await running(id);
    expect([again.first, again.second].sort()).toEqual([anna.playerId, bert.playerId].sort());
    expect((await read(id, anna)).you).toEqual({ paused: false, restUntil: null });
  });
});

describe("an arena's pause", () => {
  it('pairs a paused entrant no more until it comes back; the read says who is paused', async () => {
    const [anna, bert, cara] = await Promise.all(['Anna', 'Bert', 'Cara'].map((n) => account(service.http, n)));
    const id = await arena(anna);
    for (const p of [anna, bert]) await join(p, id);
    for (const p of [anna, bert]) await connect(p);
    const paused = (await pause(id, bert).expect(200)).body;
    expect(paused.you).toEqual({ paused: true, restUntil: null });
    expect(paused.paused).toEqual([bert.playerId]);
    expect((await read(id)).paused).toEqual([bert.playerId]);
    // Twice changes nothing.
    await pause(id, bert).expect(200);
    await tick();
    expect(await running(id)).toEqual([]);
    const back = (await resume(id, bert).expect(200)).body;
    expect(back.you).toEqual({ paused: false, restUntil: null });
    expect(back.paused).toEqual([]);
    // Back: due at once, paired at the next tick.
    await tick();
    const [game] = await running(id);
    expect([game.first, game.second].sort()).toEqual([anna.playerId, bert.playerId].sort());
    // Paused in a game: the game goes on and counts; no next one.
    await pause(id, anna).expect(200);
    await resign(game.gameId, bert);
    await tick();
    clock.advance(REST_MS / 1000 + 1);
    await tick();
    expect(await running(id)).toEqual([]);
    const after = await read(id);
    expect(after.standings.find((s: { playerId: string }) => s.playerId === anna.playerId)).toMatchObject({ score: 2, games: 1 });
    expect(after.paused).toEqual([anna.playerId]);
    // The refusals: not an entrant, a Swiss event, no such tournament.
    expect((await pause(id, cara).expect(422)).body.code).toBe('NOT_IN_TOURNAMENT');
    expect((await resume(id, cara).expect(422)).body.code).toBe('NOT_IN_TOURNAMENT');
    const swiss = (await service.http.post('/v1/tournaments').set(cara.auth).send(startingNow({ startsAt: clock.now().toISOString() })).expect(201)).body.id;
    await join(cara, swiss);
    expect((await pause(swiss, cara).expect(422)).body.code).toBe('NOT_AN_ARENA');
    expect((await pause(crypto.randomUUID(), cara).expect(404)).body.code).toBe('TOURNAMENT_NOT_FOUND');
    // Withdrawn: join again to play (and then not paused).
    await service.http.post(`/v1/tournaments/${id}/withdraw`).set(anna.auth).expect(204);
    expect((await pause(id, anna).expect(409)).body.code).toBe('ALREADY_WITHDRAWN');
    expect((await join(anna, id)).body.you).toEqual({ paused: false, restUntil: null });
  });

  it('ends with the arena: the finished one lists no pause, and takes none', async () => {
    const [anna, bert] = await Promise.all(['Anna', 'Bert'].map((n) => account(service.http, n)));
    const id = await arena(anna, { minutes: 10 });
    for (const p of [anna, bert]) await join(p, id);
    await pause(id, bert).expect(200);
    clock.advance(11 * 60);
    await tick();
    const final = await read(id, bert);
    expect(final.status).toBe('finished');
    expect(final.you).toBeUndefined();
    expect(final.paused).toBeUndefined();
    expect((await pause(id, bert).expect(422)).body.code).toBe('TOURNAMENT_FINISHED');
    expect((await resume(id, bert).expect(422)).body.code).toBe('TOURNAMENT_FINISHED');
  });
});
