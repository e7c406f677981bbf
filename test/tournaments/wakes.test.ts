// An idle arena is due only at its end, so whatever makes a player free to be paired must make it
// due at once: the player's stream opening, and the player's game in another tournament ending.
// The director is stepped by hand and the service's clock moved by the test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/matches.ts';
import { testConfig, startTestService, type TestPlayer, type TestService } from '../support/service.ts';
import { openSse } from '../support/sse.ts';
import { account, startingNow, until } from '../support/tournaments.ts';

let service: TestService;
const clock = testClock();

beforeAll(async () => {
  service = await startTestService({ now: clock.now, config: { tournaments: { ...testConfig().tournaments, tickMs: 1000, minuteMs: 60_000 } } });
  await service.parts.director.stop();
});
afterAll(() => service?.close());

const arena = async (p: TestPlayer) =>
  (await service.http.post('/v1/tournaments').set(p.auth).send(startingNow({ system: 'arena', minutes: 720, startsAt: clock.now().toISOString() })).expect(201)).body.id as string;
const join = (p: TestPlayer, id: string) => service.http.post(`/v1/tournaments/${id}/join`).set(p.auth).expect(200);
const pairings = async (id: string) => (await service.http.get(`/v1/tournaments/${id}`).expect(200)).body.pairings as Array<{ first: string; second: string; gameId: string }>;
const tick = () => service.parts.director.tick();
/** The presence row an open player stream keeps, for a day; its removal, as a stream's end. */
const connect = (p: TestPlayer) => service.database.query(`insert into bot_presence (id, player_id, lease_until) values ($1, $2, now() + interval '1 day')`, [crypto.randomUUID(), p.playerId]);
const disconnect = (p: TestPlayer) => service.database.query('delete from bot_presence where player_id = $1', [p.playerId]);

describe('an idle arena', () => {
  it('pairs two entrants at the next tick once they open their player streams', async () => {
    const [anna, bert] = await Promise.all(['Anna', 'Bert'].map((n) => account(service.http, n)));
    const id = await arena(anna);
    for (const p of [anna, bert]) await join(p, id);
    await tick();
    expect(await pairings(id)).toEqual([]);
    // Idle now: due at its end only, 720 minutes ahead.
    const streams = await Promise.all([anna, bert].map((p) => openSse(`${service.url}/v1/players/me/stream`, p.auth)));
    try {
      const [pairing] = await until(async () => (await tick(), (await pairings(id)).length > 0 && pairings(id)), 10_000, 'the pairing of the two connected');
      expect([pairing.first, pairing.second].sort()).toEqual([anna.playerId, bert.playerId].sort());
    } finally {
      for (const s of streams) s.close();
    }
  });

  it("pairs an entrant the tick after its game in another arena is recorded", async () => {
    const [anna, zeno, bert] = await Promise.all(['Anna', 'Zeno', 'Bert'].map((n) => account(service.http, n)));
    const [first, second] = [await arena(zeno), await arena(bert)];
    for (const p of [anna, zeno, bert]) await connect(p);
    for (const p of [anna, zeno]) await join(p, first);
    await tick();
    const [game] = await pairings(first);
    expect([game.first, game.second].sort()).toEqual([anna.playerId, zeno.playerId].sort());
    // Bert waits alone in the second arena, which Anna joins while she plays in the first.
    for (const p of [bert, anna]) await join(p, second);
    await tick();
    expect(await pairings(second)).toEqual([]);
    // Zeno goes, resigning: the first arena records the game (Anna is free, alone there), the second pairs her.
    await disconnect(zeno);
    await service.http.post(`/v1/games/${game.gameId}/moves`).set(zeno.auth).send({ move: { type: 'resign' } }).expect(200);
    await tick();
    await tick();
    const [paired] = await pairings(second);
    expect([paired.first, paired.second].sort()).toEqual([anna.playerId, bert.playerId].sort());
  });
});
