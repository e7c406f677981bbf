// The OpenAPI 3.1 document, generated from the route definitions, and what routes share in it.
import type { App } from './env.ts';

export const OPENAPI_INFO = {
  openapi: '3.1.0',
  info: {
    title: 'Offiziersskat',
    version: '1.0.0',
    description:
      'Play Offiziersskat (Bauernskat) over HTTP: create a player, create or join a game, read your redacted view, make moves. Errors are RFC 9457 problem+json with a stable `code`.',
  },
  tags: [
    { name: 'players', description: 'Guest identities and their tokens' },
    { name: 'games', description: 'Games, moves, views, event logs and records' },
    { name: 'matches', description: 'Series of games with a score sheet, alternating dealer and their own event log' },
    { name: 'operations', description: 'Health and keys' },
  ],
};

export function openApiDocument(app: App) {
  return app.getOpenAPI31Document(OPENAPI_INFO);
}

type Security = Record<string, string[]>[];
/** Calls that act for a player. */
export const bearer: Security = [{ bearerAuth: [] }];
/** Reads work without a token (spectator view) and show more with one. */
export const optionalBearer: Security = [{ bearerAuth: [] }, {}];

/** A JSON answer of an operation. */
export const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
