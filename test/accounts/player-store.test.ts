import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db/client.ts';
import { PlayerStore, type NewSigningKey } from '../../src/accounts/player-store.ts';
import { openTestStores, testDriver, type TestStores } from '../support/db.ts';
import { newId } from '../support/fixtures.ts';

let stores: TestStores;
let database: Database;
let store: PlayerStore;
beforeAll(async () => {
  stores = await openTestStores();
  ({ database, players: store } = stores);
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

describe(`signing key (${testDriver})`, () => {
  const key = (id: string): NewSigningKey => ({
    id,
    alg: 'EdDSA',
    privateJwk: { kty: 'OKP', crv: 'Ed25519', x: `x-${id}`, d: `d-${id}`, kid: id },
    publicJwk: { kty: 'OKP', crv: 'Ed25519', x: `x-${id}`, kid: id },
  });

  it('generates once; processes starting together agree on one key', async () => {
    let generated = 0;
    const generate = async () => key(`k${++generated}`);
    const racing = await Promise.all(Array.from({ length: 4 }, () => new PlayerStore(database.db).getOrCreateSigningKey(generate)));
    expect(new Set(racing.map((k) => k.id)).size).toBe(1);
    expect(racing[0]).toMatchObject({ alg: 'EdDSA', privateJwk: { d: `d-${racing[0]!.id}` } });

    const later = await store.getOrCreateSigningKey(async () => {
      throw new Error('must not generate again');
    });
    expect(later).toEqual(racing[0]);
  });
});
