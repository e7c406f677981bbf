// One Server-Sent Events loop for every stream: send what is new, then wait for the next
// version (or beat every heartbeatMs), until the feed says it is complete or the client goes.
// A process shutting down ends its streams with a `retry:` hint: the client reconnects (with
// Last-Event-ID) after that many ms, to another process.
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { DomainError } from '../errors.ts';
import type { Feed } from '../games/feed.ts';
import { ProblemCodeSchema } from './problems.ts';
import { gone } from './gone.ts';

/** The reconnection delay a stream ended by a shutdown suggests (ms). */
export const SHUTDOWN_RETRY_MS = 1000;

export function eventStream(c: Context, heartbeatMs: number, feed: Feed, metrics: { streamOpened(): () => void }): Response {
  return streamSSE(c, async (stream) => {
    const closed = gone(c);
    stream.onAbort(() => closed.cancel());
    const ended = metrics.streamOpened();
    try {
      while (!closed.cancelled) {
        const { items, version } = await feed.next();
        for (const item of items) await stream.writeSSE({ id: String(item.seq), event: item.type, data: JSON.stringify(item.payload) });
        if (version === null) return;
        let moved: boolean;
        try {
          moved = await feed.waitPast(version, heartbeatMs, closed);
        } catch (e) {
          if (!(e instanceof DomainError)) throw e;
          if (e.code === 'SHUTTING_DOWN') {
            await stream.write(`retry: ${SHUTDOWN_RETRY_MS}\n: this process is shutting down; reconnect\n\n`);
            return;
          }
          await stream.writeSSE({ event: 'error', data: JSON.stringify({ code: e.code, detail: e.detail }) });
          return;
        }
        if (closed.cancelled) return;
        if (!moved) await stream.write(': heartbeat\n\n');
      }
    } finally {
      feed.release?.();
      ended();
    }
  });
}

// ------------------------------------------------------------------ the OpenAPI side

/** The data of an `error` message: why the stream stops (then it closes). */
const StreamErrorSchema = z
  .object({ code: ProblemCodeSchema, detail: z.string() })
  .openapi('StreamError', { description: 'The data of an `error` message: why the stream stops; it closes after it' });

/**
 * The schemas of one kind of stream: `<name>Message`, one message with its `data` (`data`, or a
 * StreamError on `event: error`), and `<name>Stream`, the text/event-stream body whose
 * `contentSchema` is the list of messages it decodes to. Register the message in the sub-app
 * (`api.openAPIRegistry.register`): the stream names it only by reference.
 */
export function streamSchemas<T extends z.ZodType>(name: string, data: T, description: string) {
  const message = z
    .object({
      id: z
        .string()
        .regex(/^\d+$/)
        .optional()
        .openapi({ description: 'the sequence number (resume after it with Last-Event-ID); absent on `error`' }),
      event: z.string().openapi({ description: 'the type of the event in `data`, or `error`' }),
      data: z.union([data, StreamErrorSchema]).openapi({
        description: 'the JSON text of the event (of a StreamError on `error`)',
        anyOf: [{ $ref: `#/components/schemas/${name}` }, { $ref: '#/components/schemas/StreamError' }],
      }),
    })
    .openapi(`${name}Message`, { description: 'One Server-Sent Events message of the stream, decoded' });
  // JSON Schema's own words for an encoded string (zod-to-openapi's metadata type lacks them).
  const encoded = {
    description,
    contentMediaType: 'text/event-stream',
    contentSchema: { type: 'array', items: { $ref: `#/components/schemas/${name}Message` } },
  };
  const stream = z.string().openapi(`${name}Stream`, encoded);
  return { message, stream };
}
