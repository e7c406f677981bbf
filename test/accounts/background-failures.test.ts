// What fails where no request waits is not swallowed: the revocation list's refresh and the
// presence leases of open streams log a run of failures once (then a reminder a minute, and the
// recovery), with the cause scrubbed; a list that stays unread shows in the metrics and makes the
// process not ready.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RevocationCache } from '../../src/accounts/revocations.ts';
import type { AccountStore } from '../../src/accounts/store.ts';
import { REMIND_MS } from '../../src/platform/failure-log.ts';
import { jsonLogger, type Logger } from '../../src/platform/log.ts';
import type { Notifier } from '../../src/platform/streams/notifier.ts';
import { openSse } from '../support/sse.ts';
import { startTestService, type TestService } from '../support/service.ts';

const TOKEN = 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJhbm5hLTEyMzQ1In0.c2lnbmF0dXJlLTEyMzQ1Njc4';

describe('a revocation list whose refresh keeps failing', () => {
  const lines: Record<string, unknown>[] = [];
  const log: Logger = { info: (f) => lines.push({ level: 'info', ...f }), error: (f) => lines.push({ level: 'error', ...f }) };
  let ms = 1_000_000;
  let broken: Error | null = null;
  const store = {
    revocations: async () => {
      if (broken) throw broken;
      return { tokens: [], legacy: [] };
    },
  } as unknown as AccountStore;
  const notifier = { observe() {}, publish: async () => {} } as unknown as Notifier;
  const cache = new RevocationCache({ store, notifier, now: () => new Date(), legacyTtlMs: 60_000, log, refreshMs: 1000, clock: () => ms });
  /** One refresh a second (as its timer would), `n` times. */
  const tick = async (n: number) => {
    for (let i = 0; i < n; i++) {
      ms += 1000;
      await cache.refresh().catch(() => {});
    }
  };

  beforeAll(async () => {
    await cache.start();
    cache.stop(); // the test ticks instead
  });

  it('logs its first failure with the cause (scrubbed), then nothing more for a minute', async () => {
    broken = Object.assign(new Error(`connect ECONNREFUSED 10.0.0.5:5432 (with ${TOKEN})`), { code: 'ECONNREFUSED' });
    await tick(59);
    expect(lines).toEqual([
      { level: 'error', event: 'revocationsRefreshFailed', listAgeSeconds: 1, failures: 1, failingForMs: 0, message: 'connect ECONNREFUSED 10.0.0.5:5432 (with (token))' },
    ]);
    expect(cache.failures()).toBe(59);
    // Three refresh intervals without a list: not fresh (GET /readyz answers 503).
    expect(cache.fresh()).toBe(false);
  });

  it('reminds once a minute while it goes on, and says when it recovered', async () => {
    await tick(2);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ level: 'error', event: 'revocationsRefreshFailed', failures: 60, failingForMs: 60_000, listAgeSeconds: 61 });
    broken = null;
    await tick(1);
    expect(lines[2]).toEqual({ level: 'info', event: 'revocationsRefreshRecovered', failures: 61, failedForMs: 61_000 });
    expect(cache.fresh()).toBe(true);
  });

  it('flapping between failing and working, logs at most a failure and a recovery a minute', async () => {
    const before = lines.length;
    // A minute of it: failing every other second.
    for (let i = 0; i < REMIND_MS / 2000; i++) {
      broken = new Error('flaky');
      await tick(1);
      broken = null;
      await tick(1);
    }
    expect(lines.slice(before)).toEqual([
      expect.objectContaining({ event: 'revocationsRefreshFailed', failures: REMIND_MS / 2000, message: 'flaky' }),
      expect.objectContaining({ event: 'revocationsRefreshRecovered', failures: 1 }),
    ]);
  });
});

describe('the service', () => {
  let service: TestService;
  const lines: Record<string, unknown>[] = [];
  const events = (event: string) => lines.filter((l) => l.event === event);
  const until = async (what: () => boolean, ms = 10_000) => {
    for (const end = Date.now() + ms; !what(); ) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const metric = async (name: string) => {
    const text = (await service.http.get('/metrics').expect(200)).text;
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line === undefined ? undefined : Number(line.slice(name.length + 1));
  };

  beforeAll(async () => {
    service = await startTestService({
      log: jsonLogger('info', (line) => lines.push(JSON.parse(line))),
      config: { metrics: { enabled: true, token: null } },
      revocationRefreshMs: 100,
    });
  });
  afterAll(() => service?.close());

  it('with its revocation list unreadable: one line, counted, and not ready past three refresh intervals; ready again after', async () => {
    await service.http.get('/readyz').expect(200);
    expect(await metric('skat_revocations_refresh_failures_total')).toBe(0);
    await service.database.query('alter table access_tokens rename to access_tokens_away');
    try {
      await until(() => events('revocationsRefreshFailed').length > 0);
      expect(events('revocationsRefreshFailed')[0]).toMatchObject({ level: 'error', message: 'database error 42P01' });
      await until(() => service.parts.revocations.ageMs() > 300);
      const res = await service.http.get('/readyz').expect(503);
      expect(res.body).toEqual({ status: 'not ready' });
      expect(res.headers['retry-after']).toBeDefined();
      expect(await metric('skat_revocations_refresh_failures_total')).toBeGreaterThanOrEqual(2);
      expect(await metric('skat_revocations_last_refresh_age_seconds')).toBeGreaterThan(0.3);
      // A refresh failing ten times a second is still one line.
      expect(events('revocationsRefreshFailed')).toHaveLength(1);
    } finally {
      await service.database.query('alter table access_tokens_away rename to access_tokens');
    }
    await until(() => events('revocationsRefreshRecovered').length > 0);
    expect(events('revocationsRefreshRecovered')[0]).toMatchObject({ level: 'info', failures: expect.any(Number) });
    await service.http.get('/readyz').expect(200);
    expect(await metric('skat_revocations_last_refresh_age_seconds')).toBeLessThan(1);
  });

  it("with a stream's presence lease unwritable: one line naming the step and the cause, and the recovery", async () => {
    const player = (await service.http.post('/v1/players').send({ name: 'Anna' }).expect(201)).body;
    await service.database.query('alter table bot_presence rename to bot_presence_away');
    let stream: Awaited<ReturnType<typeof openSse>> | undefined;
    try {
      stream = await openSse(`${service.url}/v1/players/me/stream`, { Authorization: `Bearer ${player.token}` });
      expect(stream.status).toBe(200);
      await until(() => events('presenceFailed').length > 0);
      expect(events('presenceFailed')).toEqual([
        expect.objectContaining({ level: 'error', step: expect.stringMatching(/^(sweep|hold)$/), message: 'database error 42P01' }),
      ]);
    } finally {
      await service.database.query('alter table bot_presence_away rename to bot_presence');
    }
    // The stream's end drops its row: the writes work again.
    await stream?.close();
    await until(() => events('presenceRecovered').length > 0);
    // How many writes failed while the table was away depends on the timing (a hold, a sweep): at least the one logged.
    const recovered = events('presenceRecovered')[0];
    expect(recovered).toMatchObject({ level: 'info', failures: expect.any(Number) });
    expect(recovered?.failures).toBeGreaterThanOrEqual(1);
    expect(events('presenceFailed')).toHaveLength(1);
  });
});
