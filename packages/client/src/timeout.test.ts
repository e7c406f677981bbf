import { describe, expect, it } from 'vitest';
import { createClient } from './index.ts';
import { readEventStream, type SseMessage } from './sse.ts';
import { TimeoutError, timedFetch } from './timeout.ts';

/**
 * A transport whose first `silent` requests are never answered (as a connection a dying process
 * held): their promise settles only when their signal aborts. The rest are answered by `answer`.
 */
function silentThen(silent: number, answer: (r: Request) => Response) {
  const sent: Request[] = [];
  const aborted: boolean[] = [];
  const fetch = (r: Request): Promise<Response> => {
    sent.push(r);
    const i = sent.length - 1;
    aborted.push(false);
    if (i >= silent) return Promise.resolve(answer(r));
    return new Promise((_, reject) => {
      r.signal.addEventListener('abort', () => {
        aborted[i] = true;
        reject(r.signal.reason);
      });
    });
  };
  return { fetch, sent, aborted };
}

const rebuild = (r: Request, signal: AbortSignal) => new Request(r, { signal });

describe('an attempt without an answer', () => {
  it('is given up after the time limit as a lost connection (ETIMEDOUT), its request aborted', async () => {
    const t = silentThen(1, () => Response.json({}));
    const client = createClient({ fetch: t.fetch, baseUrl: 'http://x', retry: false, timeoutMs: 40 });
    const started = Date.now();
    const error = await client.getGame('g1').catch((e) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.code).toBe('ETIMEDOUT');
    expect(error.message).toContain('/v1/games/g1');
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
    expect(t.aborted).toEqual([true]);
  });

  it('is sent again when it is safe to repeat (a read, a keyed write), not otherwise', async () => {
    const view = { id: 'g1', version: 5 };
    const read = silentThen(2, () => Response.json(view));
    const client = createClient({ fetch: read.fetch, baseUrl: 'http://x', retry: { baseDelayMs: 1 }, timeoutMs: 30 });
    expect(await client.getGame('g1')).toEqual(view);
    expect(read.sent).toHaveLength(3);

    const keyed = silentThen(1, () => Response.json({ version: 6, view, events: [] }));
    await createClient({ fetch: keyed.fetch, baseUrl: 'http://x', retry: { baseDelayMs: 1 }, timeoutMs: 30 }).move('g1', { type: 'pass' });
    expect(keyed.sent).toHaveLength(2);
    expect(keyed.sent[0].headers.get('idempotency-key')).toBe(keyed.sent[1].headers.get('idempotency-key'));

    // Without a key a move may have been made: its caller decides (expectedVersion makes a resend safe).
    const unkeyed = silentThen(1, () => Response.json({}));
    const error = await createClient({ fetch: unkeyed.fetch, baseUrl: 'http://x', retry: { baseDelayMs: 1 }, timeoutMs: 30, idempotencyKeys: false })
      .move('g1', { type: 'pass' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(unkeyed.sent).toHaveLength(1);
  });

  it('a long poll has its wait on top of the limit', async () => {
    const late = (r: Request) => new Promise<Response>((resolve) => setTimeout(() => resolve(Response.json({ url: r.url })), 80));
    const timed = timedFetch(late, rebuild, 30);
    expect(await (await timed(new Request('http://x/v1/games/g1?waitForVersion=4'))).json()).toEqual({ url: 'http://x/v1/games/g1?waitForVersion=4' });
    const error = await timed(new Request('http://x/v1/games/g1')).catch((e) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.ms).toBe(30);
  });

  it('the caller’s abort is still an abort; an answer in time leaves its request alone; 0 turns the limit off', async () => {
    const t = silentThen(1, () => Response.json({}));
    const caller = new AbortController();
    const pending = timedFetch(t.fetch, rebuild, 10_000)(new Request('http://x/a', { signal: caller.signal })).catch((e) => e);
    caller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect(error.name).toBe('AbortError');

    let signal: AbortSignal | undefined;
    const answered = await timedFetch(async (r: Request) => ((signal = r.signal), Response.json({})), rebuild, 20)(new Request('http://x/b'));
    await new Promise((r) => setTimeout(r, 40));
    expect(answered.status).toBe(200);
    expect(signal?.aborted).toBe(false);

    const untimed = (r: Request) => Promise.resolve(new Response(r.url));
    expect(timedFetch(untimed, rebuild, 0)).toBe(untimed);
  });
});

describe('a stream that goes silent', () => {
  it('is dropped after idleMs without a byte and resumed with Last-Event-ID', async () => {
    const encoder = new TextEncoder();
    let cancelled = 0;
    const silentAfter = (text: string) =>
      new ReadableStream<Uint8Array>({
        start: (controller) => controller.enqueue(encoder.encode(text)),
        cancel: () => void cancelled++,
      });
    const asked: (string | null)[] = [];
    const answers = [
      () => new Response(silentAfter('id: 1\nevent: cut\ndata: {}\n\n')),
      () => new Response('id: 2\nevent: finished\ndata: {}\n\n'),
    ];
    const out: SseMessage[] = [];
    for await (const m of readEventStream({
      url: 'http://x/v1/games/g/stream',
      fetch: async (r) => (asked.push(r.headers.get('last-event-id')), answers.shift()!()),
      isLast: (m) => m.event === 'finished',
      idleMs: 50,
      clock: { sleep: async () => {}, random: () => 0, now: () => 0 },
    }))
      out.push(m);
    expect(out.map((m) => m.event)).toEqual(['cut', 'finished']);
    expect(asked).toEqual([null, '1']);
    expect(cancelled).toBe(1);
  });
});
