// One Server-Sent Events loop for every stream: send what is new, then wait for the next
// version (or beat every heartbeatMs), until the source says it is complete or the client goes.
import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { waitPast, type GameNotifier } from './notifier.ts';
import { ProblemError } from './problem.ts';

export interface SseSource {
  key: string;
  /** The stored version of the streamed thing (read after registering a waiter). */
  readVersion: () => Promise<number | null>;
  /** Writes everything new; returns the version sent up to, or null when the stream is complete. */
  pump: (stream: SSEStreamingApi) => Promise<number | null>;
}

export function eventStream(c: Context, notifier: GameNotifier, heartbeatMs: number, source: SseSource): Response {
  if (!notifier.hasRoom())
    throw new ProblemError(503, 'TOO_MANY_WAITERS', 'this server holds too many waiting requests; retry shortly');
  return streamSSE(c, async (stream) => {
    const closed = new AbortController();
    stream.onAbort(() => closed.abort());
    c.req.raw.signal.addEventListener('abort', () => closed.abort(), { once: true });
    while (!closed.signal.aborted) {
      const version = await source.pump(stream);
      if (version === null) return;
      let moved: boolean;
      try {
        moved = await waitPast(notifier, source.key, version, heartbeatMs, source.readVersion, closed.signal);
      } catch (e) {
        if (!(e instanceof ProblemError)) throw e;
        await stream.writeSSE({ event: 'error', data: JSON.stringify({ code: e.code, detail: e.detail }) });
        return;
      }
      if (closed.signal.aborted) return;
      if (!moved) await stream.write(': heartbeat\n\n');
    }
  });
}
