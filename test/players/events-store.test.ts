import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db/client.ts';
import { appendNotices, PlayerEventStore, type PlayerEvent } from '../../src/platform/streams/player-events.ts';
import { openTestStores, testDriver, type TestStores } from '../support/db.ts';

let stores: TestStores;
let database: Database;
let events: PlayerEventStore;
beforeAll(async () => {
  stores = await openTestStores();
  database = stores.database;
  events = new PlayerEventStore(database.db);
});
afterAll(() => stores?.close());

const cancelled = (id: string): PlayerEvent => ({ type: 'challengeCancelled', kind: 'game', id, by: null, reason: 'expired' });

describe(`player events: appendNotices (${testDriver})`, () => {
  it('numbers each player’s events on from its log’s version, in the order given, and skips a player that does not exist', async () => {
    const anna = await stores.players.createPlayer({ name: 'Anna' });
    const bert = await stores.players.createPlayer({ name: 'Bert' });
    const first = await database.db.transaction((tx) => appendNotices(tx, [{ playerId: bert.id, event: cancelled('g1') }]));
    expect(first).toEqual([[bert.id, 1]]);
    const noticed = await database.db.transaction((tx) =>
      appendNotices(tx, [
        { playerId: bert.id, event: cancelled('g2') },
        { playerId: anna.id, event: cancelled('g2') },
        { playerId: 'nobody', event: cancelled('g2') },
        { playerId: bert.id, event: cancelled('g3') },
      ]),
    );
    // In id order, one entry per player that has a log.
    expect(noticed).toEqual([...([[anna.id, 1], [bert.id, 3]] as [string, number][])].sort(([a], [b]) => (a < b ? -1 : 1)));
    expect(await events.events(bert.id)).toEqual([
      { seq: 1, event: cancelled('g1') },
      { seq: 2, event: cancelled('g2') },
      { seq: 3, event: cancelled('g3') },
    ]);
    expect(await events.events(anna.id)).toEqual([{ seq: 1, event: cancelled('g2') }]);
    expect(await events.version(anna.id)).toBe(1);
    expect(await database.db.transaction((tx) => appendNotices(tx, []))).toEqual([]);
  });

  it('lets concurrent writers to the same players wait for each other: no deadlock, no gap, no repeat', async () => {
    const a = await stores.players.createPlayer({ name: 'A' });
    const b = await stores.players.createPlayer({ name: 'B' });
    const writers = 12;
    // Half of them name the players in the other order.
    await Promise.all(
      Array.from({ length: writers }, (_, i) =>
        database.db.transaction((tx) =>
          appendNotices(
            tx,
            (i % 2 ? [a, b] : [b, a]).map((p) => ({ playerId: p.id, event: cancelled(`w${i}`) })),
          ),
        ),
      ),
    );
    for (const p of [a, b]) {
      const log = await events.events(p.id);
      expect(log.map((e) => e.seq)).toEqual(Array.from({ length: writers }, (_, i) => i + 1));
      expect(new Set(log.map((e) => (e.event as { id: string }).id)).size).toBe(writers);
      expect(await events.version(p.id)).toBe(writers);
    }
  });
});
