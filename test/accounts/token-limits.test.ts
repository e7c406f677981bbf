// What one player's tokens can cost: at most MAX_LIVE_TOKENS live ones (a token made on purpose
// past it is refused, 409 TOO_MANY_TOKENS; a sign-in takes the place of the oldest sign-in token),
// a guest's token lives 30 days at most, and the revocation list every process keeps is read
// incrementally: a refresh after one revocation reads that one row, not the whole list, and still
// drops what expired.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL_READ_MS, OVERLAP_MS, REFRESH_MS, RevocationCache } from '../../src/accounts/revocations.ts';
import { MAX_LIVE_TOKENS } from '../../src/accounts/service.ts';
import { AccountStore } from '../../src/accounts/store.ts';
import type { Notifier } from '../../src/platform/streams/notifier.ts';
import { expectProblem } from '../support/problems.ts';
import { Client, startTestService, testConfig, type TestService } from '../support/service.ts';

const PASSWORD = 'correct horse battery staple';
const DAY = 86_400_000;
let n = 0;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

let service: TestService;
beforeAll(async () => {
  // Tokens live a year unless asked otherwise: longer than a guest may hold one.
  service = await startTestService({ config: { jwt: { ...testConfig().jwt, ttlSeconds: 365 * 86_400 } } });
});
afterAll(() => service?.close());

async function signUp() {
  const username = `lim_${Date.now().toString(36)}${n++}`;
  const res = await service.http.post('/v1/accounts').send({ username, password: PASSWORD }).expect(201);
  return { username, playerId: res.body.playerId as string, token: res.body.token as string, tokenId: res.body.tokenId as string, auth: bearer(res.body.token) };
}

const live = async (auth: { Authorization: string }) =>
  (await service.http.get('/v1/players/me/tokens').set(auth).expect(200)).body.items as { tokenId: string; name: string }[];

describe('the live tokens of a player', () => {
  it(`are ${MAX_LIVE_TOKENS} at most: one more made on purpose is refused (409 TOO_MANY_TOKENS) until one is revoked`, async () => {
    const anna = await signUp();
    const made: string[] = [];
    // The sign-up's token and 99 more.
    for (let i = 1; i < MAX_LIVE_TOKENS; i++) made.push((await service.http.post('/v1/players/me/tokens').set(anna.auth).send({ name: `bot ${i}` }).expect(201)).body.tokenId);
    expect(await live(anna.auth)).toHaveLength(MAX_LIVE_TOKENS);
    const refused = await service.http.post('/v1/players/me/tokens').set(anna.auth).send({ name: 'one too many' });
    expect(expectProblem(refused, 409, 'TOO_MANY_TOKENS').detail).toMatch(/revoke one/);
    // Nothing was revoked to make room, nothing added.
    expect(await live(anna.auth)).toHaveLength(MAX_LIVE_TOKENS);
    await service.http.get('/v1/players/me').set(anna.auth).expect(200);
    await service.http.delete(`/v1/players/me/tokens/${made[0]}`).set(anna.auth).expect(204);
    await service.http.post('/v1/players/me/tokens').set(anna.auth).send({ name: 'in its place' }).expect(201);
    expect(await live(anna.auth)).toHaveLength(MAX_LIVE_TOKENS);
  });

  it('a sign-in past the cap is never refused: it takes the place of the oldest sign-in token', async () => {
    const bert = await signUp();
    const first = (await service.http.post('/v1/sessions').send({ username: bert.username, password: PASSWORD }).expect(201)).body;
    for (let i = 2; i < MAX_LIVE_TOKENS; i++) await service.http.post('/v1/players/me/tokens').set(bert.auth).send({ name: `bot ${i}` }).expect(201);
    // 100 live: the sign-up's, a sign-in's and 98 made on purpose.
    const again = (await service.http.post('/v1/sessions').send({ username: bert.username, password: PASSWORD }).expect(201)).body;
    const tokens = await live(bearer(again.token));
    expect(tokens).toHaveLength(MAX_LIVE_TOKENS);
    // The oldest sign-in token (the sign-up's) went; the later sign-in's and the bots' stay.
    expectProblem(await service.http.get('/v1/players/me').set(bert.auth), 401, 'TOKEN_REVOKED');
    await service.http.get('/v1/players/me').set(bearer(first.token)).expect(200);
    expect(tokens.filter((t) => t.name.startsWith('bot '))).toHaveLength(MAX_LIVE_TOKENS - 2);
  });
});

describe("a guest's tokens", () => {
  it('live 30 days at most: longer is for accounts (403 ACCOUNT_REQUIRED), and a guest’s default is 30 days', async () => {
    const guest = await new Client(service.http).player('Gast');
    expectProblem(await service.http.post('/v1/players/me/tokens').set(guest.auth).send({ name: 'long', expiresInDays: 31 }), 403, 'ACCOUNT_REQUIRED');
    expectProblem(await service.http.post('/v1/players/me/tokens').set(guest.auth).send({ name: 'forever', expiresInDays: null }), 403, 'ACCOUNT_REQUIRED');
    const month = (await service.http.post('/v1/players/me/tokens').set(guest.auth).send({ name: 'month', expiresInDays: 30 }).expect(201)).body;
    expect(new Date(month.expiresAt).getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY + 60_000);
    // The service's lifetime (a year here) is capped for a guest.
    const plain = (await service.http.post('/v1/players/me/tokens').set(guest.auth).send({ name: 'plain' }).expect(201)).body;
    expect(new Date(plain.expiresAt).getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY + 60_000);
    expect(new Date(plain.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    // An account may ask for longer, or for never.
    const anna = await signUp();
    const decade = (await service.http.post('/v1/players/me/tokens').set(anna.auth).send({ name: 'decade', expiresInDays: 3650 }).expect(201)).body;
    expect(new Date(decade.expiresAt).getTime()).toBeGreaterThan(Date.now() + 3649 * DAY);
    const yearly = (await service.http.post('/v1/players/me/tokens').set(anna.auth).send({ name: 'default' }).expect(201)).body;
    expect(new Date(yearly.expiresAt).getTime()).toBeGreaterThan(Date.now() + 364 * DAY);
  });
});

describe('the revocation list', () => {
  /** A list of this test's own over the service's database, counting the rows each refresh reads. */
  function countingCache(now: () => Date, clock: () => number) {
    const store = new AccountStore(service.database.db);
    const reads: number[] = [];
    const counting = Object.assign(Object.create(store) as AccountStore, {
      revocations: async (...args: Parameters<AccountStore['revocations']>) => {
        const got = await store.revocations(...args);
        reads.push(got.tokens.length + got.legacy.length);
        return got;
      },
    });
    const notifier = { observe() {}, publish: async () => {} } as unknown as Notifier;
    const cache = new RevocationCache({ store: counting, notifier, now, legacyTtlMs: DAY, log: { info() {}, error() {} }, clock });
    return { cache, reads };
  }
  /** Every revocation so far stamped an hour earlier: a long list grown over time, none of it recent. */
  const backdate = async () => {
    await service.database.query(`update access_tokens set revoked_at = revoked_at - interval '1 hour' where revoked_at is not null`);
    await service.database.query(`update players set legacy_tokens_revoked_at = legacy_tokens_revoked_at - interval '1 hour' where legacy_tokens_revoked_at is not null`);
  };

  it('a refresh after one revocation reads that one row, not the list; expired entries go; the whole list is read now and then', async () => {
    const anna = await signUp();
    const made: { tokenId: string; token: string }[] = [];
    for (let i = 0; i < 40; i++) made.push((await service.http.post('/v1/players/me/tokens').set(anna.auth).send({ name: `old ${i}` }).expect(201)).body);
    for (const t of made) await service.http.delete(`/v1/players/me/tokens/${t.tokenId}`).set(anna.auth).expect(204);
    await backdate();
    // One of them expires soon.
    await service.database.query(`update access_tokens set expires_at = now() + interval '1 hour' where id = $1`, [made[0].tokenId]);

    let at = Date.now();
    let ms = 1_000_000;
    const { cache, reads } = countingCache(() => new Date(at), () => ms);
    await cache.refresh();
    const whole = reads.at(-1) ?? 0;
    expect(whole).toBeGreaterThanOrEqual(made.length);
    expect(made.every((t) => cache.revoked(anna.playerId, t.tokenId, undefined))).toBe(true);

    // One more revocation: the next refresh reads that row alone.
    const leaked = (await service.http.post('/v1/players/me/tokens').set(anna.auth).send({ name: 'leaked' }).expect(201)).body;
    expect(cache.revoked(anna.playerId, leaked.tokenId, undefined)).toBe(false);
    await service.http.delete(`/v1/players/me/tokens/${leaked.tokenId}`).set(anna.auth).expect(204);
    ms += 100;
    at += OVERLAP_MS + 1000;
    await cache.refresh();
    expect(reads.at(-1)).toBe(1);
    expect(cache.revoked(anna.playerId, leaked.tokenId, undefined)).toBe(true);
    // Nothing new: nothing read.
    at += OVERLAP_MS + 1000;
    await cache.refresh();
    expect(reads.at(-1)).toBe(0);

    // Past its expiry a revoked token leaves the list (it is refused as expired), without a read of
    // the whole list (the list is walked for them once a refresh interval).
    at += 2 * 60 * 60 * 1000;
    ms += REFRESH_MS;
    await cache.refresh();
    expect(reads.at(-1)).toBe(0);
    expect(cache.revoked(anna.playerId, made[0].tokenId, undefined)).toBe(false);
    expect(cache.revoked(anna.playerId, made[1].tokenId, undefined)).toBe(true);

    // Every FULL_READ_MS the whole list is read all the same.
    ms += FULL_READ_MS;
    await cache.refresh();
    expect(reads.at(-1)).toBe(whole);
    expect(cache.revoked(anna.playerId, made[1].tokenId, undefined)).toBe(true);
  });

  it("reads a player's sign-out everywhere incrementally too", async () => {
    const bert = await signUp();
    await backdate();
    let at = Date.now();
    const { cache, reads } = countingCache(() => new Date(at), () => 1_000_000);
    await cache.refresh();
    at += OVERLAP_MS + 1000;
    await service.http.delete('/v1/players/me/tokens').set(bert.auth).expect(204);
    await cache.refresh();
    // The sign-up's token and the player's cut-off for tokens from before accounts.
    expect(reads.at(-1)).toBe(2);
    expect(cache.revoked(bert.playerId, bert.tokenId, undefined)).toBe(true);
    expect(cache.revoked(bert.playerId, null, Math.floor(Date.now() / 1000) - 60)).toBe(true);
  });
});
