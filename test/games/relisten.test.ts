// The listening connection is lost (Postgres only: PGlite is its own session). postgres.js
// re-listens; whatever was announced meanwhile is lost, so the process must not trust its
// copies any more and its waiters must look again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db/client.ts';
import { PgNotifier } from '../../src/platform/streams/notifier.ts';
import { GameCache } from '../../src/games/cache.ts';
import type { Game } from '../../src/games/game.ts';
import { openTestDatabase, testDriver } from '../support/db.ts';

const copy = (id: string, version: number) => ({ row: { id, version }, events: [], state: { phase: 'playing' } }) as unknown as Game;

describe.skipIf(testDriver !== 'postgres')('a lost listening connection', () => {
  let database: Database;
  let here: PgNotifier;
  let there: PgNotifier;
  const cache = new GameCache(10);

  beforeAll(async () => {
    database = await openTestDatabase();
    here = await PgNotifier.start(database, 10);
    here.observe(cache);
    there = await PgNotifier.start(database, 10);
  });
  afterAll(async () => {
    await here?.close();
    await there?.close();
    await database?.close();
  });

  it('wakes the waiters to look again, forgets the copies, and hears announcements again', async () => {
    await cache.read('g1', async () => copy('g1', 3));
    expect(cache.current('g1')?.row.version).toBe(3);
    const woken = here.wait('g1', 3, 20_000);

    // Both notifiers share one postgres.js client, hence one listening session: end it.
    const [{ ended }] = await database.query<{ ended: number }>(
      `select count(*)::int as ended from (
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()) t`,
    );
    expect(ended).toBe(1);

    expect(await woken).toBe(true); // "look again", well before the 20 s
    expect(cache.current('g1')).toBeNull();

    // Listening again: another process's announcement arrives.
    let heard = false;
    for (let i = 0; i < 50 && !heard; i++) {
      const next = here.wait('g2', 0, 200);
      await there.publish('g2', 1 + i);
      heard = await next;
    }
    expect(heard).toBe(true);
  });
});
