import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SigningKeyRecord } from '../../src/platform/auth/keys.ts';
import { SigningKeyStore } from '../../src/platform/auth/signing-key-store.ts';
import type { Database } from '../../src/platform/db/client.ts';
import { openTestDatabase, testDriver } from '../support/db.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe(`signing key (${testDriver})`, () => {
  const key = (id: string): SigningKeyRecord => ({
    id,
    alg: 'EdDSA',
    privateJwk: { kty: 'OKP', crv: 'Ed25519', x: `x-${id}`, d: `d-${id}`, kid: id },
    publicJwk: { kty: 'OKP', crv: 'Ed25519', x: `x-${id}`, kid: id },
  });

  it('generates once; processes starting together agree on one key', async () => {
    let generated = 0;
    const generate = async () => key(`k${++generated}`);
    const racing = await Promise.all(Array.from({ length: 4 }, () => new SigningKeyStore(database.db).current(generate)));
    expect(new Set(racing.map((k) => k.id)).size).toBe(1);
    expect(racing[0]).toMatchObject({ alg: 'EdDSA', privateJwk: { d: `d-${racing[0]!.id}` } });

    const later = await new SigningKeyStore(database.db).current(async () => {
      throw new Error('must not generate again');
    });
    expect(later).toEqual(racing[0]);
  });
});
