import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerStore } from '../../src/accounts/player-store.ts';
import { openTestStores, testDriver, type TestStores } from '../support/db.ts';
import { newId } from '../support/fixtures.ts';

let stores: TestStores;
let store: PlayerStore;
beforeAll(async () => {
  stores = await openTestStores();
  ({ players: store } = stores);
});
afterAll(() => stores?.close());

describe(`players (${testDriver})`, () => {
  it('creates a guest and reads it back', async () => {
    const anna = await store.createPlayer({ name: 'Anna' });
    expect(anna.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(anna).toMatchObject({ name: 'Anna', issuer: null, subject: null });
    expect(anna.createdAt).toBeInstanceOf(Date);
    expect(await store.getPlayer(anna.id)).toEqual(anna);
    expect(await store.getPlayer('nobody')).toBeNull();
  });

  it('lets any number of guests exist (null issuer/subject are not unique)', async () => {
    const a = await store.createPlayer({ name: 'Gast' });
    const b = await store.createPlayer({ name: 'Gast' });
    expect(a.id).not.toBe(b.id);
    const both = await store.getPlayers([a.id, b.id, 'nobody']);
    expect(both.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
    expect(await store.getPlayers([])).toEqual([]);
  });

  it('finds an external identity again, also when first seen by racing requests', async () => {
    const subject = newId();
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => store.findOrCreateExternalPlayer('https://idp.example', subject, 'Clara')),
    );
    expect(new Set(racing.map((p) => p.id)).size).toBe(1);
    const again = await store.findOrCreateExternalPlayer('https://idp.example', subject, 'Renamed');
    expect(again).toEqual(racing[0]);
    expect(again).toMatchObject({ name: 'Clara', issuer: 'https://idp.example', subject });

    // The same subject at another issuer is another person.
    const other = await store.findOrCreateExternalPlayer('https://other.example', subject, 'Clara');
    expect(other.id).not.toBe(again.id);
  });
});
