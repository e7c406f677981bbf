// An operation of the API: its OpenAPI definition (documented as written) and its handler, behind
// one validation step.
//
// @hono/zod-openapi's `openapi()` puts a middleware per request part in front of the handler (the
// query, the path, the headers, the media type, the body), each an async hop of hono's chain that
// parses with zod's async parser, and reads the body through a whole web Request built for it.
// Measured in `npm run bench:http`, that was a tenth of the server's time per move. Here one
// middleware checks every part with the same schemas, synchronously, in the same order and with
// the same answers (VALIDATION_FAILED naming every offending field of the first part that fails,
// MALFORMED_JSON, UNSUPPORTED_MEDIA_TYPE), and hands the handler the same `c.req.valid(…)`.
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import type { RouteConfig, RouteHandler, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type { App, AppEnv } from './env.ts';
import { ProblemError } from './problems.ts';

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** Whether a Content-Type names JSON (application/json, or any application/…+json). */
export const isJson = (contentType: string) => JSON_TYPE.test(contentType.split(';')[0].trim());

/** The largest body a request may send. */
export const MAX_BODY_BYTES = 16 * 1024;

export const tooLarge = () => new ProblemError('PAYLOAD_TOO_LARGE', `the body is larger than ${MAX_BODY_BYTES} bytes`);
export const notJson = () => new ProblemError('UNSUPPORTED_MEDIA_TYPE', 'send the body as application/json');

/** A failed parse as the problem the API answers: every offending field by its own path. */
export function validationProblem(error: z.ZodError): ProblemError {
  const errors = error.issues.flatMap((i) =>
    i.code === 'unrecognized_keys'
      ? i.keys.map((k) => ({ path: [...i.path, k].join('.'), message: 'unknown field' }))
      : [{ path: i.path.join('.') || '(body)', message: i.message }],
  );
  return new ProblemError('VALIDATION_FAILED', errors.map((e) => `${e.path}: ${e.message}`).join('; '), { errors });
}

type Part = 'query' | 'param' | 'header';

/**
 * The names a part's object schema knows: only they are read from the request (zod's object drops
 * any other), and each by itself. Asking hono for a request's every header makes the Node
 * adapter build a whole web Headers object from the raw ones, for every POST /moves.
 */
function namesOf(schema: z.ZodType, where: string): string[] {
  // A zod object has `shape`; a route's config types its parts only as zod types of any kind.
  const shape = (schema as unknown as { shape?: object }).shape;
  // A schema of another kind would be handed nothing at all: refused when the route is added.
  if (!shape) throw new Error(`${where}: a query, path or header schema must be an object`);
  return Object.keys(shape);
}

/** The query as hono's validator sees it: a repeated name is a list, any other a string. */
function queryOf(c: Context, names: readonly string[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const url = c.req.url;
  const at = url.indexOf('?');
  if (at < 0) return out;
  // The same decoding as hono's (application/x-www-form-urlencoded: '+' is a space, %XX a byte).
  const end = url.indexOf('#', at);
  const params = new URLSearchParams(url.slice(at + 1, end < 0 ? undefined : end));
  for (const name of names) {
    const values = params.getAll(name);
    if (values.length > 0) out[name] = values.length === 1 ? values[0] : values;
  }
  return out;
}

/** The headers a schema names (lower case), as hono's c.req.header(name) reads each. */
function headersOf(c: Context, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = c.req.header(name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/**
 * Bytes as UTF-8 text, strictly: an invalid sequence (a stray \xff, an overlong \xc0\xaf) is
 * refused, not replaced with U+FFFD and stored (RFC 8259 §8.1: JSON text is UTF-8).
 */
function utf8(bytes: Buffer): string {
  if (!isUtf8(bytes)) throw new ProblemError('MALFORMED_JSON', 'the body is not valid UTF-8');
  return bytes.toString('utf8');
}

/**
 * The body as text, refused (413) once it passes MAX_BODY_BYTES: a declared length was checked by
 * the edge (checkBody), a chunked body is counted here as it arrives. Served by node:http, it is
 * read from the socket's stream itself (not through a web Request made for it); a request made
 * in-process through hono's request.
 */
async function bodyText(c: Context): Promise<string> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) {
    const bytes = Buffer.from(await c.req.arrayBuffer());
    if (bytes.length > MAX_BODY_BYTES) throw tooLarge();
    return utf8(bytes);
  }
  if (incoming.readableEnded) return '';
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onBroken);
      incoming.off('close', onBroken);
    };
    // Past the limit it stops listening: what else arrives flows on unread (hono's adapter drains
    // a body left over, or drops the connection), so the 413 still reaches the client.
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        done();
        reject(tooLarge());
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      try {
        resolve(utf8(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
      } catch (e) {
        reject(e);
      }
    };
    // The client went away (or broke the stream) before the body was whole: its mistake, answered
    // like a body that does not parse (to nobody, most likely), not an error of ours.
    const onBroken = () => {
      done();
      reject(new ProblemError('MALFORMED_JSON', 'the body did not arrive whole'));
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onBroken);
    incoming.on('close', onBroken);
  });
}

/** Registers `route` in the document and its handler behind one validation step. */
export function operation<R extends RouteConfig>(api: App, route: R, handler: RouteHandler<R, AppEnv>): void {
  api.openAPIRegistry.registerPath(route);
  const request = route.request ?? {};
  const parts: [Part, z.ZodType, string[]][] = [];
  for (const [part, schema] of [['query', request.query], ['param', request.params], ['header', request.headers]] as const)
    if (schema) parts.push([part, schema as z.ZodType, namesOf(schema as z.ZodType, `${route.method} ${route.path} (${part})`)]);
  const body = request.body;
  const media = body?.content?.['application/json'];
  const bodySchema = media && 'schema' in media ? (media.schema as z.ZodType) : undefined;

  const validate: MiddlewareHandler<AppEnv> = async (c, next) => {
    for (const [part, schema, names] of parts) {
      const value = part === 'query' ? queryOf(c, names) : part === 'param' ? c.req.param() : headersOf(c, names);
      const result = schema.safeParse(value);
      if (!result.success) throw validationProblem(result.error);
      c.req.addValidatedData(part, result.data as Record<string, unknown>);
    }
    if (bodySchema) {
      const contentType = c.req.header('Content-Type');
      const json = contentType !== undefined && isJson(contentType);
      if (contentType !== undefined && !json) throw notJson();
      // No body to read: an optional one is left out ({}); a required one is checked as {}.
      let value: unknown = {};
      if (json) {
        try {
          value = JSON.parse(await bodyText(c));
        } catch (e) {
          if (e instanceof SyntaxError) throw new ProblemError('MALFORMED_JSON', 'the body is not valid JSON');
          throw e;
        }
      }
      if (json || body?.required) {
        const result = bodySchema.safeParse(value);
        if (!result.success) throw validationProblem(result.error);
        value = result.data;
      }
      c.req.addValidatedData('json', value as Record<string, unknown>);
    }
    return next();
  };
  api.on(route.method.toUpperCase(), route.path.replaceAll(/\/{(.+?)}/g, '/:$1'), validate, handler);
}
