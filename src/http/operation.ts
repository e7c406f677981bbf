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
import type { IncomingMessage } from 'node:http';
import type { RouteConfig, RouteHandler, z } from '@hono/zod-openapi';
import type { Context, Handler, MiddlewareHandler } from 'hono';
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

/** The query as hono's validator sees it: a repeated name is a list, any other a string. */
function queryOf(c: Context): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, values] of Object.entries(c.req.queries())) out[name] = values.length === 1 ? values[0] : values;
  return out;
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
    const text = await c.req.text();
    if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw tooLarge();
    return text;
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
      resolve(chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8'));
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
  const parts: [Part, z.ZodType][] = [];
  if (request.query) parts.push(['query', request.query as z.ZodType]);
  if (request.params) parts.push(['param', request.params as z.ZodType]);
  if (request.headers) parts.push(['header', request.headers as z.ZodType]);
  const body = request.body;
  const media = body?.content?.['application/json'];
  const bodySchema = media && 'schema' in media ? (media.schema as z.ZodType) : undefined;

  const validate: MiddlewareHandler<AppEnv> = async (c, next) => {
    for (const [part, schema] of parts) {
      const value = part === 'query' ? queryOf(c) : part === 'param' ? c.req.param() : c.req.header();
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
  api.on(route.method.toUpperCase(), route.path.replaceAll(/\/{(.+?)}/g, '/:$1'), validate, handler as unknown as Handler<AppEnv>);
}
