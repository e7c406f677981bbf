// An application/x-ndjson answer written as it is read (the exports): each chunk goes to the
// socket, and the next is asked for only once the socket has taken it (a slow reader holds the
// reading back, so memory stays that of one chunk). The client going away stops the reading.
import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import type { AppEnv } from './env.ts';
import { gone } from './gone.ts';
import { headersOf, writtenAlready } from './reply.ts';
import { socketWriter } from './socket-writer.ts';

export const NDJSON = 'application/x-ndjson';

export function ndjsonStream(c: Context<AppEnv>, chunks: (stopped: () => boolean) => AsyncIterable<string>): Response {
  const closed = gone(c);
  const stopped = () => closed.cancelled;
  const record = headersOf(c);
  record['content-type'] = NDJSON;
  record['cache-control'] = 'no-store';
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing) {
    // Not served by node:http (app.request): through hono's web stream.
    return stream(c, async (s) => {
      s.onAbort(() => closed.cancel());
      for await (const text of chunks(stopped)) await s.write(text);
    });
  }
  outgoing.writeHead(200, record);
  const tap = c.get('streamTap');
  tap?.opened(NDJSON);
  const write = socketWriter(outgoing, tap);
  void (async () => {
    for await (const text of chunks(stopped)) {
      if (stopped()) return;
      await write(text);
    }
  })()
    // The database away mid-export: the answer ends early (the client sees a short file; the
    // last line is whole, so it may resume with until= the last record's end).
    .catch(() => {})
    .finally(() => outgoing.end());
  return writtenAlready();
}
