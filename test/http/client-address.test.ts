// Every budget and cap counted by address reads the one address the edge decides per request
// from TRUST_PROXY: behind one proxy and behind two, a client is counted as itself whatever it
// writes left of the proxies' entries (a spoofed prefix changes nothing), and another client
// behind the same proxies has a budget of its own (the inner proxy's address is nobody's).
// An entry with a port (ip:port, [ipv6]:port) is its address: a new port is no new client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LimitsConfig } from '../../src/platform/config.ts';
import { expectProblem } from '../support/problems.ts';
import { startTestService, testConfig, type TestService } from '../support/service.ts';

const NONE = { points: 0, seconds: 1 };
const TWO = { points: 2, seconds: 60 };
let clients = 0;
/** A client address no other case uses. */
const newClient = () => `198.51.100.${++clients}`;

describe.each([1, 2])('behind %i trusted prox(ies)', (hops) => {
  /** The header as the proxies pass it on: what the client wrote, then what each proxy appended. */
  const via = (client: string, spoof: string) => ({ 'X-Forwarded-For': [spoof, client, ...(hops === 2 ? ['10.0.0.1'] : [])].join(', ') });

  let service: TestService;
  beforeAll(async () => {
    const limits: LimitsConfig = {
      player: NONE,
      // Above the others' two, so a case's third request meets its own limit first.
      anonymous: { points: 4, seconds: 60 },
      signup: TWO,
      authFailures: TWO,
      pages: TWO,
      trustProxy: true,
      proxyHops: hops,
    };
    service = await startTestService({ config: { limits, accounts: { signin: NONE, signinAddress: TWO, signinUsernameAddress: NONE }, exports: { ...testConfig().exports, budget: TWO }, maxWaitersPerAddress: 2, maxWaitersPerClient: 100 } });
  });
  afterAll(() => service?.close());

  type Res = { status: number; headers: Record<string, string> };
  /**
   * One client's `budget` requests pass and the next is refused by the limit named `policy`, each
   * sent with another spoofed prefix; then a new client behind the same proxies passes.
   */
  async function countedByClient(send: (from: Record<string, string>) => Promise<Res>, policy: string, passing: number) {
    const client = newClient();
    const statuses = [];
    for (let i = 0; i <= 2; i++) statuses.push((await send(via(client, `203.0.113.${i}`))).status);
    expect(statuses).toEqual([passing, passing, 429]);
    const cut = await send(via(client, '203.0.113.99'));
    expectProblem(cut as never, 429, 'RATE_LIMITED');
    expect(cut.headers['ratelimit-policy']).toBe(`"${policy}";q=2;w=60`);
    expect((await send(via(newClient(), '203.0.113.0'))).status).toBe(passing);
  }

  it('calls without a token (RATE_LIMIT_ANONYMOUS)', async () => {
    const client = newClient();
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await service.http.get('/v1/games').set(via(client, `203.0.113.${i}`))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect((await service.http.get('/v1/games').set(via(newClient(), '203.0.113.0'))).status).toBe(200);
  });

  it('an entry with a port (ip:port, [ipv6]:port) counts as its address: one budget, whatever the port', async () => {
    const v4 = newClient();
    const v6 = `2001:db8::${clients}`;
    for (const forms of [
      [`${v4}:5678`, `${v4}:5679`, v4, `${v4}:1`, `${v4}:65535`],
      [`[${v6}]:5678`, `[${v6}]:5679`, v6, `[${v6}]`, `[${v6}]:443`],
    ]) {
      const statuses = [];
      for (const [i, form] of forms.entries()) statuses.push((await service.http.get('/v1/games').set(via(form, `203.0.113.${i}`))).status);
      expect(statuses, forms[0]).toEqual([200, 200, 200, 200, 429]);
    }
    // Another client, port or not, has a budget of its own.
    expect((await service.http.get('/v1/games').set(via(`${newClient()}:5678`, '203.0.113.0'))).status).toBe(200);
  });

  it('sign-ups (RATE_LIMIT_SIGNUP)', () => countedByClient((from) => service.http.post('/v1/players').set(from).send({ name: 'Gast' }), 'signup', 201));

  it('sign-ins (RATE_LIMIT_SIGNIN_ADDRESS)', () =>
    countedByClient((from) => service.http.post('/v1/sessions').set(from).send({ username: `nobody_${clients}`, password: 'not the password' }), 'signin-address', 401));

  it('failed authentication (RATE_LIMIT_AUTH_FAILURES)', () =>
    countedByClient((from) => service.http.get('/v1/players/me').set(from).set('Authorization', 'Bearer not.a.token'), 'auth-failures', 401));

  it('pages outside /v1 (RATE_LIMIT_PAGES)', () => countedByClient((from) => service.http.get('/readyz').set(from), 'pages', 200));

  it('exports without a token (RATE_LIMIT_EXPORT)', () => countedByClient((from) => service.http.get('/v1/games/export').set(from), 'export', 200));

  it('waiter slots (MAX_WAITERS_PER_ADDRESS)', async () => {
    const anna = (await service.http.post('/v1/players').set(via(newClient(), '203.0.113.0')).send({ name: 'Anna' }).expect(201)).body;
    const open = (from: Record<string, string>) => fetch(`${service.url}/v1/players/me/stream`, { headers: { ...from, Authorization: `Bearer ${anna.token}` } });
    const client = newClient();
    const streams = [];
    for (let i = 0; i < 3; i++) streams.push(await open(via(client, `203.0.113.${i}`)));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 503]);
    expect((await streams[2].json()).code).toBe('TOO_MANY_WAITERS');
    const other = await open(via(newClient(), '203.0.113.0'));
    expect(other.status).toBe(200);
    for (const s of [...streams, other]) await s.body?.cancel().catch(() => {});
  });
});
