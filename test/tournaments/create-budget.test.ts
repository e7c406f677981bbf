// Creation's budget of its own (docs/api.md, "Tournaments"): 20 creations an hour per account,
// besides the 5 upcoming tournaments one account may have. It is off where the per-player budget
// is off (the other suites), so this service turns that one on, far above what the test spends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/problems.ts';
import { startTestService, testConfig, type TestService } from '../support/service.ts';
import { account, listed, sleep, startingNow, until } from '../support/tournaments.ts';

let service: TestService;

beforeAll(async () => {
  service = await startTestService({
    config: { tournaments: { ...testConfig().tournaments, tickMs: 50, minuteMs: 60_000 }, limits: { ...testConfig().limits, player: { points: 100_000, seconds: 60 } } },
  });
});
afterAll(() => service?.close());

/** Every list whole, by status: what a creation would change. */
const everything = async () => ({ upcoming: await listed(service.http, 'upcoming'), running: await listed(service.http, 'running'), finished: await listed(service.http, 'finished') });

describe('creating tournaments', () => {
  it('refuses the 21st creation of an hour (429, Retry-After) and creates nothing; another account has its own budget', async () => {
    const anna = await account(service.http, 'Anna');
    // 20 created: each starts at once and, nobody having joined, ends early at the director's next
    // tick, so the cap of 5 upcoming is never what refuses.
    for (let i = 0; i < 20; i++) {
      const made = await service.http.post('/v1/tournaments').set(anna.auth).send(startingNow({ name: `Turnier ${i + 1}` }));
      expect(made.status, made.text).toBe(201);
      expect(made.headers['ratelimit-policy']).toBe('"tournament-create";q=20;w=3600');
      expect(made.headers.ratelimit).toMatch(new RegExp(`^"tournament-create";r=${19 - i};t=\\d+$`));
      await until(async () => (await service.http.get(`/v1/tournaments/${made.body.id}`).expect(200)).body.status === 'finished', 10_000, `tournament ${i + 1} ended`);
    }
    const before = await everything();
    expect(before.finished).toHaveLength(20);

    const cut = await service.http.post('/v1/tournaments').set(anna.auth).send(startingNow({ name: 'Eins zu viel' }));
    expectProblem(cut, 429, 'RATE_LIMITED');
    const retryAfter = Number(cut.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(cut.headers['ratelimit-policy']).toBe('"tournament-create";q=20;w=3600');
    // Created nothing: every list as it was, after the director had its chance to start it.
    await sleep(200);
    expect(await everything()).toEqual(before);

    // The budget is the account's: another still creates.
    const bert = await account(service.http, 'Bert');
    await service.http.post('/v1/tournaments').set(bert.auth).send(startingNow({ name: 'Bert' })).expect(201);
  }, 60_000);
});
