// Presence leases (a player's open stream, bots online): a lapsed lease is swept, a live one
// kept, on both databases. On Postgres the sweep once passed a Date where drizzle's driver takes
// only text (it replaces postgres.js's timestamp serializers): it failed every time, silently,
// and when pipelined its error reached another query on the same connection (a 500 there).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStore } from '../../src/accounts/store.ts';
import { openTestStores, type TestStores } from '../support/db.ts';

let stores: TestStores;
let accounts: AccountStore;
beforeAll(async () => {
  stores = await openTestStores();
  accounts = new AccountStore(stores.database.db);
});
afterAll(() => stores?.close());

const leases = async () =>
  (await stores.database.query<{ id: string }>('select id from bot_presence order by id')).map((r) => r.id);

describe('presence leases', () => {
  it('sweeps the lapsed leases and keeps the live ones', async () => {
    const now = new Date();
    const anna = await stores.players.createPlayer({ name: 'Anna' });
    const bert = await stores.players.createPlayer({ name: 'Bert' });
    const lapsed = crypto.randomUUID();
    const live = crypto.randomUUID();
    await accounts.holdPresence(lapsed, anna.id, new Date(now.getTime() - 1000));
    await accounts.holdPresence(live, bert.id, new Date(now.getTime() + 60_000));
    expect(await leases()).toEqual([lapsed, live].sort());

    await accounts.sweepPresence(now);
    expect(await leases()).toEqual([live]);
  });

  it('sweeps while other queries share its connections, and they answer as usual', async () => {
    const now = new Date();
    const player = await stores.players.createPlayer({ name: 'Cleo' });
    const id = crypto.randomUUID();
    await accounts.holdPresence(id, player.id, new Date(now.getTime() - 1000));
    // Many at once: on Postgres they are pipelined on the pool's few connections.
    const reads = Array.from({ length: 40 }, () => stores.players.getPlayer(player.id));
    const [sweep, ...found] = await Promise.allSettled([accounts.sweepPresence(now), ...reads]);
    expect(found.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(sweep.status).toBe('fulfilled');
    expect(found.every((r) => r.status === 'fulfilled' && r.value?.id === player.id)).toBe(true);
    expect(await leases()).not.toContain(id);
  });
});
