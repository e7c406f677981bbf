// Group commit of moves: several games' appends in one statement, each with its own guard and
// its own answer, on both drivers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db/client.ts';
import { IdempotencyConflictError, VersionConflictError } from '../../src/platform/db/errors.ts';
import { MoveBatcher } from '../../src/games/move-batch.ts';
import { gameEvents } from '../../src/games/tables.ts';
import { GameStore } from '../../src/games/store.ts';
import type { GameEvent } from '../../src/engine/types.ts';
import { openTestStores, testDriver, type TestStores } from '../support/db.ts';
import { seatedGame } from '../support/fixtures.ts';

let stores: TestStores;
let database: Database;
let store: GameStore;
beforeAll(async () => {
  stores = await openTestStores();
  ({ database, games: store } = stores);
});
afterAll(() => stores?.close());

const cut = (at: number): GameEvent => ({ type: 'cut', seat: 'forehand', at });
const played: GameEvent = { type: 'played', seat: 'dealer', card: 'CJ' };
const stockDealt: GameEvent = { type: 'dealt', seat: null, to: 'stock', stacks: [], cards: ['HA', 'D7'] };

async function games(n: number) {
  return Promise.all(Array.from({ length: n }, async () => (await seatedGame(stores)).game));
}

/** The answer a move sent with `key` keeps (the JSON text of its answer). */
const kept = (playerId: string, key: string, version: number) => ({ playerId, key, requestHash: `h-${key}`, status: 200, body: JSON.stringify({ version }) });

describe(`MoveBatcher (${testDriver})`, () => {
  it('appends the moves of many games that arrive together in few statements, each at its own version', async () => {
    const batcher = new MoveBatcher(database, 1);
    const gs = await games(20);
    const versions = await Promise.all(
      gs.map((g, i) => batcher.append({ gameId: g.id, expectedVersion: 0, events: [cut(4 + i), stockDealt], status: 'declaring' })),
    );
    expect(versions).toEqual(gs.map(() => 2));
    // Asked for in one turn of the event loop: they leave together.
    expect(batcher.stats).toEqual({ statements: 1, appends: 20 });
    for (const [i, g] of gs.entries()) {
      const loaded = await store.loadGame(g.id);
      expect(loaded?.game).toMatchObject({ version: 2, status: 'declaring' });
      expect(loaded?.events).toEqual([cut(4 + i), stockDealt]);
    }
  });

  it('gathers the moves that arrive while a statement is in flight into the next one', async () => {
    const batcher = new MoveBatcher(database, 1);
    const gs = await games(9);
    const first = batcher.append({ gameId: gs[0].id, expectedVersion: 0, events: [cut(4)], status: 'declaring' });
    await new Promise((r) => setImmediate(r)); // the first has left
    const rest = gs.slice(1).map((g) => batcher.append({ gameId: g.id, expectedVersion: 0, events: [cut(4)], status: 'declaring' }));
    expect(await Promise.all([first, ...rest])).toEqual(gs.map(() => 1));
    expect(batcher.stats).toEqual({ statements: 2, appends: 9 });
  });

  it('refuses the stale appends of a batch and keeps the others', async () => {
    const batcher = new MoveBatcher(database, 1);
    const gs = await games(6);
    await store.appendMove({ gameId: gs[1].id, expectedVersion: 0, events: [cut(9)], status: 'declaring' });
    await store.appendMove({ gameId: gs[4].id, expectedVersion: 0, events: [cut(9)], status: 'declaring' });
    const results = await Promise.allSettled(gs.map((g) => batcher.append({ gameId: g.id, expectedVersion: 0, events: [cut(5)], status: 'declaring' })));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    for (const i of [1, 4]) expect((results[i] as PromiseRejectedResult).reason).toBeInstanceOf(VersionConflictError);
    for (const i of [1, 4]) expect((await store.loadGame(gs[i].id))?.events).toEqual([cut(9)]);
    for (const i of [0, 2, 3, 5]) expect((await store.loadGame(gs[i].id))?.events).toEqual([cut(5)]);
  });

  it('lets one of two racing appends to one game win, and the next move build on it', async () => {
    const batcher = new MoveBatcher(database, 4);
    const [g] = await games(1);
    const racing = await Promise.allSettled([cut(4), cut(5), cut(6)].map((e) => batcher.append({ gameId: g.id, expectedVersion: 0, events: [e], status: 'declaring' })));
    expect(racing.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of racing) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(VersionConflictError);
    expect(await batcher.append({ gameId: g.id, expectedVersion: 1, events: [played], status: 'playing' })).toBe(2);
    expect((await store.loadGame(g.id))?.events).toHaveLength(2);
  });

  it('answers each append alone when the batch fails whole (an event key already taken)', async () => {
    const batcher = new MoveBatcher(database, 1);
    const gs = await games(4);
    // An event at seq 1 with the version not moved: only the key can stop that append, and it
    // fails the whole statement it is in.
    await database.db.insert(gameEvents).values({ gameId: gs[2].id, seq: 1, type: 'cut', seat: 'dealer', payload: cut(7) });
    const warmUp = batcher.append({ gameId: gs[0].id, expectedVersion: 0, events: [cut(4)], status: 'declaring' });
    const results = await Promise.allSettled(gs.slice(1).map((g) => batcher.append({ gameId: g.id, expectedVersion: 0, events: [cut(4)], status: 'declaring' })));
    await warmUp;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(VersionConflictError);
    expect((await store.getGame(gs[2].id))?.version).toBe(0);
    for (const i of [0, 1, 3]) expect((await store.loadGame(gs[i].id))?.game.version).toBe(1);
  });

  it('refuses a move with no events, and a game that does not exist', async () => {
    const batcher = new MoveBatcher(database, 2);
    const [g] = await games(1);
    await expect(batcher.append({ gameId: g.id, expectedVersion: 0, events: [], status: 'cutting' })).rejects.toThrow(/at least one/);
    await expect(batcher.append({ gameId: 'nope', expectedVersion: 0, events: [cut(4)], status: 'declaring' })).rejects.toBeInstanceOf(VersionConflictError);
  });

  it('is what a GameStore built with it uses for plain moves', async () => {
    const batcher = new MoveBatcher(database, 2);
    const batched = new GameStore(database, batcher);
    const [g] = await games(1);
    expect(await batched.appendMove({ gameId: g.id, expectedVersion: 0, events: [cut(4)], status: 'declaring', at: new Date('2030-01-01T00:00:00Z') })).toBe(1);
    expect(batcher.stats.appends).toBe(1);
    expect((await store.getGame(g.id))?.updatedAt.toISOString()).toBe('2030-01-01T00:00:00.000Z');
  });

  it('keeps the answer of a move sent with an Idempotency-Key in the same statement as the move', async () => {
    const batcher = new MoveBatcher(database, 1);
    const seated = await Promise.all(Array.from({ length: 4 }, () => seatedGame(stores)));
    // Two games already moved on: their keyed appends are stale, and keep no answer either.
    await store.appendMove({ gameId: seated[1].game.id, expectedVersion: 0, events: [cut(9)], status: 'declaring' });
    await store.appendMove({ gameId: seated[3].game.id, expectedVersion: 0, events: [cut(9)], status: 'declaring' });
    const results = await Promise.allSettled(
      seated.map(({ game, forehand }, i) =>
        batcher.append({ gameId: game.id, expectedVersion: 0, events: [cut(5)], status: 'declaring', ...(i < 3 ? { idempotency: kept(forehand.id, `k${i}`, 1) } : {}) }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect(batcher.stats).toEqual({ statements: 1, appends: 2 });
    const answer = await store.getIdempotent(seated[0].forehand.id, 'k0');
    expect(answer).toMatchObject({ gameId: seated[0].game.id, requestHash: 'h-k0', status: 200 });
    // Kept as the JSON text sent; a driver may hand it back parsed (games/run-command.ts reads both).
    const body = answer!.body;
    expect(typeof body === 'string' ? JSON.parse(body) : body).toEqual({ version: 1 });
    expect(await store.getIdempotent(seated[1].forehand.id, 'k1')).toBeNull();
    expect(await store.getIdempotent(seated[2].forehand.id, 'k2')).not.toBeNull();
  });

  it('refuses a keyed move whose key was taken meanwhile (IdempotencyConflictError), and keeps the others of its batch', async () => {
    const batcher = new MoveBatcher(database, 1);
    const seated = await Promise.all(Array.from({ length: 3 }, () => seatedGame(stores)));
    const player = seated[1].forehand.id;
    // The key was kept for another game's move already: the batch fails whole, each goes alone.
    await store.appendMove({ gameId: seated[1].game.id, expectedVersion: 0, events: [cut(9)], status: 'declaring', idempotency: kept(player, 'taken', 1) });
    const other = await seatedGame(stores, { forehandPlayerId: player });
    const results = await Promise.allSettled(
      [seated[0].game, other.game, seated[2].game].map((g, i) =>
        batcher.append({ gameId: g.id, expectedVersion: 0, events: [cut(5)], status: 'declaring', idempotency: kept(i === 1 ? player : seated[i].forehand.id, i === 1 ? 'taken' : `own${i}`, 1) }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(IdempotencyConflictError);
    expect((await store.getGame(other.game.id))?.version).toBe(0);
    expect((await store.getIdempotent(player, 'taken'))?.gameId).toBe(seated[1].game.id);
  });
});
