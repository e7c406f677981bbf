// `npm run bot -- --seek`: two bots of the pairing pool, each keeping one seek open while idle,
// are paired with each other game after game and play them to the end; when they stop, no seek
// of theirs is left in the pool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeekBot } from '../../src/cli/seek-bot.ts';
import { startTestService, type TestService } from '../support/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service?.close());

describe('the seek bot', () => {
  it('keeps one seek open while idle: two of them play 3 games against each other, then leave the pool empty', async () => {
    const seek = { variant: 'halfOpen' as const, turnSeconds: 77 };
    const [greedy, random] = await Promise.all([
      runSeekBot({ server: service.url, name: 'greedy seeker', strategy: 'greedy', seek, games: 3 }),
      runSeekBot({ server: service.url, name: 'random seeker', strategy: 'random', seek, games: 3 }),
    ]);
    expect(greedy.games).toBe(3);
    expect(random.games).toBe(3);
    expect(new Set(greedy.gameIds)).toEqual(new Set(random.gameIds));
    for (const gameId of greedy.gameIds) {
      const view = (await service.http.get(`/v1/games/${gameId}`).expect(200)).body;
      expect(view).toMatchObject({ status: 'finished', turnSeconds: 77, config: { variant: 'halfOpen' } });
      expect([view.players.forehand.playerId, view.players.dealer.playerId].sort()).toEqual([greedy.playerId, random.playerId].sort());
    }
    const pool = (await service.http.get('/v1/seeks?limit=100').expect(200)).body.items;
    expect(pool.filter((s: { player: { playerId: string } }) => [greedy.playerId, random.playerId].includes(s.player.playerId))).toEqual([]);
  }, 120_000);
});
