// The game resource's routes, as OpenAPI definitions. Handlers live beside, one file each.
import { createRoute, z } from '@hono/zod-openapi';
import { bearer, optionalBearer, problems } from '../responses.ts';
import {
  CreateGameSchema,
  EventsResponseSchema,
  GameIdParam,
  LobbySchema,
  MoveRequestSchema,
  MoveResponseSchema,
  RecordSchema,
  StatusSchema,
  ViewSchema,
} from '../schemas.ts';

const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const int = (description: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'a non-negative integer')
    .transform(Number)
    .optional()
    .openapi({ type: 'integer', description });

export const createGame = createRoute({
  method: 'post',
  path: '/v1/games',
  tags: ['games'],
  summary: 'Create a game and take a seat',
  security: bearer,
  request: { body: { required: false, content: { 'application/json': { schema: CreateGameSchema } } } },
  responses: { 201: json(ViewSchema, 'The new game, as its creator sees it'), ...problems(400, 401, 413, 422) },
});

export const listGames = createRoute({
  method: 'get',
  path: '/v1/games',
  tags: ['games'],
  summary: 'The lobby: games newest first (status=waiting for open games)',
  request: {
    query: z.object({
      status: StatusSchema.optional(),
      limit: int('page size, 1..100, default 20'),
      cursor: z.string().max(200).optional().openapi({ description: 'nextCursor of the previous page' }),
    }),
  },
  responses: { 200: json(LobbySchema, 'One page of games'), ...problems(400) },
});

export const getGame = createRoute({
  method: 'get',
  path: '/v1/games/{gameId}',
  tags: ['games'],
  summary: "The caller's view (spectator without a token)",
  description:
    'ETag is the version (per viewer); If-None-Match answers 304. `waitForVersion=N` long-polls up to 30 s until the version passes N.',
  security: optionalBearer,
  request: {
    params: GameIdParam,
    query: z.object({ waitForVersion: int('answer once the version is greater than this (long poll)') }),
  },
  responses: {
    200: json(ViewSchema, 'The view'),
    304: { description: 'Not modified since the ETag given in If-None-Match' },
    ...problems(400, 401, 404, 503),
  },
});

export const joinGame = createRoute({
  method: 'post',
  path: '/v1/games/{gameId}/join',
  tags: ['games'],
  summary: 'Take the free seat; the game starts',
  security: bearer,
  request: { params: GameIdParam },
  responses: { 200: json(ViewSchema, 'The game, now started'), ...problems(401, 403, 404, 409) },
});

export const postMove = createRoute({
  method: 'post',
  path: '/v1/games/{gameId}/moves',
  tags: ['games'],
  summary: 'Make a move',
  description:
    'An optional `Idempotency-Key` header makes retries safe: the same key and body return the first answer; the same key with another body answers 422.',
  security: bearer,
  request: {
    params: GameIdParam,
    headers: z.object({ 'idempotency-key': z.string().min(1).max(200).optional() }),
    body: { required: true, content: { 'application/json': { schema: MoveRequestSchema } } },
  },
  responses: {
    200: json(MoveResponseSchema, 'The new version, your view, and the events your move caused'),
    ...problems(400, 401, 403, 404, 409, 413, 422),
  },
});

export const listEvents = createRoute({
  method: 'get',
  path: '/v1/games/{gameId}/events',
  tags: ['games'],
  summary: 'The event log as the caller may see it (complete after the end)',
  security: optionalBearer,
  request: { params: GameIdParam, query: z.object({ after: int('only events with seq greater than this') }) },
  responses: { 200: json(EventsResponseSchema, 'Events in order'), ...problems(400, 401, 404) },
});

export const getRecord = createRoute({
  method: 'get',
  path: '/v1/games/{gameId}/record',
  tags: ['games'],
  summary: 'The self-contained record of a finished game, to verify offline',
  request: { params: GameIdParam },
  responses: { 200: json(RecordSchema, 'The record'), ...problems(404) },
});
