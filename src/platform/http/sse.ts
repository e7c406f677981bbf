// One Server-Sent Events loop for every stream: send what is new, then wait for the next
// version (or beat every heartbeatMs), until the feed says it is complete or the client goes.
// A process shutting down ends its streams with a `retry:` hint: the client reconnects (with
// Last-Event-ID) after that many ms, to another process.
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { scrubbedMessage } from '../db/errors.ts';
import { DomainError } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { Feed, FeedItem } from '../streams/feed.ts';
import { type ProblemCode, ProblemCodeSchema, problemResponses } from './problems.ts';
import { gone } from './gone.ts';
import { headersOf, writtenAlready } from './reply.ts';
import { socketWriter } from './socket-writer.ts';
import type { Cancellation } from '../cancellation.ts';
import type { ServerResponse } from 'node:http';
import type { AppEnv } from './env.ts';

/** The reconnection delay a stream ended by a shutdown suggests (ms). */
export const SHUTDOWN_RETRY_MS = 1000;

export function eventStream(c: Context<AppEnv>, heartbeatMs: number, feed: Feed, metrics: { streamOpened(): () => void }, log: Logger): Response {
  // The database away mid-stream (or a fault of ours): the stream ends, as at a shutdown, and the
  // client resumes with Last-Event-ID; the line says why it ended.
  const failed = (e: unknown) => log.error({ requestId: c.get('requestId'), event: 'streamFailed', path: c.req.path, message: scrubbedMessage(e) });
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing) {
    // Not served by node:http (app.request): through hono's web stream.
    return streamSSE(
      c,
      async (stream) => {
        const closed = gone(c);
        stream.onAbort(() => closed.cancel());
        await pump(feed, heartbeatMs, closed, metrics, async (text) => void (await stream.write(text)));
      },
      async (e) => failed(e),
    );
  }
  // Served by node:http: straight to the socket. Through hono's stream every write crossed three
  // web streams (a TransformStream, a ReadableStream, the adapter's reader), a dozen promises per
  // message, and a commit writes to every stream of its game at once. The header record is whole
  // by now: the edge and the checks fill it before the handler runs (reply.ts).
  const record = headersOf(c);
  record['content-type'] = 'text/event-stream';
  record['cache-control'] = 'no-cache';
  record.connection = 'keep-alive';
  outgoing.writeHead(200, record);
  outgoing.flushHeaders();
  const tap = c.get('streamTap');
  tap?.opened();
  const closed = gone(c);
  // A slow reader: the next message waits for its socket to drain (or to close).
  void pump(feed, heartbeatMs, closed, metrics, socketWriter(outgoing, tap))
    .catch(failed)
    .finally(() => outgoing.end());
  // Tells the adapter that the answer is being written already (@hono/node-server's own marker).
  return writtenAlready();
}

/** A write: undefined when the socket took it at once, else a promise of its drain (or close). */
export type Write = (text: string | Uint8Array) => Promise<void> | undefined;

/** The loop of one stream: what is new, then the wait, until the feed is complete or the client goes (exported for its tests). */
export async function pump(feed: Feed, heartbeatMs: number, closed: Cancellation, metrics: { streamOpened(): () => void }, write: Write): Promise<void> {
  const ended = metrics.streamOpened();
  // A write the socket could not take at once: until it drains, announcements wake the loop.
  let backedUp: Promise<void> | null = null;
  // A commit's push: this stream's round sent in the turn that announces it, with no promise of
  // its own (a commit wakes every stream of its game at once); the loop takes over whenever the
  // round is not at hand (see Feed.nextNow), the socket is backed up, or the feed is complete.
  const nextNow = feed.nextNow?.bind(feed);
  const push = nextNow
    ? (): boolean => {
        if (closed.cancelled || backedUp !== null) return false;
        const round = nextNow();
        if (round === null) return false;
        if (round.items.length > 0) {
          const drained = write(messagesOf(round.items));
          if (drained) {
            const wait = drained.then(() => {
              if (backedUp === wait) backedUp = null;
            });
            backedUp = wait;
          }
        }
        return true;
      }
    : undefined;
  try {
    while (!closed.cancelled) {
      if (backedUp !== null) await backedUp;
      const { items, version } = await feed.next();
      // One write per round (a commit's events and view).
      if (items.length > 0) await write(messagesOf(items));
      if (version === null) return;
      let moved: boolean;
      try {
        moved = await feed.waitPast(version, heartbeatMs, closed, push);
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        if (e.code === 'SHUTTING_DOWN') {
          await write(`retry: ${SHUTDOWN_RETRY_MS}\n: this process is shutting down; reconnect\n\n`);
          return;
        }
        await write(`event: error\ndata: ${JSON.stringify({ code: e.code, detail: e.detail })}\n\n`);
        return;
      }
      if (closed.cancelled) return;
      if (!moved) await write(': heartbeat\n\n');
    }
  } finally {
    feed.release?.();
    ended();
  }
}

/**
 * The messages of a round's items, encoded once per list: a list shared by several streams (the
 * same viewer at the same place, games/shared-views.ts) is written to each of them as it is.
 */
const encoded = new WeakMap<readonly FeedItem[], Uint8Array>();

/** The items as Server-Sent Events messages (`event:`, `data:`, `id:`, as hono's writeSSE writes them). */
function messagesOf(items: readonly FeedItem[]): Uint8Array {
  const known = encoded.get(items);
  if (known) return known;
  let text = '';
  for (const item of items) text += `event: ${item.type}\ndata: ${item.data ?? JSON.stringify(item.payload)}\nid: ${item.seq}\n\n`;
  const bytes = Buffer.from(text);
  encoded.set(items, bytes);
  return bytes;
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
export function streamSchemas<T extends z.ZodType>(
  name: string,
  data: T,
  description: string,
  /** Other messages the stream may carry: the schema name of their data, and what they are. */
  others: { name: string; event: string }[] = [],
) {
  return { message: streamMessage(name, data, others), stream: streamBody(name, description) };
}

/** `<name>Message`: one message of a stream, with its `data` (see streamSchemas). */
export function streamMessage<T extends z.ZodType>(name: string, data: T, others: { name: string; event: string }[] = []) {
  const also = others.map((o) => `, \`${o.event}\` (a ${o.name})`).join('');
  return z
    .object({
      id: z
        .string()
        .regex(/^\d+$/)
        .optional()
        .openapi({ description: 'the sequence number (resume after it with Last-Event-ID); absent on `error`' }),
      event: z.string().openapi({ description: `the type of the event in \`data\`${also}, or \`error\`` }),
      // The others by reference only (named in anyOf below): their schemas are registered where they are defined.
      data: z.union([data, ...others.map(() => z.looseObject({})), StreamErrorSchema]).openapi({
        description: 'the JSON text of the event (of a StreamError on `error`)',
        anyOf: [
          { $ref: `#/components/schemas/${name}` },
          ...others.map((o) => ({ $ref: `#/components/schemas/${o.name}` })),
          { $ref: '#/components/schemas/StreamError' },
        ],
      }),
    })
    .openapi(`${name}Message`, { description: 'One Server-Sent Events message of the stream, decoded' });
}

/** `<name>Stream`: the text/event-stream body of a stream, a list of `<name>Message`s (see streamSchemas). */
export function streamBody(name: string, description: string) {
  // JSON Schema's own words for an encoded string (zod-to-openapi's metadata type lacks them).
  const encoded = {
    description,
    contentMediaType: 'text/event-stream',
    contentSchema: { type: 'array', items: { $ref: `#/components/schemas/${name}Message` } },
  };
  return z.string().openapi(`${name}Stream`, encoded);
}

/** The header a client reconnecting to a stream sends: the id of the last message it read. */
export const ResumeHeaders = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,9}$/)
    .optional()
    .openapi({ description: 'the id of the last message received: resume after it' }),
});

/**
 * A stream route's answers: the text/event-stream body of `streamSchemas` (with an example of it),
 * or a problem: `codes`, and TOO_MANY_WAITERS, which every stream may answer (it waits while open).
 */
export const streamResponses = <S extends z.ZodType>(schemas: { stream: S }, example: string, ...codes: ProblemCode[]) => ({
  200: { description: 'The event stream', content: { 'text/event-stream': { schema: schemas.stream, example } } },
  ...problemResponses(...codes, 'TOO_MANY_WAITERS'),
});
