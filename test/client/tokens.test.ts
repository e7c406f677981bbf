// The client module's tokens against a real service: a guest's token renewed by itself (the same
// player), an account's tokens listed, created and revoked, and the three refusals told apart:
// expired, revoked, and a token the service does not know.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accounts, createClient, tokenRefusal, type RenewedToken, type SkatClient, type TokenRefusal } from '@offiziersskat/client';
import { testClock } from '../support/matches.ts';
import { startTestService, testConfig, type TestService } from '../support/service.ts';

/**
 * Seconds a token lives here. The service and the clients read one clock the test moves (no real
 * waiting): long enough that a token renewed at 95% of its life has whole seconds left to run.
 */
const TTL = 60;
const clock = testClock();
/** The clients' clock: the service's. */
const now = () => clock.now().getTime();
let service: TestService;
let stranger: TestService;
let anon: SkatClient;
beforeAll(async () => {
  [service, stranger] = await Promise.all([startTestService({ now: clock.now, config: { jwt: { ...testConfig().jwt, ttlSeconds: TTL } } }), startTestService()]);
  anon = createClient({ baseUrl: service.url });
});
afterAll(async () => {
  await service?.close();
  await stranger?.close();
});

it('renews a guest token by itself before it ends, for the same player', async () => {
  const guest = await anon.createPlayer('Gustav');
  const renewed: RenewedToken[] = [];
  const client = anon.withToken(guest.token, { now, onRenewed: (t) => renewed.push(t) });
  clock.advance(TTL * 0.95);
  const me = await client.me();
  expect(renewed).toHaveLength(1);
  expect(me.playerId).toBe(guest.playerId);
  expect(me.tokenId).toBe(renewed[0].tokenId);
  expect(client.token).toBe(renewed[0].token);
});

it('tells an expired, a revoked and an unknown token apart, and reports each through onRefused', async () => {
  const refusals: TokenRefusal[] = [];
  const onRefused = (why: TokenRefusal) => refusals.push(why);

  // Revoked: an account's second token, revoked from the first.
  const signed = await accounts.signUp(anon, { username: 'tokens_anna', password: 'a long and unusual passphrase 7' });
  const account = anon.withToken(signed.token, { now, renew: false });
  const second = await accounts.createToken(account, { name: 'laptop', expiresInDays: null });
  expect((await accounts.listTokens(account)).map((t) => [t.name, t.current])).toContainEqual(['laptop', false]);
  await accounts.revokeToken(account, second.tokenId);
  const revoked = await anon.withToken(second.token, { now, onRefused }).me().catch((e) => e);
  expect(tokenRefusal(revoked)).toBe('revoked');

  // Unknown: a token of another service (another database, another key).
  const foreign = await createClient({ baseUrl: stranger.url }).createPlayer('Fremd');
  const unknown = await anon.withToken(foreign.token, { now, onRefused }).me().catch((e) => e);
  expect(tokenRefusal(unknown)).toBe('unknown');

  // Expired: a guest's token nobody renewed (past the service's 5 s allowance for clock skew).
  const sleeper = await anon.createPlayer('Siebenschläfer');
  clock.advance(TTL + 6);
  const expired = await anon.withToken(sleeper.token, { now, onRefused }).me().catch((e) => e);
  expect(tokenRefusal(expired)).toBe('expired');

  expect(refusals.sort()).toEqual(['expired', 'revoked', 'unknown']);
});
