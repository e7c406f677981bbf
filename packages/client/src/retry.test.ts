import { describe, expect, it } from 'vitest';
import { backoffMs, DEFAULT_RETRY, retryAfterMs, retryDelay, retryingFetch, type Clock } from './retry.ts';

const policy = { ...DEFAULT_RETRY, retries: 3, baseDelayMs: 100, maxDelayMs: 1_000, maxRetryAfterMs: 10_000 };

/** A clock whose sleeps are recorded, not waited; `random` is fixed. */
function fakeClock(random = 1): Clock & { slept: number[] } {
  const slept: number[] = [];
  return { slept, sleep: async (ms) => void slept.push(ms), random: () => random, now: () => Date.parse('2026-11-30T12:00:00Z') };
}

const answer = (status: number, headers: Record<string, string> = {}) => new Response(status === 204 ? null : '{}', { status, headers });

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-30T12:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Mon, 30 Nov 2026 12:00:05 GMT', now)).toBe(5_000);
    expect(retryAfterMs('Mon, 30 Nov 2026 11:00:00 GMT', now)).toBe(0); // in the past: now
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('-1', now)).toBeNull();
  });
});

describe('backoff', () => {
  it('doubles per attempt up to the cap, with full jitter', () => {
    expect([0, 1, 2, 3, 4, 10].map((a) => backoffMs(a, policy, () => 1))).toEqual([100, 200, 400, 800, 1_000, 1_000]);
    expect(backoffMs(3, policy, () => 0.5)).toBe(400);
    expect(backoffMs(3, policy, () => 0)).toBe(0);
  });
});

describe('which answers are retried', () => {
  const clock = fakeClock();
  it('429 and 503 after Retry-After, else with backoff', () => {
    expect(retryDelay(429, '2', 0, policy, clock)).toBe(2_000);
    expect(retryDelay(503, '1', 1, policy, clock)).toBe(1_000);
    expect(retryDelay(503, null, 2, policy, clock)).toBe(400);
  });
  it('a 409 only when it carries Retry-After (a VERSION_CONFLICT is decided again, not resent)', () => {
    expect(retryDelay(409, null, 0, policy, clock)).toBeNull();
    expect(retryDelay(409, '1', 0, policy, clock)).toBe(1_000);
  });
  it('nothing else, nothing past the retries, nothing past the Retry-After cap', () => {
    for (const status of [200, 400, 404, 422, 500, 502]) expect(retryDelay(status, '1', 0, policy, clock)).toBeNull();
    expect(retryDelay(503, '1', 3, policy, clock)).toBeNull();
    expect(retryDelay(429, '11', 0, policy, clock)).toBeNull();
  });
});

describe('retryingFetch', () => {
  it('waits as the service says and returns the first answer that is not retried', async () => {
    const clock = fakeClock();
    const answers = [answer(429, { 'Retry-After': '2' }), answer(503), answer(200)];
    const seen: string[] = [];
    const f = retryingFetch(async (r: Request) => (seen.push(await r.text()), answers.shift()!), policy, clock);
    const res = await f(new Request('http://x/v1/games/g/moves', { method: 'POST', body: '{"a":1}', headers: { 'Idempotency-Key': 'k1' } }));
    expect(res.status).toBe(200);
    expect(clock.slept).toEqual([2_000, 200]);
    // Each attempt got the whole body (a Request's body is read once: attempts send clones).
    expect(seen).toEqual(['{"a":1}', '{"a":1}', '{"a":1}']);
  });

  it('gives the last answer back when the retries run out', async () => {
    const clock = fakeClock();
    let calls = 0;
    const f = retryingFetch(async () => (calls++, answer(503, { 'Retry-After': '1' })), policy, clock);
    expect((await f(new Request('http://x/'))).status).toBe(503);
    expect(calls).toBe(4);
    expect(clock.slept).toEqual([1_000, 1_000, 1_000]);
  });

  it('retries a write after 429 or 503 only when it carries an Idempotency-Key (a 503 does not say the write was not made)', async () => {
    for (const status of [429, 503]) {
      const clock = fakeClock();
      let calls = 0;
      const f = retryingFetch(async () => (calls++, answer(status, { 'Retry-After': '1' })), policy, clock);
      // A create without a key: the answer goes back at once, never a second player, game or match.
      expect((await f(new Request('http://x/v1/games', { method: 'POST', body: '{}' }))).status).toBe(status);
      expect(calls).toBe(1);
      expect((await f(new Request('http://x/v1/games/g', { method: 'DELETE' }))).status).toBe(status);
      expect(calls).toBe(2);
      // Reads, and writes with a key, are retried.
      await f(new Request('http://x/v1/games'));
      expect(calls).toBe(2 + 1 + policy.retries);
    }
  });

  it('retries a network failure only when the request is safe to repeat', async () => {
    const failing = () => {
      let calls = 0;
      return {
        fetch: async () => {
          if (calls++ === 0) throw new TypeError('fetch failed');
          return answer(200);
        },
        calls: () => calls,
      };
    };
    const get = failing();
    expect((await retryingFetch(get.fetch, policy, fakeClock())(new Request('http://x/'))).status).toBe(200);
    expect(get.calls()).toBe(2);

    const keyed = failing();
    const withKey = new Request('http://x/m', { method: 'POST', body: '{}', headers: { 'Idempotency-Key': 'k' } });
    expect((await retryingFetch(keyed.fetch, policy, fakeClock())(withKey)).status).toBe(200);

    const post = failing();
    await expect(retryingFetch(post.fetch, policy, fakeClock())(new Request('http://x/m', { method: 'POST', body: '{}' }))).rejects.toThrow('fetch failed');
    expect(post.calls()).toBe(1);
  });

  it('never retries an abort, and a wait ends with the abort', async () => {
    const aborted = new AbortController();
    aborted.abort();
    let calls = 0;
    const f = retryingFetch(async () => {
      calls++;
      throw new DOMException('aborted', 'AbortError');
    }, policy);
    await expect(f(new Request('http://x/', { signal: aborted.signal }))).rejects.toThrow();
    expect(calls).toBe(1);

    const during = new AbortController();
    const slow = retryingFetch(async () => answer(503, { 'Retry-After': '5' }), policy);
    const pending = slow(new Request('http://x/', { signal: during.signal }));
    during.abort();
    await expect(pending).rejects.toThrow(/abort/i);
  });

  it('works with a request that has no clone (the bots’ plain request)', async () => {
    const clock = fakeClock();
    const answers = [answer(503), answer(200)];
    const plain = { method: 'GET', headers: new Headers(), url: 'http://x/' };
    const sent: unknown[] = [];
    const f = retryingFetch(async (r: typeof plain) => (sent.push(r), answers.shift()!), policy, clock);
    expect((await f(plain)).status).toBe(200);
    expect(sent).toEqual([plain, plain]);
  });
});
