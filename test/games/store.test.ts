import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db/client.ts';
import { IdempotencyConflictError, VersionConflictError } from '../../src/platform/db/errors.ts';
import { GameStore } from '../../src/games/store.ts';
import { PlayerEventStore, type PlayerEvent } from '../../src/platform/streams/player-events.ts';
import type { PlayerStore } from '../../src/accounts/player-store.ts';
import { gameEvents } from '../../src/games/tables.ts';
import { DEFAULT_CONFIG, type GameEvent } from '../../src/engine/types.ts';
import { openTestStores, testDriver, type TestStores } from '../support/db.ts';
import { newId, seatedGame } from '../support/fixtures.ts';

let stores: TestStores;
let database: Database;
let players: PlayerStore;
let games: GameStore;
beforeAll(async () => {
  stores = await openTestStores();
  ({ database, players, games } = stores);
});
afterAll(() => stores?.close());

const cut: GameEvent = { type: 'cut', seat: 'forehand', at: 17 };
const stockDealt: GameEvent = { type: 'dealt', seat: null, to: 'stock', stacks: [], cards: ['HA', 'D7'] };
const played: GameEvent = { type: 'played', seat: 'dealer', card: 'CJ' };

describe(`games (${testDriver})`, () => {
  it('creates a game and loads it with no events', async () => {
    const { game, forehand, dealer } = await seatedGame(stores, { config: { ...DEFAULT_CONFIG, practice: true } });
    expect(game).toMatchObject({
      version: 0,
      status: 'cutting',
      forehandPlayerId: forehand.id,
      dealerPlayerId: dealer.id,
      reservedPlayerId: null,
      matchId: null,
      config: { ...DEFAULT_CONFIG, practice: true },
    });
    expect(await games.loadGame(game.id)).toEqual({ game, events: [] });
    expect(await games.loadGame('missing')).toBeNull();
  });

  it('appends events in order and bumps version and status', async () => {
    const { game } = await seatedGame(stores);
    const first = await games.appendEvents({ gameId: game.id, expectedVersion: 0, events: [cut, stockDealt], status: 'declaring' });
    expect(first).toMatchObject({ version: 2, status: 'declaring' });
    expect(first.updatedAt.getTime()).toBeGreaterThanOrEqual(game.updatedAt.getTime());
    const second = await games.appendEvents({ gameId: game.id, expectedVersion: 2, events: [played], status: 'playing' });
    expect(second.version).toBe(3);

    const loaded = await games.loadGame(game.id);
    expect(loaded?.game).toEqual(second);
    // jsonb payloads come back as the same engine objects, in seq order.
    expect(loaded?.events).toEqual([cut, stockDealt, played]);
  });

  it('stores each event with its seq, type and acting seat', async () => {
    const { game } = await seatedGame(stores);
    await games.appendEvents({ gameId: game.id, expectedVersion: 0, events: [cut, stockDealt, played], status: 'playing' });
    const rows = await database.db
      .select({ seq: gameEvents.seq, type: gameEvents.type, seat: gameEvents.seat })
      .from(gameEvents)
      .where(eq(gameEvents.gameId, game.id))
      .orderBy(gameEvents.seq);
    expect(rows).toEqual([
      { seq: 1, type: 'cut', seat: 'forehand' },
      { seq: 2, type: 'dealt', seat: null },
      { seq: 3, type: 'played', seat: 'dealer' },
    ]);
  });

  it('refuses a stale expectedVersion and keeps nothing', async () => {
    const { game } = await seatedGame(stores);
    await games.appendEvents({ gameId: game.id, expectedVersion: 0, events: [cut], status: 'declaring' });
    await expect(
      games.appendEvents({ gameId: game.id, expectedVersion: 0, events: [played, played], status: 'finished' }),
    ).rejects.toBeInstanceOf(VersionConflictError);
    const loaded = await games.loadGame(game.id);
    expect(loaded?.game).toMatchObject({ version: 1, status: 'declaring' });
    expect(loaded?.events).toEqual([cut]);
  });

  it('lets exactly one of two concurrent appends at the same version win', async () => {
    const { game } = await seatedGame(stores);
    const writers = await Promise.allSettled(
      [cut, played].map((event) =>
        new GameStore(database).appendEvents({ gameId: game.id, expectedVersion: 0, events: [event, stockDealt], status: 'bidding' }),
      ),
    );
    const won = writers.filter((w) => w.status === 'fulfilled');
    const lost = writers.filter((w): w is PromiseRejectedResult => w.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason).toBeInstanceOf(VersionConflictError);

    const loaded = await games.loadGame(game.id);
    expect(loaded?.game.version).toBe(2);
    expect(loaded?.events).toHaveLength(2);
    expect(loaded?.events[1]).toEqual(stockDealt);
  });

  it('holds many racing writers to one event per version', async () => {
    const { game } = await seatedGame(stores);
    for (let version = 0; version < 3; version++) {
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, (_, at) =>
          new GameStore(database).appendEvents({
            gameId: game.id,
            expectedVersion: version,
            events: [{ type: 'cut', seat: 'dealer', at }],
            status: 'cutting',
          }),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    }
    const loaded = await games.loadGame(game.id);
    expect(loaded?.game.version).toBe(3);
    expect(loaded?.events).toHaveLength(3);
  });

  it('turns a lost race for an event seq (the primary key) into a VersionConflictError', async () => {
    const { game } = await seatedGame(stores);
    // An event at seq 1 without the version moved: only the primary key can stop the append.
    await database.db.insert(gameEvents).values({ gameId: game.id, seq: 1, type: 'cut', seat: 'dealer', payload: cut });
    await expect(
      games.appendEvents({ gameId: game.id, expectedVersion: 0, events: [played], status: 'playing' }),
    ).rejects.toBeInstanceOf(VersionConflictError);
    expect(await games.getGame(game.id)).toEqual(game);
  });

  it('rolls the whole append back when a later statement fails', async () => {
    const { game } = await seatedGame(stores);
    // The idempotency record names a player that does not exist: a foreign-key error after
    // the game row and the events were written.
    await expect(
      games.appendEvents({
        gameId: game.id,
        expectedVersion: 0,
        events: [cut],
        status: 'declaring',
        idempotency: { playerId: 'ghost', key: 'k', requestHash: 'h', status: 200, body: {} },
      }),
    ).rejects.toThrow();
    const loaded = await games.loadGame(game.id);
    expect(loaded?.game).toEqual(game);
    expect(loaded?.events).toEqual([]);
  });
});

describe(`joining (${testDriver})`, () => {
  async function openGame() {
    const creator = await players.createPlayer({ name: 'Anna' });
    const game = await games.createGame({
      id: newId(),
      config: DEFAULT_CONFIG,
      status: 'waiting',
      serverSeed: 'b'.repeat(64),
      seedCommitment: 'd'.repeat(64),
      forehandPlayerId: creator.id,
      dealerPlayerId: null,
      reservedPlayerId: null,
    });
    return { creator, game };
  }

  it('fills the free seat without appending an event', async () => {
    const { game } = await openGame();
    const bert = await players.createPlayer({ name: 'Bert' });
    const joined = await games.appendEvents({
      gameId: game.id,
      expectedVersion: 0,
      events: [],
      status: 'cutting',
      patch: { dealerPlayerId: bert.id, reservedPlayerId: null },
    });
    expect(joined).toMatchObject({ version: 0, status: 'cutting', dealerPlayerId: bert.id });
  });

  it('seats exactly one of two players racing for the same free seat', async () => {
    const { game } = await openGame();
    const bert = await players.createPlayer({ name: 'Bert' });
    const clara = await players.createPlayer({ name: 'Clara' });
    const results = await Promise.allSettled(
      [bert, clara].map((p) =>
        new GameStore(database).appendEvents({
          gameId: game.id,
          expectedVersion: 0,
          events: [],
          status: 'cutting',
          patch: { dealerPlayerId: p.id },
        }),
      ),
    );
    const won = results.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<GameStore['appendEvents']>>> => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost[0]?.reason).toBeInstanceOf(VersionConflictError);
    const stored = await games.getGame(game.id);
    expect(stored?.dealerPlayerId).toBe(won[0]!.value.dealerPlayerId);
  });

  it('writes the seat, the events, the kept answer and the notices together, or none of them', async () => {
    const { game, creator } = await openGame();
    const bert = await players.createPlayer({ name: 'Bert' });
    const logs = new PlayerEventStore(database.db);
    const start = (seat: 'forehand' | 'dealer', opponent: string): PlayerEvent => ({ type: 'gameStart', gameId: game.id, seat, opponent, matchId: null, number: null });
    const write = (expectedVersion: number, key: string) =>
      games.write({
        gameId: game.id,
        expectedVersion,
        events: [cut],
        status: 'declaring',
        patch: { dealerPlayerId: bert.id, reservedPlayerId: null },
        idempotency: { playerId: bert.id, key, requestHash: 'h', status: 200, body: JSON.stringify({ first: true }) },
        notices: [
          { playerId: creator.id, event: start('forehand', bert.id) },
          { playerId: bert.id, event: start('dealer', creator.id) },
        ],
      });
    // The guard fails (a stale version): nothing at all is written.
    await expect(write(3, 'stale')).rejects.toBeInstanceOf(VersionConflictError);
    expect(await games.getGame(game.id)).toMatchObject({ version: 0, dealerPlayerId: null, status: 'waiting' });
    expect(await games.getIdempotent(bert.id, 'stale')).toBeNull();
    expect(await logs.version(creator.id)).toBe(0);
    expect(await logs.version(bert.id)).toBe(0);

    // It goes through: everything is there, and the logs' versions come back to be announced.
    const { noticed } = await write(0, 'first');
    expect(noticed).toEqual([creator.id, bert.id].sort().map((id) => [id, 1]));
    const loaded = await games.loadGame(game.id);
    expect(loaded?.game).toMatchObject({ version: 1, status: 'declaring', dealerPlayerId: bert.id, reservedPlayerId: null });
    expect(loaded?.events).toEqual([cut]);
    // The answer is kept as the very text sent (a jsonb string), so its keys keep their order.
    const [kept] = await database.query<{ type: string; text: string }>(
      `select jsonb_typeof(body) as type, body #>> '{}' as text from idempotency_keys where player_id = $1 and key = 'first'`,
      [bert.id],
    );
    expect(kept).toEqual({ type: 'string', text: JSON.stringify({ first: true }) });
    expect((await logs.events(bert.id)).map((e) => e.event)).toEqual([start('dealer', creator.id)]);

    // The seat is taken now: a second join at the current version is refused whole.
    const clara = await players.createPlayer({ name: 'Clara' });
    await expect(
      games.write({ gameId: game.id, expectedVersion: 1, events: [played], status: 'playing', patch: { dealerPlayerId: clara.id }, notices: [{ playerId: clara.id, event: start('dealer', creator.id) }] }),
    ).rejects.toBeInstanceOf(VersionConflictError);
    expect((await games.loadGame(game.id))?.events).toEqual([cut]);
    expect(await logs.version(clara.id)).toBe(0);
  });

  it('refuses a seat that is already taken', async () => {
    const { game } = await openGame();
    const bert = await players.createPlayer({ name: 'Bert' });
    await expect(
      games.appendEvents({ gameId: game.id, expectedVersion: 0, events: [], status: 'cutting', patch: { forehandPlayerId: bert.id } }),
    ).rejects.toBeInstanceOf(VersionConflictError);
  });
});

describe(`idempotency (${testDriver})`, () => {
  it('stores the first answer with the append and returns it', async () => {
    const { game, forehand } = await seatedGame(stores);
    const body = { version: 1, events: [cut], view: { nested: [1, 'two', null] } };
    expect(await games.getIdempotent(forehand.id, 'key-1')).toBeNull();
    await games.appendEvents({
      gameId: game.id,
      expectedVersion: 0,
      events: [cut],
      status: 'declaring',
      idempotency: { playerId: forehand.id, key: 'key-1', requestHash: 'hash-1', status: 200, body },
    });
    const record = await games.getIdempotent(forehand.id, 'key-1');
    expect(record).toMatchObject({ playerId: forehand.id, key: 'key-1', gameId: game.id, requestHash: 'hash-1', status: 200, body });
    // Keys are per player.
    expect(await games.getIdempotent('someone-else', 'key-1')).toBeNull();
  });

  it('refuses a key already used, keeping nothing of the second write', async () => {
    const { game, forehand } = await seatedGame(stores);
    const record = { playerId: forehand.id, key: 'again', requestHash: 'h', status: 200, body: { n: 1 } };
    await games.appendEvents({ gameId: game.id, expectedVersion: 0, events: [cut], status: 'declaring', idempotency: record });
    await expect(
      games.appendEvents({
        gameId: game.id,
        expectedVersion: 1,
        events: [played],
        status: 'playing',
        idempotency: { ...record, body: { n: 2 } },
      }),
    ).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect((await games.getGame(game.id))?.version).toBe(1);
    expect((await games.getIdempotent(forehand.id, 'again'))?.body).toEqual({ n: 1 });
  });
});

// A plain move (without a MoveAppender it goes as appendEvents): the same guards, the version back.
describe(`appendMove (${testDriver})`, () => {
  it('appends in order, bumps version, status and updated_at, and returns the version', async () => {
    const { game } = await seatedGame(stores);
    const at = new Date(game.updatedAt.getTime() + 60_000);
    expect(await games.appendMove({ gameId: game.id, expectedVersion: 0, events: [cut, stockDealt], status: 'declaring', at })).toBe(2);
    expect(await games.appendMove({ gameId: game.id, expectedVersion: 2, events: [played], status: 'playing' })).toBe(3);
    const loaded = await games.loadGame(game.id);
    expect(loaded?.game).toMatchObject({ version: 3, status: 'playing' });
    expect(loaded!.game.updatedAt.getTime()).toBeGreaterThanOrEqual(at.getTime() - 60_000);
    expect(loaded?.events).toEqual([cut, stockDealt, played]);
  });

  it('writes the time it is given', async () => {
    const { game } = await seatedGame(stores);
    const at = new Date('2031-02-03T04:05:06.789Z');
    await games.appendMove({ gameId: game.id, expectedVersion: 0, events: [cut], status: 'declaring', at });
    expect((await games.getGame(game.id))?.updatedAt.toISOString()).toBe(at.toISOString());
  });

  it('refuses a stale expectedVersion and keeps nothing', async () => {
    const { game } = await seatedGame(stores);
    await games.appendMove({ gameId: game.id, expectedVersion: 0, events: [cut], status: 'declaring' });
    await expect(games.appendMove({ gameId: game.id, expectedVersion: 0, events: [played], status: 'finished' })).rejects.toBeInstanceOf(
      VersionConflictError,
    );
    const loaded = await games.loadGame(game.id);
    expect(loaded?.game).toMatchObject({ version: 1, status: 'declaring' });
    expect(loaded?.events).toEqual([cut]);
  });

  it('holds many racing writers to one append per version', async () => {
    const { game } = await seatedGame(stores);
    for (let version = 0; version < 6; version += 2) {
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, (_, at) =>
          new GameStore(database).appendMove({ gameId: game.id, expectedVersion: version, events: [{ type: 'cut', seat: 'dealer', at }, stockDealt], status: 'cutting' }),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(VersionConflictError);
    }
    const loaded = await games.loadGame(game.id);
    expect(loaded?.game.version).toBe(6);
    expect(loaded?.events.map((e) => e.type)).toEqual(['cut', 'dealt', 'cut', 'dealt', 'cut', 'dealt']);
  });

  it('turns a lost race for an event seq (the primary key) into a VersionConflictError', async () => {
    const { game } = await seatedGame(stores);
    await database.db.insert(gameEvents).values({ gameId: game.id, seq: 1, type: 'cut', seat: 'dealer', payload: cut });
    await expect(games.appendMove({ gameId: game.id, expectedVersion: 0, events: [played], status: 'playing' })).rejects.toBeInstanceOf(
      VersionConflictError,
    );
    expect(await games.getGame(game.id)).toEqual(game);
  });

  it('appends nothing to a game that does not exist, and needs at least one event', async () => {
    await expect(games.appendMove({ gameId: newId(), expectedVersion: 0, events: [cut], status: 'declaring' })).rejects.toBeInstanceOf(
      VersionConflictError,
    );
    const { game } = await seatedGame(stores);
    await expect(games.appendMove({ gameId: game.id, expectedVersion: 0, events: [], status: 'cutting' })).rejects.toThrow(/at least one/);
  });
});
