// The sign-in budgets with the default configuration (behind one proxy, so the test says which
// address a request comes from): every request that checks or makes a password hash counts
// against them before any hash is made — a guest's claim of a username, a password change —
// and a taken username is found out before any hash.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/app/config.ts';
import { expectProblem } from '../support/problems.ts';
import { startTestService, type TestService } from '../support/service.ts';

vi.mock('../../src/accounts/password.ts', async (original) => {
  const real = await original<typeof import('../../src/accounts/password.ts')>();
  return { ...real, hashPassword: vi.fn(real.hashPassword), verifyPassword: vi.fn(real.verifyPassword) };
});
const { hashPassword, verifyPassword } = await import('../../src/accounts/password.ts');
const hashes = () => vi.mocked(hashPassword).mock.calls.length + vi.mocked(verifyPassword).mock.calls.length;

const CONFIG = loadConfig({ TRUST_PROXY: '1' });
const DEFAULTS = CONFIG.accounts;
const PASSWORD = 'correct horse battery staple';
const from = (address: string) => ({ 'X-Forwarded-For': address });

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ config: { limits: CONFIG.limits, accounts: DEFAULTS } });
});
afterAll(() => service?.close());
beforeEach(() => {
  vi.mocked(hashPassword).mockClear();
  vi.mocked(verifyPassword).mockClear();
});

let n = 0;
const uniqueName = (prefix = 'user') => `${prefix}_${Date.now().toString(36)}${n++}`;
async function account(address: string) {
  const username = uniqueName();
  const made = (await service.http.post('/v1/accounts').set(from(address)).send({ username, password: PASSWORD }).expect(201)).body;
  return { username, auth: { Authorization: `Bearer ${made.token}` } };
}
async function guest(address: string) {
  const made = (await service.http.post('/v1/players').set(from(address)).send({ name: 'Gast' }).expect(201)).body;
  return { Authorization: `Bearer ${made.token}` };
}

describe('claiming a username (POST /v1/players/me/account)', () => {
  it(`a taken username: ${DEFAULTS.signin.points} × 409 without a hash, then 429 (the username's budget)`, async () => {
    const anna = await account('192.0.2.1');
    const prober = await guest('203.0.113.1');
    vi.mocked(hashPassword).mockClear();
    const statuses = [];
    const started = performance.now();
    for (let i = 0; i < DEFAULTS.signin.points + 1; i++)
      statuses.push((await service.http.post('/v1/players/me/account').set(prober).set(from('203.0.113.1')).send({ username: anna.username, password: 'another long passphrase' })).status);
    const ms = performance.now() - started;
    expect(statuses).toEqual([...Array(DEFAULTS.signin.points).fill(409), 429]);
    expect(hashes()).toBe(0);
    console.log(`claim of a taken username: ${statuses.length} attempts in ${ms.toFixed(0)} ms (${(ms / statuses.length).toFixed(1)} ms each), no hash; 429 at attempt ${statuses.indexOf(429) + 1}`);
  });

  it(`many usernames from one address: ${DEFAULTS.signinAddress.points} attempts, then 429 (the address's budget)`, async () => {
    const prober = await guest('203.0.113.2');
    const statuses = [];
    // A weak password: each is refused (422) without a hash, and counts all the same.
    for (let i = 0; i < DEFAULTS.signinAddress.points + 1; i++)
      statuses.push((await service.http.post('/v1/players/me/account').set(prober).set(from('203.0.113.2')).send({ username: uniqueName('free'), password: 'short' })).status);
    expect(statuses).toEqual([...Array(DEFAULTS.signinAddress.points).fill(422), 429]);
    const cut = await service.http.post('/v1/players/me/account').set(prober).set(from('203.0.113.2')).send({ username: uniqueName('free'), password: PASSWORD });
    expectProblem(cut, 429, 'RATE_LIMITED');
    expect(cut.headers['ratelimit-policy']).toBe(`"signin-address";q=${DEFAULTS.signinAddress.points};w=${DEFAULTS.signinAddress.seconds}`);
    expect(hashes()).toBe(0);
  });

  it('a free username is claimed: one hash', async () => {
    const g = await guest('203.0.113.3');
    await service.http.post('/v1/players/me/account').set(g).set(from('203.0.113.3')).send({ username: uniqueName(), password: PASSWORD }).expect(201);
    expect(vi.mocked(hashPassword)).toHaveBeenCalledTimes(1);
  });
});

describe('signing up with a taken username (POST /v1/accounts)', () => {
  it('is refused before any hash', async () => {
    const anna = await account('192.0.2.2');
    vi.mocked(hashPassword).mockClear();
    expectProblem(await service.http.post('/v1/accounts').set(from('203.0.113.4')).send({ username: anna.username.toUpperCase(), password: PASSWORD }), 409, 'USERNAME_TAKEN');
    expect(hashes()).toBe(0);
  });
});

describe('changing the password (PUT /v1/players/me/password)', () => {
  it(`with a stolen token from elsewhere: ${DEFAULTS.signin.points} wrong current passwords, then 429 even for the right one, without a hash`, async () => {
    const bert = await account('192.0.2.3');
    const statuses = [];
    for (let i = 0; i < DEFAULTS.signin.points; i++)
      statuses.push((await service.http.put('/v1/players/me/password').set(bert.auth).set(from('203.0.113.5')).send({ currentPassword: `wrong password ${i}`, newPassword: 'a new and longer passphrase' })).status);
    expect(statuses).toEqual(Array(DEFAULTS.signin.points).fill(403));
    vi.mocked(hashPassword).mockClear();
    vi.mocked(verifyPassword).mockClear();
    const cut = await service.http.put('/v1/players/me/password').set(bert.auth).set(from('203.0.113.5')).send({ currentPassword: PASSWORD, newPassword: 'a new and longer passphrase' });
    expectProblem(cut, 429, 'RATE_LIMITED');
    expect(Number(cut.headers['retry-after'])).toBeGreaterThan(0);
    expect(hashes()).toBe(0);
    // The wrong guesses were sign-in attempts on the account: sign-in from there is refused too.
    expectProblem(await service.http.post('/v1/sessions').set(from('203.0.113.5')).send({ username: bert.username, password: PASSWORD }), 429, 'RATE_LIMITED');
  });

  it('a guest has no password: refused without a hash and without a budget', async () => {
    const g = await guest('203.0.113.6');
    expectProblem(await service.http.put('/v1/players/me/password').set(g).set(from('203.0.113.6')).send({ currentPassword: PASSWORD, newPassword: 'a new and longer passphrase' }), 403, 'ACCOUNT_REQUIRED');
    expect(hashes()).toBe(0);
  });
});

describe("guesses from elsewhere do not lock the owner out of its own addresses", () => {
  // The semantics, with the default budgets: an account's password may be tried
  // - RATE_LIMIT_SIGNIN_USERNAME_ADDRESS (10 per 15 min) times from each address, and
  // - RATE_LIMIT_SIGNIN (10 per 15 min) times in all from the addresses it is not known at.
  // An address is known for the account once it was made, claimed, signed in to (right password)
  // or had its password changed there, for 14 days after the last of these.
  it('a username budget spent from many addresses: the owner signs in where it did before, a new address waits', async () => {
    const phone = '192.0.2.10';
    const laptop = '192.0.2.11';
    const anna = await account(phone);
    // Her laptop signs in once before the attack: from then on it is known too (that attempt,
    // from an address not known yet, was one of the username's budget).
    await service.http.post('/v1/sessions').set(from(laptop)).send({ username: anna.username, password: PASSWORD }).expect(201);

    const guesses = [];
    for (let i = 0; i < 30; i++) guesses.push((await service.http.post('/v1/sessions').set(from(`198.18.0.${i + 1}`)).send({ username: anna.username, password: `guess number ${i}` })).status);
    expect(guesses).toEqual([...Array(DEFAULTS.signin.points - 1).fill(401), ...Array(30 - DEFAULTS.signin.points + 1).fill(429)]);

    // The owner, on the address it signed up from and on the one it signed in from: as ever.
    await service.http.post('/v1/sessions').set(from(phone)).send({ username: anna.username, password: PASSWORD }).expect(201);
    await service.http.post('/v1/sessions').set(from(laptop)).send({ username: anna.username.toUpperCase(), password: PASSWORD }).expect(201);
    // And changes its password there (a password change is an attempt too).
    await service.http.put('/v1/players/me/password').set(anna.auth).set(from(phone)).send({ currentPassword: PASSWORD, newPassword: 'a new and longer passphrase' }).expect(204);
    // From an address never seen for the account, even with the right password: the username's budget is spent.
    const elsewhere = await service.http.post('/v1/sessions').set(from('198.51.100.200')).send({ username: anna.username, password: 'a new and longer passphrase' });
    expectProblem(elsewhere, 429, 'RATE_LIMITED');
    expect(elsewhere.headers['ratelimit-policy']).toBe(`"signin";q=${DEFAULTS.signin.points};w=${DEFAULTS.signin.seconds}`);
    expect(Number(elsewhere.headers['retry-after'])).toBeLessThanOrEqual(DEFAULTS.signin.seconds);
  });

  it("the owner's own address has a tight budget of its own: wrong guesses there are cut as before", async () => {
    const home = '192.0.2.20';
    const bert = await account(home);
    const statuses = [];
    for (let i = 0; i < DEFAULTS.signinUsernameAddress.points; i++)
      statuses.push((await service.http.post('/v1/sessions').set(from(home)).send({ username: bert.username, password: `wrong password ${i}` })).status);
    expect(statuses).toEqual(Array(DEFAULTS.signinUsernameAddress.points).fill(401));
    const cut = await service.http.post('/v1/sessions').set(from(home)).send({ username: bert.username, password: PASSWORD });
    expectProblem(cut, 429, 'RATE_LIMITED');
    expect(cut.headers['ratelimit-policy']).toBe(`"signin-username-address";q=${DEFAULTS.signinUsernameAddress.points};w=${DEFAULTS.signinUsernameAddress.seconds}`);
    // Those guesses came from a known address: the username's budget for the others is untouched.
    await service.http.post('/v1/sessions').set(from('198.51.100.201')).send({ username: bert.username, password: PASSWORD }).expect(201);
  });

  it('an address is known for the accounts that succeeded there only', async () => {
    const shared = '192.0.2.30';
    await account(shared);
    const cara = await account('192.0.2.31');
    const statuses = [];
    for (let i = 0; i <= DEFAULTS.signin.points; i++)
      statuses.push((await service.http.post('/v1/sessions').set(from(i % 2 ? shared : `198.18.1.${i}`)).send({ username: cara.username, password: `guess number ${i}` })).status);
    expect(statuses).toEqual([...Array(DEFAULTS.signin.points).fill(401), 429]);
  });
});
