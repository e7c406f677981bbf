// The caps on tournaments not finished (upcoming or running): per account
// (TOURNAMENT_MAX_PER_ACCOUNT) and per creating address (TOURNAMENT_MAX_PER_ADDRESS), here 3 and
// 4. Past either, 429 TOO_MANY_TOURNAMENTS and nothing is made; a running tournament counts like
// an upcoming one, a finished one no more. The addresses are told by X-Forwarded-For (TRUST_PROXY).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/matches.ts';
import { expectProblem } from '../support/problems.ts';
import { startTestService, testConfig, type TestPlayer, type TestService } from '../support/service.ts';
import { account, startingNow, tomorrow } from '../support/tournaments.ts';

let service: TestService;
const clock = testClock();

beforeAll(async () => {
  service = await startTestService({
    now: clock.now,
    config: { tournaments: { tickMs: 1000, minuteMs: 60_000, restMs: 0, maxPerAccount: 3, maxPerAddress: 4 }, limits: { ...testConfig().limits, trustProxy: true, proxyHops: 1 } },
  });
  await service.parts.director.stop();
});
afterAll(() => service?.close());

const create = (p: TestPlayer, address: string, body: Record<string, unknown>) => service.http.post('/v1/tournaments').set(p.auth).set('X-Forwarded-For', address).send(body);
const mine = async (p: TestPlayer) => (await service.database.query<{ n: number }>(`select count(*)::int as n from tournaments where created_by = $1`, [p.playerId]))[0].n;

describe('tournaments not finished', () => {
  it('an account has at most 3, running ones counted; one finished makes room', async () => {
    const anna = await account(service.http, 'Anna');
    // Two start now and run (an arena for an hour), one is upcoming: three.
    const running = (await create(anna, '198.51.100.1', startingNow({ system: 'arena', minutes: 60, startsAt: clock.now().toISOString() })).expect(201)).body.id;
    await create(anna, '198.51.100.2', startingNow({ system: 'arena', minutes: 60, startsAt: clock.now().toISOString() })).expect(201);
    await create(anna, '198.51.100.3', tomorrow()).expect(201);
    await service.parts.director.tick();
    expect((await service.http.get(`/v1/tournaments/${running}`).expect(200)).body.status).toBe('running');
    expectProblem(await create(anna, '198.51.100.4', tomorrow()), 429, 'TOO_MANY_TOURNAMENTS');
    expect(await mine(anna)).toBe(3);
    // The arenas' hour is over: both finish (nobody played), and Anna may create again.
    clock.advance(3600);
    await service.parts.director.tick();
    expect((await service.http.get(`/v1/tournaments/${running}`).expect(200)).body.status).toBe('finished');
    await create(anna, '198.51.100.4', tomorrow()).expect(201);
  });

  it('an address has at most 4, whichever accounts create them; another address has its own', async () => {
    const [bert, cara, dora] = await Promise.all(['Bert', 'Cara', 'Dora'].map((n) => account(service.http, n)));
    for (const p of [bert, cara]) for (let i = 0; i < 2; i++) await create(p, '203.0.113.7', tomorrow()).expect(201);
    const refused = expectProblem(await create(dora, '203.0.113.7', tomorrow()), 429, 'TOO_MANY_TOURNAMENTS');
    expect(refused.detail).toMatch(/address/);
    expect(await mine(dora)).toBe(0);
    await create(dora, '203.0.113.8', tomorrow()).expect(201);
  });
});
