// Retention: a waiting game or match nobody joined expires (called off, its players told on
// their streams), kept idempotent answers go after their time, and of two processes sweeping at
// once only one does (an advisory lock).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../src/games/tables.ts';
import { testClock } from '../support/matches.ts';
import { Client, twoInstances, type TestService } from '../support/service.ts';
import { openSse } from '../support/sse.ts';

const clock = testClock();
let a: TestService;
let b: TestService;
let instances: Awaited<ReturnType<typeof twoInstances>>;
let client: Client;

beforeAll(async () => {
  instances = await twoInstances({
    now: clock.now,
    timing: { heartbeatMs: 300 },
    config: { retention: { idempotencyTtlSeconds: 3600, sweepIntervalSeconds: 0 }, games: { cacheSize: 1000, waitingTtlSeconds: 60 } },
  });
  ({ a, b } = instances);
  client = new Client(a.http);
});
afterAll(() => instances?.close());

const statusOf = async (path: string) => (await a.http.get(path).expect(200)).body.status as string;

describe('the sweeper', () => {
  it('expires waiting games and matches nobody joined in time, and tells their players', async () => {
    const anna = await client.player('Anna');
    const bert = await client.player('Bert');
    const bertStream = await openSse(`${b.url}/v1/players/me/stream`, bert.auth);
    try {
      const open = await client.createGame(anna, {});
      const challenge = await client.createGame(anna, { opponent: bert.playerId });
      const match = (await a.http.post('/v1/matches').set(anna.auth).send({ games: 2, opponent: bert.playerId }).expect(201)).body;
      const started = await client.startedGame();
      clock.advance(61);
      const fresh = await client.createGame(anna, {});

      const outcome = await a.parts.sweeper.sweep();
      expect(outcome).toMatchObject({ swept: true, ended: { games: 2, matches: 1 } });
      expect(await statusOf(`/v1/games/${open.id}`)).toBe('cancelled');
      expect(await statusOf(`/v1/games/${challenge.id}`)).toBe('cancelled');
      expect(await statusOf(`/v1/matches/${match.id}`)).toBe('cancelled');
      expect(await statusOf(`/v1/games/${started.gameId}`)).toBe('cutting');
      expect(await statusOf(`/v1/games/${fresh.id}`)).toBe('waiting');
      const log = (await a.http.get(`/v1/games/${open.id}/events`).expect(200)).body;
      expect(log.events.at(-1).event).toEqual({ type: 'cancelled', by: null, reason: 'expired' });

      await bertStream.until((m) => m.filter((x) => x.data?.includes('"expired"')).length >= 2);
      const expired = bertStream.messages.filter((m) => m.event === 'challengeCancelled').map((m) => JSON.parse(m.data!));
      expect(expired).toEqual(
        expect.arrayContaining([
          { type: 'challengeCancelled', kind: 'game', id: challenge.id, by: null, reason: 'expired' },
          { type: 'challengeCancelled', kind: 'match', id: match.id, by: null, reason: 'expired' },
        ]),
      );
      // A second sweep finds nothing more to do.
      expect(await a.parts.sweeper.sweep()).toMatchObject({ swept: true, ended: { games: 0, matches: 0 } });
    } finally {
      await bertStream.close();
    }
  });

  it('forgets kept idempotent answers after their time, and only those', async () => {
    const g = await client.startedGame();
    await client.move(g.gameId, g.forehand, { type: 'cut', at: 10 }).set('Idempotency-Key', 'old').expect(200);
    const database = instances.dbs[0];
    await database.db.update(idempotencyKeys).set({ createdAt: new Date(Date.now() - 2 * 3600_000) }).where(eq(idempotencyKeys.key, 'old'));
    const g2 = await client.startedGame();
    await client.move(g2.gameId, g2.forehand, { type: 'cut', at: 10 }).set('Idempotency-Key', 'new').expect(200);
    const outcome = await b.parts.sweeper.sweep();
    expect(outcome.ended.answers).toBeGreaterThanOrEqual(1);
    expect(await a.parts.gameStore.getIdempotent(g.forehand.playerId, 'old')).toBeNull();
    expect(await a.parts.gameStore.getIdempotent(g2.forehand.playerId, 'new')).not.toBeNull();
  });

  it('runs on one process at a time: of two sweeping at once, one sweeps and the other lets it', async () => {
    // Three players (a player keeps at most MAX_WAITING_GAMES waiting), ten games each.
    const games = [];
    for (let p = 0; p < 3; p++) {
      const player = await client.player(`Anna${p}`);
      for (let i = 0; i < 10; i++) games.push(await client.createGame(player, {}));
    }
    clock.advance(61);
    const [one, two] = await Promise.all([a.parts.sweeper.sweep(), b.parts.sweeper.sweep()]);
    expect([one.swept, two.swept].sort()).toEqual([false, true]);
    // Those 30, and any game the earlier tests left waiting.
    expect((one.ended.games ?? 0) + (two.ended.games ?? 0)).toBeGreaterThanOrEqual(30);
    for (const game of games) {
      const log = (await a.http.get(`/v1/games/${game.id}/events`).expect(200)).body;
      expect(log.events.filter((e: { event: { type: string } }) => e.event.type === 'cancelled')).toHaveLength(1);
    }
  });
});
