// One Server-Sent Events loop for every stream: send what is new, then wait for the next
// version (or beat every heartbeatMs), until the feed says it is complete or the client goes.
// A process shutting down ends its streams with a `retry:` hint: the client reconnects (with
// Last-Event-ID) after that many ms, to another process.
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { DomainError } from '../errors.ts';
import type { Feed } from '../games/feed.ts';

/** The reconnection delay a stream ended by a shutdown suggests (ms). */
export const SHUTDOWN_RETRY_MS = 1000;

export function eventStream(c: Context, heartbeatMs: number, feed: Feed): Response {
  return streamSSE(c, async (stream) => {
    const closed = new AbortController();
    stream.onAbort(() => closed.abort());
    c.req.raw.signal.addEventListener('abort', () => closed.abort(), { once: true });
    while (!closed.signal.aborted) {
      const { items, version } = await feed.next();
      for (const item of items) await stream.writeSSE({ id: String(item.seq), event: item.type, data: JSON.stringify(item.payload) });
      if (version === null) return;
      let moved: boolean;
      try {
        moved = await feed.waitPast(version, heartbeatMs, closed.signal);
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        if (e.code === 'SHUTTING_DOWN') {
          await stream.write(`retry: ${SHUTDOWN_RETRY_MS}\n: this process is shutting down; reconnect\n\n`);
          return;
        }
        await stream.writeSSE({ event: 'error', data: JSON.stringify({ code: e.code, detail: e.detail }) });
        return;
      }
      if (closed.signal.aborted) return;
      if (!moved) await stream.write(': heartbeat\n\n');
    }
  });
}
