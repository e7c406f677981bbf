// Server-Sent Events over fetch. The browser's EventSource cannot send an Authorization header,
// and the service redacts a stream for the token's player, so streams are read with fetch: a
// parser that follows the WHATWG event-stream rules, and a reader that reconnects with
// `Last-Event-ID` (resuming exactly after the last event it delivered) until the stream is
// complete or the caller stops.
import { ApiError, isAbort, problemOf } from './errors.ts';
import { backoffMs, DEFAULT_RETRY, realClock, retryDelay, type Clock, type RetryPolicy } from './retry.ts';
import { TimeoutError } from './timeout.ts';

export interface SseMessage {
  /** The last event id at this message (the stream's resume point once it is delivered). */
  id: string;
  /** The `event:` field, `message` when there was none. */
  event: string;
  data: string;
}

/** Feeds text in as it arrives; hands out the complete messages (html.spec.whatwg.org §9.2.6). */
export class SseParser {
  lastEventId = '';
  /** The server's `retry:` reconnection time, if it sent one. */
  retryMs: number | null = null;
  private buffer = '';
  private afterCR = false;
  private started = false;
  private data: string[] = [];
  private event = '';

  push(text: string): SseMessage[] {
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const out: SseMessage[] = [];
    let start = 0;
    // A CR ends a line at once; an LF right after it (maybe in the next chunk) belongs to it.
    if (this.afterCR && text.charCodeAt(0) === 10) start = 1;
    this.afterCR = false;
    if (!text.includes('\r')) {
      // Lines ended by LF alone (the service's): found with indexOf, not character by character
      // (a view is a few KB of JSON on one line).
      for (let i = text.indexOf('\n', start); i >= 0; i = text.indexOf('\n', start)) {
        this.line(this.buffer + text.slice(start, i), out);
        this.buffer = '';
        start = i + 1;
      }
      this.buffer += text.slice(start);
      return out;
    }
    for (let i = start; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      this.line(this.buffer + text.slice(start, i), out);
      this.buffer = '';
      if (c === 13) {
        if (i + 1 === text.length) this.afterCR = true;
        else if (text.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
    }
    this.buffer += text.slice(start);
    return out;
  }

  private line(line: string, out: SseMessage[]): void {
    if (line === '') {
      if (this.data.length > 0) out.push({ id: this.lastEventId, event: this.event || 'message', data: this.data.join('\n') });
      this.data = [];
      this.event = '';
      return;
    }
    if (line.startsWith(':')) return; // a comment (the service's heartbeat)
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id') {
      if (!value.includes('\0')) this.lastEventId = value;
    } else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
  }
}

/** Three of the service's 15 s heartbeats. */
export const DEFAULT_STREAM_IDLE_MS = 45_000;

export interface EventStreamOptions {
  url: string;
  fetch: (request: Request) => Promise<Response>;
  /** Builds the request (the client's Request class). */
  Request?: typeof Request;
  headers?: Record<string, string>;
  /** Resume after this event id. */
  lastEventId?: string;
  signal?: AbortSignal;
  /** True for the stream's final message: the reader stops after delivering it. */
  isLast?: (message: SseMessage) => boolean;
  retry?: RetryPolicy;
  /** Reconnection delay when the server sent no `retry:` (the spec's default is a few seconds). */
  reconnectMs?: number;
  /**
   * A connection that delivers nothing (the service sends a heartbeat every 15 s) for this long is
   * dropped and made again: a silent connection neither ends nor fails by itself. Default
   * DEFAULT_STREAM_IDLE_MS; 0: never.
   */
  idleMs?: number;
  clock?: Clock;
}

/**
 * The messages of an event stream, reconnecting after a drop or an early end (with
 * `Last-Event-ID`, after the server's `retry:` time or backoff) until `isLast` holds, the caller
 * breaks off or `signal` aborts. A refusal that is not worth retrying throws an `ApiError`.
 */
export async function* readEventStream(options: EventStreamOptions): AsyncGenerator<SseMessage, void, undefined> {
  const policy = options.retry ?? DEFAULT_RETRY;
  const clock = options.clock ?? realClock;
  const Req = options.Request ?? globalThis.Request;
  let lastEventId = options.lastEventId ?? '';
  let failures = 0;
  // One controller per run: breaking out of the loop (or the caller's abort) ends the fetch.
  const own = new AbortController();
  const onAbort = () => own.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) own.abort(options.signal.reason);
  try {
    while (!own.signal.aborted) {
      const headers: Record<string, string> = { Accept: 'text/event-stream', ...options.headers };
      if (lastEventId !== '') headers['Last-Event-ID'] = lastEventId;
      let response: Response;
      try {
        response = await options.fetch(new Req(options.url, { headers, signal: own.signal }));
      } catch (e) {
        if (own.signal.aborted || isAbort(e)) return;
        // A client made with `retry: false` does its retrying in its own transport (the bot runner's
        // failover): when that gives up, so does the stream, instead of reconnecting forever.
        if (policy.retries === 0) throw e;
        await clock.sleep(backoffMs(failures++, policy, clock.random), own.signal).catch(() => {});
        continue;
      }
      if (!response.ok) {
        const wait = retryDelay(response.status, response.headers.get('retry-after'), failures++, policy, clock);
        if (wait === null) throw new ApiError(response.status, problemOf(await response.json().catch(() => null)), `GET ${options.url}`);
        await response.body?.cancel().catch(() => {});
        await clock.sleep(wait, own.signal).catch(() => {});
        continue;
      }
      if (!response.body) throw new Error('readEventStream: this fetch gives no streaming body (use the long poll instead)');
      const parser = new SseParser();
      parser.lastEventId = lastEventId;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let dropped = false;
      let complete = false;
      let giveUp: ReturnType<typeof setTimeout> | undefined;
      // Stopping cancels the read itself: an aborted fetch does not always end its body's pending
      // read (Node's fetch, aborted between two chunks, left it waiting for the next heartbeat).
      const stop = () => void reader.cancel().catch(() => {});
      own.signal.addEventListener('abort', stop, { once: true });
      try {
        for (;;) {
          const { done, value } = await readWithin(reader, options.idleMs ?? DEFAULT_STREAM_IDLE_MS, options.url);
          if (own.signal.aborted) return;
          if (done) break;
          failures = 0; // the connection delivers
          if (complete) continue;
          for (const message of parser.push(decoder.decode(value, { stream: true }))) {
            lastEventId = message.id;
            yield message;
            if (options.isLast?.(message)) {
              // The service closes the stream right after its last message: read to that end
              // (a cancelled body shows up as a failed request in a browser), a moment at most.
              complete = true;
              giveUp = setTimeout(() => reader.cancel().catch(() => {}), 2_000);
              break;
            }
          }
        }
      } catch (e) {
        if (complete || own.signal.aborted || isAbort(e)) return;
        dropped = true;
      } finally {
        own.signal.removeEventListener('abort', stop);
        clearTimeout(giveUp);
        if (!complete) reader.cancel().catch(() => {});
      }
      if (complete) return;
      // The stream ended before its last message (a restart, a proxy, a dropped line): come back
      // after the server's `retry:` time, or back off when the connection failed.
      const wait = dropped ? backoffMs(failures++, policy, clock.random) : (parser.retryMs ?? options.reconnectMs ?? 1_000);
      await clock.sleep(wait, own.signal).catch(() => {});
    }
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/** The reader's next chunk, or a TimeoutError (the read cancelled) when none comes within `ms`. */
function readWithin<T>(reader: ReadableStreamDefaultReader<T>, ms: number, url: string): Promise<ReadableStreamReadResult<T>> {
  if (ms <= 0) return reader.read();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new TimeoutError(url, ms));
      reader.cancel().catch(() => {});
    }, ms);
    reader.read().then(
      (r) => {
        clearTimeout(timer);
        resolve(r);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
