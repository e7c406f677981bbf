// An application/x-ndjson answer written as it is read (the exports): each chunk goes to the
// socket, and the next is asked for only once the socket has taken it (a slow reader holds the
// reading back, so memory stays that of one chunk). The client going away stops the reading.
//
// A reading that fails never looks like a complete answer: before the first chunk it is answered
// as any request's failure (a problem: 503 with the database away, else 500), after it an error
// line names the failure and the answer ends without HTTP/1.1's last chunk (see cutOff), so the
// client's read of the body fails.
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Context } from 'hono';
import { scrubbedMessage } from '../db/errors.ts';
import type { Logger } from '../log.ts';
import type { AppEnv } from './env.ts';
import { gone } from './gone.ts';
import { headersOf, writtenAlready } from './reply.ts';
import { socketWriter } from './socket-writer.ts';

export const NDJSON = 'application/x-ndjson';

export async function ndjsonStream(c: Context<AppEnv>, log: Logger, chunks: (stopped: () => boolean) => AsyncIterable<string>): Promise<Response> {
  const closed = gone(c);
  const stopped = () => closed.cancelled;
  const reading = chunks(stopped)[Symbol.asyncIterator]();
  // The first chunk before the head: a failure now is answered with a status that says so.
  let next = await reading.next();
  const failed = (e: unknown) => log.error({ requestId: c.get('requestId'), event: 'exportFailed', path: c.req.path, message: scrubbedMessage(e) });
  const record = headersOf(c);
  record['content-type'] = NDJSON;
  record['cache-control'] = 'no-store';
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing) {
    // Not served by node:http (app.request): a web stream, errored (not closed) when the reading fails.
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          if (next.done) return controller.close();
          controller.enqueue(encoder.encode(next.value));
          next = await reading.next();
        } catch (e) {
          failed(e);
          controller.error(e);
        }
      },
      async cancel() {
        closed.cancel();
        await reading.return?.();
      },
    });
    return c.newResponse(body, 200);
  }
  outgoing.writeHead(200, record);
  const tap = c.get('streamTap');
  tap?.opened(NDJSON);
  const write = socketWriter(outgoing, tap);
  void (async () => {
    for (; !next.done; next = await reading.next()) {
      if (stopped()) return void (await reading.return?.());
      await write(next.value);
    }
  })().then(
    () => outgoing.end(),
    (e: unknown) => {
      failed(e);
      cutOff(outgoing);
    },
  );
  return writtenAlready();
}

/**
 * Ends a chunked answer without its last (empty) chunk: the socket is closed once what was written
 * has gone out, so the client has every line sent, each whole, and then a body that breaks off
 * (curl: error 18; fetch: the body's read rejects; node:http: 'aborted'). destroy() would drop
 * what is still queued, a line cut in two among it.
 */
function cutOff(outgoing: ServerResponse): void {
  const socket = outgoing.socket as (Socket & { _httpMessage?: unknown }) | null;
  // The socket is this answer's alone unless another (a pipelined request's) is being written on it.
  if (socket && socket._httpMessage === outgoing && !socket.destroyed) socket.end();
  else outgoing.destroy();
}
