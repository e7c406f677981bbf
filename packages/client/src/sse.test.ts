import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { DEFAULT_RETRY, type Clock } from './retry.ts';
import { readEventStream, SseParser, type SseMessage } from './sse.ts';

const parseAll = (...chunks: string[]) => {
  const p = new SseParser();
  return chunks.flatMap((c) => p.push(c));
};

describe('SseParser', () => {
  it('reads id, event and data; a blank line ends a message', () => {
    expect(parseAll('id: 1\nevent: played\ndata: {"card":"CJ"}\n\n')).toEqual([{ id: '1', event: 'played', data: '{"card":"CJ"}' }]);
  });

  it('takes messages split anywhere across chunks, CRLF and CR line ends alike', () => {
    const text = 'id: 1\r\nevent: a\r\ndata: x\r\n\r\nid: 2\rdata: y\r\r';
    const whole = parseAll(text);
    expect(whole).toEqual([
      { id: '1', event: 'a', data: 'x' },
      { id: '2', event: 'message', data: 'y' },
    ]);
    for (let cut = 1; cut < text.length; cut++) expect(parseAll(text.slice(0, cut), text.slice(cut))).toEqual(whole);
    expect(parseAll(...text.split(''))).toEqual(whole);
  });

  it('joins data lines, skips comments (the heartbeat), strips one leading space and a BOM', () => {
    expect(parseAll('\uFEFF: heartbeat\n\ndata:a\ndata:  b\n\n')).toEqual([{ id: '', event: 'message', data: 'a\n b' }]);
  });

  it('keeps the last id for later messages, ignores ids with NUL, reads retry', () => {
    const p = new SseParser();
    expect(p.push('id: 7\ndata: a\n\ndata: b\n\nid: x\0y\nretry: 2500\ndata: c\n\n')).toEqual([
      { id: '7', event: 'message', data: 'a' },
      { id: '7', event: 'message', data: 'b' },
      { id: '7', event: 'message', data: 'c' },
    ]);
    expect(p.retryMs).toBe(2500);
    expect(p.lastEventId).toBe('7');
  });

  it('dispatches nothing for a message without data, and nothing unfinished', () => {
    expect(parseAll('event: x\n\nid: 3\n\ndata: half')).toEqual([]);
  });
});

// ------------------------------------------------------------------ the reader

const clock = (): Clock & { slept: number[] } => {
  const slept: number[] = [];
  return { slept, sleep: async (ms) => void slept.push(ms), random: () => 0.5, now: () => 0 };
};

/** A streaming body: the chunks, then the end (or a dropped connection). */
function body(chunks: string[], end: 'close' | 'drop' = 'close'): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(encoder.encode(chunks[i++]));
      else if (end === 'close') controller.close();
      else controller.error(new TypeError('network error'));
    },
  });
}

const event = (seq: number, type: string) => `id: ${seq}\nevent: ${type}\ndata: {"type":"${type}"}\n\n`;

async function collect(stream: AsyncIterable<SseMessage>) {
  const out: SseMessage[] = [];
  for await (const m of stream) out.push(m);
  return out;
}

describe('readEventStream', () => {
  it('resumes after a dropped connection with Last-Event-ID, and stops after the last message', async () => {
    const asked: (string | null)[] = [];
    const answers = [
      () => new Response(body([event(1, 'cut'), event(2, 'dealt')], 'drop')),
      () => new Response(body([': heartbeat\n\n', event(3, 'played')])),
      () => new Response(body([event(4, 'finished'), event(5, 'never')])),
    ];
    const c = clock();
    const messages = await collect(
      readEventStream({
        url: 'http://x/v1/games/g/stream',
        fetch: async (r) => (asked.push(r.headers.get('last-event-id')), answers.shift()!()),
        headers: { Authorization: 'Bearer t' },
        isLast: (m) => m.event === 'finished',
        clock: c,
      }),
    );
    expect(messages.map((m) => `${m.id}:${m.event}`)).toEqual(['1:cut', '2:dealt', '3:played', '4:finished']);
    expect(asked).toEqual([null, '2', '3']);
    // A drop backs off; a clean early end waits the reconnection time.
    expect(c.slept).toEqual([100, 1_000]);
  });

  it('starts after a given event id, and follows the server’s retry: time', async () => {
    const asked: (string | null)[] = [];
    const answers = [() => new Response(body(['retry: 50\n\n', event(6, 'played')])), () => new Response(body([event(7, 'finished')]))];
    const c = clock();
    const messages = await collect(
      readEventStream({
        url: 'http://x/s',
        fetch: async (r) => (asked.push(r.headers.get('last-event-id')), answers.shift()!()),
        lastEventId: '5',
        isLast: (m) => m.event === 'finished',
        clock: c,
      }),
    );
    expect(messages.map((m) => m.id)).toEqual(['6', '7']);
    expect(asked).toEqual(['5', '6']);
    expect(c.slept).toEqual([50]);
  });

  it('waits out a 503 as Retry-After says; throws a refusal that is not retried', async () => {
    const c = clock();
    const answers = [
      () => new Response('{}', { status: 503, headers: { 'Retry-After': '2' } }),
      () => new Response(body([event(1, 'finished')])),
    ];
    const ok = await collect(readEventStream({ url: 'http://x/s', fetch: async () => answers.shift()!(), isLast: () => true, clock: c }));
    expect(ok).toHaveLength(1);
    expect(c.slept).toEqual([2_000]);

    const missing = readEventStream({
      url: 'http://x/s',
      fetch: async () => Response.json({ type: 't', title: 'Not Found', status: 404, code: 'GAME_NOT_FOUND', detail: 'no such game' }, { status: 404 }),
      clock: clock(),
      retry: DEFAULT_RETRY,
    });
    const error = await collect(missing).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('GAME_NOT_FOUND');
  });

  it('ends quietly when the caller aborts or breaks off', async () => {
    const controller = new AbortController();
    let cancelled = false;
    const endless = () =>
      new Response(
        new ReadableStream({
          start(c) {
            c.enqueue(new TextEncoder().encode(event(1, 'cut')));
          },
          cancel() {
            cancelled = true;
          },
        }),
      );
    const seen: string[] = [];
    for await (const m of readEventStream({ url: 'http://x/s', fetch: async () => endless(), signal: controller.signal, clock: clock() })) {
      seen.push(m.id);
      break;
    }
    expect(seen).toEqual(['1']);
    expect(cancelled).toBe(true);

    const stream = readEventStream({
      url: 'http://x/s',
      fetch: async (r) => {
        controller.abort();
        throw Object.assign(new Error('aborted'), { name: 'AbortError', signal: r.signal });
      },
      signal: controller.signal,
      clock: clock(),
    });
    expect(await collect(stream)).toEqual([]);
  });

  it('ends when the caller aborts during a read whose body ignores the abort (as Node’s fetch did between chunks)', async () => {
    const controller = new AbortController();
    // A body that delivers one message and then neither ends nor errors when its fetch is aborted.
    const deaf = () => new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode(event(1, 'cut'))) }));
    const seen: string[] = [];
    const reading = (async () => {
      for await (const m of readEventStream({ url: 'http://x/s', fetch: async () => deaf(), signal: controller.signal, clock: clock() })) {
        seen.push(m.id);
        setTimeout(() => controller.abort(), 10); // while the reader waits for the next chunk
      }
      return 'ended';
    })();
    expect(await reading).toBe('ended');
    expect(seen).toEqual(['1']);
  });
});
