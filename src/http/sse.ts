// One Server-Sent Events loop for every stream: send what is new, then wait for the next
// version (or beat every heartbeatMs), until the feed says it is complete or the client goes.
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { DomainError } from '../errors.ts';
import type { Feed } from '../games/feed.ts';

export function eventStream(c: Context, heartbeatMs: number, feed: Feed, metrics: { streamOpened(): () => void }): Response {
  return streamSSE(c, async (stream) => {
    const closed = new AbortController();
    stream.onAbort(() => closed.abort());
    c.req.raw.signal.addEventListener('abort', () => closed.abort(), { once: true });
    const ended = metrics.streamOpened();
    try {
      while (!closed.signal.aborted) {
        const { items, version } = await feed.next();
        for (const item of items) await stream.writeSSE({ id: String(item.seq), event: item.type, data: JSON.stringify(item.payload) });
        if (version === null) return;
        let moved: boolean;
        try {
          moved = await feed.waitPast(version, heartbeatMs, closed.signal);
        } catch (e) {
          if (!(e instanceof DomainError)) throw e;
          await stream.writeSSE({ event: 'error', data: JSON.stringify({ code: e.code, detail: e.detail }) });
          return;
        }
        if (closed.signal.aborted) return;
        if (!moved) await stream.write(': heartbeat\n\n');
      }
    } finally {
      ended();
    }
  });
}
