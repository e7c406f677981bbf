// The OpenAPI 3.1 document, generated from the route definitions, and what routes share in it.
import { z } from '@hono/zod-openapi';
import { closeSchemas } from './closed-schemas.ts';
import type { App } from './env.ts';

export const OPENAPI_INFO = {
  openapi: '3.1.0',
  info: {
    title: 'Offiziersskat',
    version: '1.0.0',
    description:
      'Play Offiziersskat (Bauernskat) over HTTP: create a player, create or join a game, read your redacted view, make moves. Errors are RFC 9457 problem+json with a stable `code`.',
    // The project names no licence (package.json is private and has none): all rights reserved.
    // `LicenseRef-` is SPDX's prefix for a licence outside its list.
    license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
  },
  // Relative: the document is served by the service it describes, wherever that is deployed.
  servers: [{ url: '/', description: 'the service that serves this document' }],
  tags: [
    { name: 'players', description: 'Guest identities and their tokens' },
    { name: 'games', description: 'Games, moves, views, event logs and records' },
    { name: 'matches', description: 'Series of games with a score sheet, alternating dealer and their own event log' },
    { name: 'operations', description: 'Health and keys' },
  ],
};

/** The document of the app's routes, every object schema closed (closed-schemas.ts). */
export function openApiDocument(app: App) {
  return closeSchemas(app.getOpenAPI31Document(OPENAPI_INFO));
}

type Security = Record<string, string[]>[];
/** Calls anyone may make without a token. */
export const publicAccess: Security = [];
/** Calls that act for a player. */
export const bearer: Security = [{ bearerAuth: [] }];
/** Reads work without a token (spectator view) and show more with one. */
export const optionalBearer: Security = [{ bearerAuth: [] }, {}];

/** A non-negative integer in the query string (a sequence number or a version). */
export const seqQuery = (description: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'a non-negative integer')
    .transform(Number)
    .optional()
    .openapi({ type: 'integer', minimum: 0, maximum: 999_999_999, description });

/** The size of a keyset page, in the query string. */
export const pageLimit = () =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'a non-negative integer')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100, 'between 1 and 100')
    .optional()
    .openapi({ type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'page size, 1..100' });

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

/**
 * A Server-Sent Events answer: the body is text/event-stream, and its `contentSchema` is the list
 * of messages it decodes to, each one `message` (the `event:`, `id:` and the `data:` JSON).
 */
export const eventStream = <T>(schema: T, description: string, example: string) => ({
  description,
  content: { 'text/event-stream': { schema, example } },
});
