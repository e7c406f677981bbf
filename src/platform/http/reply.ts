// A response's headers as one plain record per request, and the answers made from it.
//
// hono keeps a context's headers in a web `Headers` object: every `c.header()` validates its
// name and value, and the Node adapter copies and sorts them all again into the record that
// `writeHead` takes. A response of this API carries ~15 headers (its id, the security and CORS
// headers, the rate limit, ETag, …), so that cost a sizable share of a move's time in the
// server. Here every header goes into one record (lower-case names), which `respond`/`empty` hand to
// the adapter as they are (its fast path: a plain record goes straight to writeHead). A response
// made some other way (hono's own: docs, the web client, a CORS preflight, a stream) gets the
// record's headers when the edge sees it (`finish`), its own winning.
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import type { InvalidJSONValue, JSONParsed, JSONValue } from 'hono/utils/types';

export type HeaderRecord = Record<string, string>;

const RECORD = 'headers' as const;
/** The answers made from a request's record: they carry every header already. */
const made = new WeakSet<Response>();

/** The request's header record (the edge starts it; a context without one gets one). */
export function headersOf(c: Context): HeaderRecord {
  let record = c.get(RECORD) as HeaderRecord | undefined;
  if (!record) c.set(RECORD, (record = {}));
  return record;
}

/** Sets a response header; `append` adds to a list header (Vary) instead. */
export function setHeader(c: Context, name: string, value: string, options?: { append?: boolean }): void {
  const record = headersOf(c);
  const key = name.toLowerCase();
  record[key] = options?.append && record[key] ? `${record[key]}, ${value}` : value;
}

/**
 * A JSON answer (`type`: another JSON media type, e.g. problem+json), typed as hono's `c.json`
 * types it, so a route's handler is still checked against the schema of its answer.
 */
// biome-ignore lint/complexity/noBannedTypes: the same bound as hono's c.json, so a handler's answer is typed as hono types it
export function respond<T extends JSONValue | {} | InvalidJSONValue, S extends ContentfulStatusCode>(
  c: Context,
  body: T,
  status: S,
  type = 'application/json',
): Response & TypedResponse<JSONParsed<T>, S, 'json'> {
  return jsonText(c, JSON.stringify(body), status, type) as Response & TypedResponse<JSONParsed<T>, S, 'json'>;
}

/** A JSON answer whose text is made already (etag.ts hashes it first). */
export function jsonText(c: Context, text: string, status: ContentfulStatusCode, type = 'application/json'): Response {
  const record = headersOf(c);
  record['content-type'] = type;
  return remember(new Response(text, { status, headers: record }));
}

/** An answer without a body (204, 304). */
export function empty<S extends StatusCode>(c: Context, status: S): Response & TypedResponse<null, S, 'body'> {
  return remember(new Response(null, { status, headers: headersOf(c) })) as Response & TypedResponse<null, S, 'body'>;
}

/**
 * The answer of a handler that wrote its response to the socket itself (an event stream): the
 * adapter leaves it alone, and so does `finish` (it is one shared object).
 */
export function writtenAlready(): Response {
  return remember(RESPONSE_ALREADY_SENT);
}

function remember(res: Response): Response {
  made.add(res);
  return res;
}

/**
 * Gives a response made elsewhere the record's headers (a header it set itself wins; Vary lists
 * are joined). A response of `respond`/`empty` has them already: its headers are the record itself,
 * which the adapter reads only once the response leaves, so a header set now still goes with it.
 */
export function finish(c: Context, res: Response): void {
  if (made.has(res)) return;
  const record = c.get(RECORD) as HeaderRecord | undefined;
  if (!record) return;
  const headers = res.headers;
  for (const name in record) {
    const own = headers.get(name);
    if (own === null) headers.set(name, record[name]);
    else if (name === 'vary' && own !== record[name]) headers.set(name, `${own}, ${record[name]}`);
  }
}
