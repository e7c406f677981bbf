// An application/x-ndjson answer written as it is read (the exports): each chunk goes to the
// socket, and the next is asked for only once the socket has taken it (a slow reader holds the
// reading back, so memory stays that of one chunk). The client going away stops the reading.
//
// A reading that fails never looks like a complete answer: before the first chunk it is answered
// like any other request's failure (a problem: 503 with the database away, else 500), after it an error
// line names the failure and the answer ends without HTTP/1.1's last chunk (see cutOff), so the
// client's read of the body fails.
//
// A reader that stops reading is not waited for without end: text goes out in pieces of whole
// lines (about PIECE bytes), and when the socket has not drained a piece for `idleMs` the
// connection is destroyed (logged once, `exportIdle`): its memory, socket buffers and the
// caller's slot are given back. (The kernel wakes a writer once about a third of the socket's send
// buffer is free: a slow reader must take that much, some 1 MB, within `idleMs`.)
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

/** About how much text one write hands the socket (whole lines): the unit a reader must take within `idleMs`. */
const PIECE = 64 * 1024;

export interface NdjsonOptions {
  /** A reader that has not taken a piece for this long is cut off. */
  idleMs: number;
  /** Called once when the answer is over, however it ended (the caller's slot is given back). */
  ended: () => void;
}

export async function ndjsonStream(
  c: Context<AppEnv>,
  log: Logger,
  chunks: (stopped: () => boolean) => AsyncIterable<string>,
  { idleMs, ended }: NdjsonOptions,
): Promise<Response> {
  let over = false;
  const end = () => {
    if (!over) (over = true), ended();
  };
  const closed = gone(c);
  const stopped = () => closed.cancelled;
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  // Over node:http every ending closes the response: the client gone, cut off, or answered whole.
  const done = outgoing ? new Promise<void>((resolve) => outgoing.once('close', resolve)).then(end) : null;
  let next: IteratorResult<string>;
  let reading: AsyncIterator<string>;
  try {
    reading = chunks(stopped)[Symbol.asyncIterator]();
    // The first chunk before the head: a failure now is answered with a status that says so.
    next = await reading.next();
  } catch (e) {
    end();
    throw e;
  }
  const failed = (e: unknown) => log.error({ requestId: c.get('requestId'), event: 'exportFailed', path: c.req.path, message: scrubbedMessage(e) });
  const record = headersOf(c);
  record['content-type'] = NDJSON;
  record['cache-control'] = 'no-store';
  if (!outgoing || !done) {
    // Not served by node:http (app.request): a web stream, errored (not closed) when the reading fails.
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          if (next.done) return end(), controller.close();
          controller.enqueue(encoder.encode(next.value));
          next = await reading.next();
        } catch (e) {
          failed(e);
          end();
          controller.error(e);
        }
      },
      async cancel() {
        end();
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
  /** Whether `waiting` settled within idleMs; if not, the reader is cut off (once) and false. */
  let idle = false;
  const inTime = async (waiting: Promise<void> | undefined) => {
    if (!waiting || idle) return !idle;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), idleMs)));
    const taken = await Promise.race([waiting.then(() => true), late]);
    clearTimeout(timer);
    if (!taken && !outgoing.destroyed) {
      idle = true;
      log.info({ requestId: c.get('requestId'), event: 'exportIdle', path: c.req.path, idleMs });
      outgoing.destroy();
    }
    return taken;
  };
  void (async () => {
    for (; !next.done; next = await reading.next()) {
      if (stopped()) return void (await reading.return?.());
      for (const piece of pieces(next.value)) {
        if (!(await inTime(write(piece)))) return void (await reading.return?.());
      }
    }
    outgoing.end();
  })().then(
    // The last bytes (and an ended answer's last chunk) must go out in time too.
    () => inTime(done),
    (e: unknown) => {
      failed(e);
      cutOff(outgoing);
      return inTime(done);
    },
  );
  return writtenAlready();
}

/** The text in pieces of about PIECE characters, each whole lines (never a character cut in two). */
function* pieces(text: string): Generator<string> {
  for (let from = 0; from < text.length; ) {
    const cut = text.indexOf('\n', from + PIECE);
    const to = cut < 0 ? text.length : cut + 1;
    yield text.slice(from, to);
    from = to;
  }
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
