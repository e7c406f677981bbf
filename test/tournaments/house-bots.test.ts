// House bots in tournaments (POST /v1/tournaments/{id}/house-bots): the creator of a tournament
// that allows bots enters the service's own bots by level; the refusals (not the creator, bots not
// allowed, a level with no bot playing, one in already) change nothing; and a house bot entered in
// a Swiss event plays every round's game as any entrant, to the end, and in an arena game after
// game as its waves pair it.
import { createClient, playGame, type GameView } from '@offiziersskat/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseLevels } from '../../src/house/levels.ts';
import type { HouseBots } from '../../src/house/start.ts';
import { startHouse } from '../house/house-service.ts';
import { expectProblem } from '../support/problems.ts';
import { startTestService, testConfig, type TestPlayer, type TestService } from '../support/service.ts';
import { openSse } from '../support/sse.ts';
import { account, startingNow, tomorrow, until } from '../support/tournaments.ts';

let service: TestService;
let house: HouseBots | undefined;
const streams: { close(): void }[] = [];

beforeAll(async () => {
  service = await startTestService({ config: { tournaments: { ...testConfig().tournaments, tickMs: 50 } } });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await house?.stop();
  await service?.close();
});

const create = (p: TestPlayer, body: Record<string, unknown>) => service.http.post('/v1/tournaments').set(p.auth).send(body);
const addHouseBots = (p: TestPlayer, id: string, levels: unknown) => service.http.post(`/v1/tournaments/${id}/house-bots`).set(p.auth).send({ levels });
const standingsOf = async (id: string) => (await service.http.get(`/v1/tournaments/${id}`).expect(200)).body.standings as { playerId: string; bot: boolean; withdrawn: boolean }[];

/** A house bot's account as the house makes it; `online`: its player stream held open, as the house's process does. */
async function houseBot(level: string, name: string, online: boolean): Promise<string> {
  const playerId = await service.deps.accounts.ensureBotAccount(`house-${level}`, name, level);
  if (online) {
    const { token } = await service.deps.accounts.issue(playerId, 'sign-in');
    const stream = await openSse(`${service.url}/v1/players/me/stream`, { Authorization: `Bearer ${token}` });
    streams.push(stream);
  }
  return playerId;
}

/** The house bot of the random level, its process started as `npm start` starts it (once for the file), online. */
async function randomHouseBot(): Promise<string> {
  house ??= await startHouse(service, houseLevels(['random']));
  const bot = house.players.get('random')!;
  await until(async () => ((await service.http.get('/v1/bots/online').expect(200)).body.items as { playerId: string }[]).some((b) => b.playerId === bot), 60_000, 'the house bot online');
  return bot;
}

describe('POST /v1/tournaments/{id}/house-bots', () => {
  it('enters the house bots of the levels asked for; the refusals change nothing', async () => {
    const greedy = await houseBot('greedy', 'Computer (easy)', true);
    const pimc = await houseBot('pimc', 'Computer (strong)', true);
    await houseBot('star', 'Computer (expert)', false);
    const anna = await account(service.http, 'Anna');
    const bert = await account(service.http, 'Bert');
    const id = (await create(anna, tomorrow({ system: 'arena', minutes: 30 })).expect(201)).body.id as string;

    // The bots online say which is a house bot, and its level.
    const online = (await service.http.get('/v1/bots/online').expect(200)).body.items as { playerId: string; houseLevel: string | null }[];
    expect(online.find((b) => b.playerId === greedy)?.houseLevel).toBe('greedy');

    expectProblem(await addHouseBots(bert, id, ['greedy']), 403, 'NOT_TOURNAMENT_CREATOR');
    expectProblem(await addHouseBots(anna, id, ['grandmaster']), 422, 'HOUSE_BOT_NOT_RUNNING');
    // Star's account exists, but its process does not run: all or none, greedy is not entered either.
    expectProblem(await addHouseBots(anna, id, ['greedy', 'star']), 422, 'HOUSE_BOT_NOT_RUNNING');
    expectProblem(await addHouseBots(anna, id, []), 400, 'VALIDATION_FAILED');
    expectProblem(await addHouseBots(anna, id, ['greedy', 'greedy']), 400, 'VALIDATION_FAILED');
    expectProblem(await service.http.post(`/v1/tournaments/${crypto.randomUUID()}/house-bots`).set(anna.auth).send({ levels: ['greedy'] }), 404, 'TOURNAMENT_NOT_FOUND');
    expect(await standingsOf(id)).toEqual([]);

    const entered = await addHouseBots(anna, id, ['greedy', 'pimc']).expect(200);
    expect(entered.body.players).toBe(2);
    expect((await standingsOf(id)).map((s) => [s.playerId, s.bot])).toEqual(
      expect.arrayContaining([
        [greedy, true],
        [pimc, true],
      ]),
    );
    expectProblem(await addHouseBots(anna, id, ['pimc']), 409, 'ALREADY_ENTERED');
    expect((await service.http.get(`/v1/tournaments/${id}`).expect(200)).body.players).toBe(2);

    // A tournament for people only takes none.
    const people = (await create(anna, tomorrow({ bots: 'none' })).expect(201)).body.id as string;
    expectProblem(await addHouseBots(anna, people, ['greedy']), 422, 'BOTS_NOT_ALLOWED');
    expect(await standingsOf(people)).toEqual([]);
  });

  it('a house bot entered in a Swiss event plays each round’s game as any entrant, to the end', { timeout: 120_000 }, async () => {
    const bot = await randomHouseBot();
    // Three people and the bot, three rounds: the bot meets each person once.
    const people = await Promise.all(['Carla', 'Dora', 'Emil'].map((name) => account(service.http, name)));
    const [carla] = people as [TestPlayer];
    const id = (await create(carla, startingNow({ rounds: 3, gamesPerRound: 1, startsAt: new Date(Date.now() + 2000).toISOString() })).expect(201)).body.id as string;
    for (const p of people) await service.http.post(`/v1/tournaments/${id}/join`).set(p.auth).expect(200);
    await addHouseBots(carla, id, ['random']).expect(200);

    // The people play their games with random moves; the bot plays its side by itself.
    const clients = new Map(people.map((p) => [p.playerId, createClient({ baseUrl: service.url }).withToken(p.token)]));
    const pick = (v: GameView) => v.legalMoves[Math.floor(Math.random() * v.legalMoves.length)]!;
    const played = new Set<string>();
    const botGames: string[] = [];
    const finished = await until(
      async () => {
        const t = (await service.http.get(`/v1/tournaments/${id}`).expect(200)).body;
        if (t.status === 'finished') return t;
        const open = (t.pairings ?? []).filter((p: { gameId: string | null; finished: boolean }) => p.gameId && !p.finished && !played.has(p.gameId));
        await Promise.all(
          open.map(async (p: { gameId: string; first: string; second: string | null }) => {
            played.add(p.gameId);
            if (p.first === bot || p.second === bot) botGames.push(p.gameId);
            const seats = [p.first, p.second].flatMap((who) => (who && clients.has(who) ? [clients.get(who)!] : []));
            const ends = await Promise.all(seats.map(async (me) => playGame(me, await me.getGame(p.gameId), pick)));
            for (const end of ends) expect(end.status).toBe('finished');
          }),
        );
        return null;
      },
      100_000,
      'the Swiss event to finish',
    );
    expect(finished.endedEarly).toBeUndefined();
    expect(botGames).toHaveLength(3);
    expect(finished.standings.find((s: { playerId: string }) => s.playerId === bot)).toMatchObject({ games: 3, withdrawn: false });
  });

  it('a house bot entered in an arena plays game after game as the waves pair it', { timeout: 120_000 }, async () => {
    const bot = await randomHouseBot();
    const fred = await account(service.http, 'Fred');
    const id = (await create(fred, startingNow({ system: 'arena', minutes: 10, startsAt: new Date(Date.now() + 2000).toISOString() })).expect(201)).body.id as string;
    await service.http.post(`/v1/tournaments/${id}/join`).set(fred.auth).expect(200);
    await addHouseBots(fred, id, ['random']).expect(200);
    // An arena pairs only players whose stream is open: Fred's, as his browser would hold it.
    streams.push(await openSse(`${service.url}/v1/players/me/stream`, fred.auth));

    const me = createClient({ baseUrl: service.url }).withToken(fred.token);
    const pick = (v: GameView) => v.legalMoves[Math.floor(Math.random() * v.legalMoves.length)]!;
    const played = new Set<string>();
    await until(
      async () => {
        const t = (await service.http.get(`/v1/tournaments/${id}`).expect(200)).body;
        const next = (t.pairings ?? []).find((p: { gameId: string | null; finished: boolean; first: string; second: string | null }) => p.gameId && !p.finished && !played.has(p.gameId) && [p.first, p.second].includes(bot));
        if (next) {
          played.add(next.gameId);
          expect((await playGame(me, await me.getGame(next.gameId), pick)).status).toBe('finished');
        }
        return played.size >= 2 && (await standingsOf(id)).find((s) => s.playerId === bot);
      },
      100_000,
      'two arena games of the house bot',
    );
    const line = ((await service.http.get(`/v1/tournaments/${id}`).expect(200)).body.standings as { playerId: string; games: number }[]).find((s) => s.playerId === bot);
    expect(line?.games).toBeGreaterThanOrEqual(1);
    expect(played.size).toBe(2);
  });
});
