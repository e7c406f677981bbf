// The house bots (HOUSE_BOTS): bot accounts of the service, made once, online with a rated seek in
// every variant; a person signs up, seeks a rated game and plays it to its end against one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseLevels } from '../../src/house/levels.ts';
import type { HouseBots } from '../../src/house/start.ts';
import { startTestService, type TestService } from '../support/service.ts';
import { personPlaysHouseBot, startHouse, until } from './house-service.ts';

let service: TestService;
let house: HouseBots | undefined;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await house?.stop();
  await service?.close();
});

const start = () => startHouse(service, houseLevels(['random', 'greedy']));

type Online = { playerId: string; name: string; bot: boolean; variants: string[]; seeks: { variant: string; rated: boolean; turnSeconds: number | null }[] };

const online = (wanted: (bots: Online[]) => boolean) =>
  until(async () => (await service.http.get('/v1/bots/online').expect(200)).body.items as Online[], wanted, 90_000);

describe('house bots', () => {
  it('are online with a rated seek in every variant, play a rated game to its end, and are the same accounts after a restart', async () => {
    house = await start();
    const ids = [...house.players.values()];
    expect([...house.players.keys()]).toEqual(['random', 'greedy']);
    const everyVariant = (bots: Online[]) => ids.every((id) => bots.find((b) => b.playerId === id)?.variants.length === 3);
    const bots = await online(everyVariant);
    for (const id of ids)
      expect(bots.find((b) => b.playerId === id)).toMatchObject({ bot: true, variants: ['classic', 'halfOpen', 'bidding'], seeks: expect.arrayContaining([expect.objectContaining({ rated: true, turnSeconds: 60 })]) });
    expect(bots.filter((b) => ids.includes(b.playerId)).map((b) => b.name).sort()).toEqual(['Computer (beginner)', 'Computer (easy)']);

    // A person: an account, a rated seek like theirs, paired at once, played with random moves.
    const { personId, botId, gameId } = await personPlaysHouseBot(service, 'h');
    const game = (await service.http.get(`/v1/games/${gameId}`).expect(200)).body;
    expect(game.rated).toBe(true);
    expect(ids).toContain(botId);
    const profile = (await service.http.get(`/v1/players/${personId}`).expect(200)).body;
    expect(profile.ratings.classic.games).toBe(1);

    // Started again (a restart): the same accounts, online again.
    await house.stop();
    house = await start();
    expect([...house.players.values()]).toEqual(ids);
    expect(everyVariant(await online(everyVariant))).toBe(true);
  });

  it('an account made under an older name ("Computer (pimc)", no level) is renamed, its level stored, on the next start', async () => {
    const accounts = service.deps.accounts;
    const playerId = await accounts.ensureBotAccount('house-pimc', 'Computer (pimc)');
    expect((await service.http.get(`/v1/players/${playerId}`).expect(200)).body.name).toBe('Computer (pimc)');
    const [pimc] = houseLevels(['pimc']);
    expect(await accounts.ensureBotAccount(pimc!.username, pimc!.name, pimc!.level)).toBe(playerId);
    expect((await service.http.get(`/v1/players/${playerId}`).expect(200)).body.name).toBe('Computer (strong)');
    expect(await service.parts.players.houseBots(new Date())).toContainEqual({ playerId, level: 'pimc', online: false });
  });

  it('HOUSE_BOTS names known levels only', () => {
    expect(houseLevels(['all']).map((l) => l.level)).toEqual(['random', 'greedy', 'pimc', 'star']);
    expect(() => houseLevels(['random', 'grandmaster'])).toThrow(/no level grandmaster/);
  });
});
