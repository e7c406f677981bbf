// `npm run bot -- --seek`: two bots of the pairing pool, each keeping one seek open while idle,
// are paired with each other game after game and play them to the end; when they stop, no seek
// of theirs is left in the pool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeekBot } from '../../src/bots/seek-bot.ts';
import { testClock } from '../support/matches.ts';
import { startTestService, type TestService } from '../support/service.ts';

/** The service's clock: the second test moves it past a seek's time (60 s here). */
const clock = testClock();
let service: TestService;
beforeAll(async () => {
  // It starts 3 s behind the bots' clock (a server's may be): to them no pairing is ever from the
  // last 2 s, so after a short game a bot does not wait out the grace its seek keeper gives a
  // gameStart still on its way (2 s after the pairing; here it has come and its game is over).
  clock.advance(-3);
  service = await startTestService({ now: clock.now, config: { seeks: { ttlSeconds: 60 } } });
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

  it('seeks again as soon as its stream says its seek ended (seekEnded), not at the time it had planned', async () => {
    const stop = new AbortController();
    const lines: string[] = [];
    const bot = runSeekBot({ server: service.url, name: 'patient seeker', strategy: 'random', seek: { variant: 'classic', turnSeconds: 88 }, signal: stop.signal, log: (l) => lines.push(l) });
    try {
      const waitingSeeks = async () =>
        ((await service.http.get('/v1/seeks?limit=100').expect(200)).body.items as { seekId: string; player: { name: string } }[]).filter((s) => s.player.name === 'patient seeker');
      const until = async <T>(look: () => Promise<T | undefined>, what: string): Promise<T> => {
        const end = Date.now() + 5000;
        for (;;) {
          const found = await look();
          if (found !== undefined) return found;
          if (Date.now() > end) throw new Error(`timed out waiting for ${what}; the bot said: ${lines.join(' | ')}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      const first = await until(async () => (await waitingSeeks())[0], 'the first seek');
      // Its time is up (for the service; the bot's own timer would look again in a minute).
      clock.advance(61);
      await service.parts.sweeper.sweep();
      const next = await until(async () => (await waitingSeeks()).find((s) => s.seekId !== first.seekId), 'a new seek');
      expect(next.seekId).not.toBe(first.seekId);
      expect((await service.http.get(`/v1/seeks/${first.seekId}`).expect(200)).body.status).toBe('expired');
    } finally {
      stop.abort();
      await bot;
    }
  }, 60_000);
});
