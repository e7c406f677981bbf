// A JSON answer with a strong ETag, a hash of its text (as GET /openapi.json's), for an answer
// that no one version names (a tournament's read changes with joins as with results): a client
// that has it asks with If-None-Match and gets 304 without the body.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { InvalidJSONValue, JSONValue } from 'hono/utils/types';
import { empty, jsonText, type respond, setHeader } from './reply.ts';

/** Whether an If-None-Match header names `etag`: `*`, or one of its list by the weak comparison (RFC 9110 §13.1.2, `W/` aside). */
export function namedBy(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/** `body` as JSON with its ETag; 304 (no body) when the request's If-None-Match names it. */
// biome-ignore lint/complexity/noBannedTypes: the same bound as respond's (hono's c.json)
export function respondTagged<T extends JSONValue | {} | InvalidJSONValue, S extends ContentfulStatusCode>(c: Context, body: T, status: S) {
  const text = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
  setHeader(c, 'ETag', etag);
  if (namedBy(c.req.header('If-None-Match'), etag)) return empty(c, 304);
  return jsonText(c, text, status) as ReturnType<typeof respond<T, S>>;
}
