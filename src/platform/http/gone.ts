// When the client of a request goes away: its long poll or stream stops waiting.
import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';
import { Cancellation } from '../cancellation.ts';

/**
 * Cancelled when the request's connection closes (or its answer is done). Served by node:http,
 * from the response's own 'close'; otherwise (a request made in-process) from the request's
 * signal, which hono's Node adapter would otherwise make for every waiting request.
 */
export function gone(c: Context): Cancellation {
  const cancellation = new Cancellation();
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing) {
    if (outgoing.closed) cancellation.cancel();
    else outgoing.once('close', () => cancellation.cancel());
  } else {
    const signal = c.req.raw.signal;
    if (signal.aborted) cancellation.cancel();
    else signal.addEventListener('abort', () => cancellation.cancel(), { once: true });
  }
  return cancellation;
}
