import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db/client.ts';
import type { GameStore } from '../../src/games/store.ts';
import { decodeCursor, encodeCursor } from '../../src/platform/db/cursor.ts';
import { InvalidCursorError } from '../../src/platform/db/errors.ts';
import { games, type GameRow } from '../../src/games/tables.ts';
import { DEFAULT_CONFIG } from '../../src/engine/types.ts';
import { openTestStores, testDriver, type TestStores } from '../support/db.ts';

let stores: TestStores;
let database: Database;
let store: GameStore;
let waiting: GameRow[];
let anna: string;

// 13 waiting games (some sharing one created_at, as games made in one instant do) and a few
// running ones; this file has its own database, so these are all the games there are.
beforeAll(async () => {
  stores = await openTestStores();
  ({ database, games: store } = stores);
  anna = (await stores.players.createPlayer({ name: 'Anna' })).id;
  const base = Date.parse('2026-01-01T12:00:00.000Z');
  const rows = Array.from({ length: 16 }, (_, i) => ({
    id: `g${String(i).padStart(2, '0')}`,
    config: DEFAULT_CONFIG,
    status: i < 13 ? ('waiting' as const) : ('playing' as const),
    serverSeed: '0'.repeat(64),
    seedCommitment: '1'.repeat(64),
    forehandPlayerId: i % 4 === 0 ? anna : null,
    // Three games per instant: the id breaks the tie.
    createdAt: new Date(base + Math.floor(i / 3) * 1000),
  }));
  await database.db.insert(games).values(rows);
  waiting = (await store.listGames({ status: 'waiting', limit: 100 })).games;
});
afterAll(() => stores?.close());

async function walk(query: { status?: 'waiting'; playerId?: string }, limit: number) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const page = await store.listGames({ ...query, limit, cursor });
    expect(page.games.length).toBeLessThanOrEqual(limit);
    seen.push(...page.games.map((g) => g.id));
    if (!page.nextCursor) return seen;
    cursor = page.nextCursor;
  }
  throw new Error('cursor walk did not end');
}

describe(`lobby (${testDriver})`, () => {
  it('lists waiting games newest first, ties by id descending', () => {
    expect(waiting).toHaveLength(13);
    expect(waiting.every((g) => g.status === 'waiting')).toBe(true);
    expect(waiting.map((g) => g.id)).toEqual(Array.from({ length: 13 }, (_, i) => `g${String(12 - i).padStart(2, '0')}`));
  });

  it.each([1, 2, 3, 5, 13, 20])('walks every game exactly once with limit %i', async (limit) => {
    expect(await walk({ status: 'waiting' }, limit)).toEqual(waiting.map((g) => g.id));
  });

  it('says there is no next page when the last one is exactly full', async () => {
    const page = await store.listGames({ status: 'waiting', limit: 13 });
    expect(page.nextCursor).toBeNull();
  });

  it('lists all statuses, or one player’s games', async () => {
    expect((await walk({}, 4)).filter((id) => id.startsWith('g'))).toHaveLength(16);
    expect(await walk({ playerId: anna }, 2)).toEqual(['g12', 'g08', 'g04', 'g00']);
  });

  it('walks games stamped by the database clock (sub-millisecond now()) exactly once', async () => {
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      const game = await store.createGame({
        id: `now${i}`,
        config: DEFAULT_CONFIG,
        status: 'finished',
        serverSeed: '0'.repeat(64),
        seedCommitment: '1'.repeat(64),
        forehandPlayerId: null,
        dealerPlayerId: null,
        reservedPlayerId: null,
      });
      made.push(game.id);
    }
    for (const limit of [1, 2, 3]) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await store.listGames({ status: 'finished', limit, cursor });
        seen.push(...page.games.map((g) => g.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen.slice().sort()).toEqual(made.slice().sort());
    }
  });

  it('refuses a cursor it did not make', async () => {
    const valid = encodeCursor({ createdAt: new Date('2026-01-01T00:00:00.000Z'), id: 'g01' });
    expect(decodeCursor(valid).id).toBe('g01');
    const forged = [
      'not base64!',
      '',
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('["yesterday","g01"]').toString('base64url'),
      Buffer.from('["2026-01-01T00:00:00.000Z",5]').toString('base64url'),
      valid.slice(0, -3),
    ];
    for (const cursor of forged) {
      await expect(store.listGames({ status: 'waiting', limit: 5, cursor })).rejects.toBeInstanceOf(InvalidCursorError);
    }
  });
});
