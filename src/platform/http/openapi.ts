// The OpenAPI 3.1 document, generated from the route definitions, and what routes share in it.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { z } from '@hono/zod-openapi';
import { closeSchemas } from './closed-schemas.ts';
import type { App } from './env.ts';
import { empty, setHeader } from './reply.ts';

export const OPENAPI_INFO = {
  openapi: '3.1.0',
  info: {
    title: 'Offiziersskat',
    version: '1.0.0',
    description:
      'Play Offiziersskat (Bauernskat) over HTTP: create a player, create or join a game, read your redacted view, make moves. Errors are RFC 9457 problem+json with a stable `code`.',
    // The service's licence, as LICENSE and package.json say (the client package is MIT:
    // packages/client); test/licence.test.ts holds the three together.
    license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
  },
  // Relative: the document is served by the service it describes, wherever that is deployed.
  servers: [{ url: '/', description: 'the service that serves this document' }],
  tags: [
    { name: 'players', description: 'Guest identities and their tokens' },
    { name: 'accounts', description: 'Accounts, sign-in, tokens (scoped, renewable, revocable) and bot accounts' },
    { name: 'apps', description: 'Third-party apps: OAuth 2.0 with PKCE and the device code, rotating refresh tokens, the apps a person approved' },
    { name: 'games', description: 'Games, moves, views, event logs and records' },
    { name: 'analysis', description: 'The computer analysis of a finished game: what each card cost, and the best card' },
    { name: 'matches', description: 'Series of games with a score sheet, alternating dealer and their own event log' },
    { name: 'ratings', description: 'Rated play: Glicko-2 ratings per variant, their history, the leaderboards' },
    { name: 'export', description: 'Finished games as ndjson, one record a line: one player\'s, or every rated game' },
    { name: 'seeks', description: 'The pairing pool: seek a game or match with given options, paired at once with a compatible seek' },
    { name: 'tournaments', description: 'Arenas and Swiss events: create, enter, live standings and pairings, their games' },
    { name: 'operations', description: 'Health and keys' },
  ],
};

/**
 * The document's info, with the service's public address first among its servers when one is
 * configured (PUBLIC_URL): a client generated from it then needs no base URL by hand.
 */
export function openApiInfo(publicUrl: string | null = null): typeof OPENAPI_INFO {
  if (!publicUrl) return OPENAPI_INFO;
  return { ...OPENAPI_INFO, servers: [{ url: publicUrl, description: 'this deployment (PUBLIC_URL)' }] };
}

/** The document of the app's routes, every object schema closed (closed-schemas.ts). */
export function openApiDocument(app: App, info = OPENAPI_INFO) {
  return closeSchemas(app.getOpenAPI31Document(info));
}

/**
 * GET /openapi.json: the document is built once per process, at its first request (it is ~225 KB
 * and took 17–54 ms to build, every time), and served with a strong ETag (a hash of it): a client
 * that has it asks with If-None-Match and gets a 304. Clients may keep it a minute.
 */
export function serveOpenApi(app: App, info: typeof OPENAPI_INFO): void {
  let built: { body: Uint8Array<ArrayBuffer>; gzipped: Uint8Array<ArrayBuffer>; etag: string } | null = null;
  app.get('/openapi.json', (c) => {
    if (!built) {
      const text = JSON.stringify(openApiDocument(app, info));
      const body = new Uint8Array(Buffer.from(text));
      // Kept as bytes, and gzipped once (a seventh of the size) for the clients that take it.
      built = { body, gzipped: new Uint8Array(gzipSync(body)), etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    }
    setHeader(c, 'ETag', built.etag);
    setHeader(c, 'Cache-Control', 'public, max-age=60');
    setHeader(c, 'Vary', 'Accept-Encoding', { append: true });
    const wanted = c.req.header('If-None-Match');
    // biome-ignore lint/style/noNonNullAssertion: built is set just above, on the first request
    if (wanted && (wanted.trim() === '*' || wanted.split(',').some((t) => t.trim().replace(/^W\//, '') === built!.etag))) return empty(c, 304);
    const gzip = /\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '');
    return c.body(gzip ? built.gzipped : built.body, 200, {
      'Content-Type': 'application/json; charset=utf-8',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
  });
}

type Security = Record<string, string[]>[];
/** Calls anyone may make without a token. */
export const publicAccess: Security = [];
/** Calls that act for a player. */
export const bearer: Security = [{ bearerAuth: [] }];
/** Reads work without a token (spectator view) and show more with one. */
export const optionalBearer: Security = [{ bearerAuth: [] }, {}];

/** The largest sequence number or version a request may name (nine digits in a query string). */
export const MAX_SEQUENCE = 999_999_999;

/** A non-negative integer in the query string (a sequence number or a version). */
export const seqQuery = (description: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'a non-negative integer')
    .transform(Number)
    .optional()
    .openapi({ type: 'integer', minimum: 0, maximum: MAX_SEQUENCE, description });

/** The size of a keyset page, in the query string. */
export const pageLimit = () =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'a non-negative integer')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100, 'between 1 and 100')
    .optional()
    .openapi({ type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'page size, 1..100' });

/** The cursor of a keyset page, in the query string: the `nextCursor` of the page before. */
export const pageCursor = () => z.string().max(200).optional().openapi({ description: 'nextCursor of the previous page' });

/** A JSON answer of an operation, with an example of it. */
export const json = <T>(schema: T, description: string, example: unknown) => ({
  description,
  content: { 'application/json': { schema, example } },
});

/** A JSON request body, with an example of it. */
export const jsonBody = <T>(schema: T, example: unknown, required = true) => ({
  required,
  content: { 'application/json': { schema, example } },
});
