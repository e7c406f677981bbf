// Password hashes: scrypt with its parameters and salt in the stored string, compared in constant
// time, made again at sign-in when the parameters changed; an unknown username costs a hash too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStore } from '../../src/accounts/store.ts';
import { burnPasswordCheck, DEFAULT_SCRYPT, hashPassword, needsRehash, verifyPassword } from '../../src/accounts/password.ts';
import { passwordWeakness } from '../../src/accounts/credentials.ts';
import { startTestService, type TestService } from '../support/service.ts';

const CHEAP = { logN: 10, r: 8, p: 1 };

describe('hashes', () => {
  it('name their parameters and a fresh salt, and verify only the right password', async () => {
    const one = await hashPassword('correct horse', CHEAP);
    const two = await hashPassword('correct horse', CHEAP);
    expect(one).toMatch(/^scrypt\$ln=10,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(one).not.toBe(two);
    expect(await verifyPassword('correct horse', one)).toBe(true);
    expect(await verifyPassword('correct horsE', one)).toBe(false);
    expect(await verifyPassword('correct horse', 'md5$whatever')).toBe(false);
    expect(needsRehash(one)).toBe(true);
    expect(needsRehash(one, CHEAP)).toBe(false);
  });

  it('hash the NFKC form: one password however it was typed', async () => {
    const stored = await hashPassword('cafe\u0301 ﬁne', CHEAP);
    expect(await verifyPassword('café fine', stored)).toBe(true);
  });

  it('the rules are about length and the common list only', () => {
    expect(passwordWeakness('aaaaaaaa')).toBeNull();
    expect(passwordWeakness('iloveyou')).toMatch(/common/);
    expect(passwordWeakness('😀😀😀😀😀😀😀😀')).toBeNull();
    expect(passwordWeakness('😀😀😀😀😀😀😀')).toMatch(/at least 8/);
  });

  it('an unknown username costs about what a wrong password does (a hash of today’s cost)', async () => {
    const stored = await hashPassword('the real one', DEFAULT_SCRYPT);
    await burnPasswordCheck('warm up');
    const time = async (f: () => Promise<unknown>) => {
      const samples: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        await f();
        samples.push(performance.now() - t);
      }
      return samples.sort((x, y) => x - y)[2];
    };
    const wrong = await time(() => verifyPassword('a wrong one', stored));
    const unknown = await time(() => burnPasswordCheck('a wrong one'));
    // Loose bounds (a shared machine): what matters is that neither is a shortcut.
    expect(unknown).toBeGreaterThan(wrong * 0.4);
    expect(wrong).toBeGreaterThan(unknown * 0.4);
  });
});

describe('sign-in', () => {
  let service: TestService;
  beforeAll(async () => {
    // The production cost, as a deployment has it (the other suites hash at a cheap one).
    service = await startTestService({ passwordHashing: DEFAULT_SCRYPT });
  });
  afterAll(() => service?.close());

  it('hashes the password again when its parameters are not today’s', async () => {
    const username = `rehash_${Date.now().toString(36)}`;
    const { body } = await service.http.post('/v1/accounts').send({ username, password: 'correct horse battery' }).expect(201);
    const store = new AccountStore(service.database.db);
    await store.setPasswordHash(body.playerId, await hashPassword('correct horse battery', CHEAP));
    await service.http.post('/v1/sessions').send({ username, password: 'correct horse battery' }).expect(201);
    const after = (await store.byPlayer(body.playerId))!.passwordHash;
    expect(after).toMatch(/^scrypt\$ln=15,r=8,p=1\$/);
    expect(await verifyPassword('correct horse battery', after)).toBe(true);
  });
});
