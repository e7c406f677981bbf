// The form bodies of the token, revocation and device endpoints (application/x-www-form-urlencoded),
// read as RFC 6749 §3.2 asks: a parameter sent twice is a malformed request, an unknown one is
// ignored. Their refusals are OAuth errors (invalid_request), as OAuth client libraries expect.
import type { Context } from 'hono';
import { MAX_BODY_BYTES, tooLarge } from '../platform/http/operation.ts';
import { OAuthError } from './errors.ts';

const FORM = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/** The form's fields (only `names` are kept), each at most once. */
export async function readForm<K extends string>(c: Context, names: readonly K[]): Promise<Partial<Record<K, string>>> {
  const type = c.req.header('Content-Type');
  if (!type || !FORM.test(type)) throw new OAuthError('invalid_request', 'send the parameters as application/x-www-form-urlencoded');
  const length = Number(c.req.header('Content-Length') ?? '0');
  if (length > MAX_BODY_BYTES) throw tooLarge();
  const bytes = await c.req.arrayBuffer();
  // A chunked body declares no length: counted once read (the endpoints take a few hundred bytes).
  if (bytes.byteLength > MAX_BODY_BYTES) throw tooLarge();
  const params = new URLSearchParams(new TextDecoder().decode(bytes));
  const out: Partial<Record<K, string>> = {};
  for (const name of names) {
    const values = params.getAll(name);
    if (values.length > 1) throw new OAuthError('invalid_request', `${name} is sent more than once`);
    if (values.length === 1) out[name] = values[0];
  }
  return out;
}
