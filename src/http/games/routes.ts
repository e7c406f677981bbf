// The game resource's operations, as OpenAPI definitions; the handlers are in api.ts beside.
import { createRoute, z } from '@hono/zod-openapi';
import { bearer, json, optionalBearer } from '../openapi.ts';
import { ENGINE_CODES, problemResponses } from '../problems.ts';
import {
  CreateGameSchema,
  EventsResponseSchema,
  GameIdParam,
  ID,
  LobbySchema,
  MoveRequestSchema,
  MoveResponseSchema,
  RecordSchema,
  StatusSchema,
  ViewSchema,
} from '../schemas.ts';

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
  responses: { 201: json(ViewSchema, 'The new game, as its creator sees it'), ...problemResponses('INVALID_OPPONENT') },
});

export const listGames = createRoute({
  method: 'get',
  path: '/v1/games',
  tags: ['games'],
  summary: 'The lobby: games newest first (status=waiting for open games)',
  request: {
    query: z.object({
      status: StatusSchema.optional(),
      player: z.string().regex(ID, 'a player id').optional().openapi({ description: 'only games where this player sits, or that are reserved for it' }),
      open: z.enum(['true', 'false']).optional().openapi({ description: 'true: only games whose free seat the caller may take (not reserved for someone else)' }),
      limit: int('page size, 1..100, default 20'),
      cursor: z.string().max(200).optional().openapi({ description: 'nextCursor of the previous page' }),
    }),
  },
  responses: { 200: json(LobbySchema, 'One page of games'), ...problemResponses('INVALID_CURSOR') },
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
    ...problemResponses('GAME_NOT_FOUND', 'TOO_MANY_WAITERS'),
  },
});

export const joinGame = createRoute({
  method: 'post',
  path: '/v1/games/{gameId}/join',
  tags: ['games'],
  summary: 'Take the free seat; the game starts',
  security: bearer,
  request: { params: GameIdParam },
  responses: { 200: json(ViewSchema, 'The game, now started'), ...problemResponses('SEAT_RESERVED', 'GAME_NOT_FOUND', 'ALREADY_SEATED', 'SEAT_TAKEN', 'GAME_CANCELLED') },
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
    ...problemResponses('NOT_A_PLAYER', 'GAME_NOT_FOUND', 'VERSION_CONFLICT', 'GAME_NOT_STARTED', 'GAME_CANCELLED', 'IDEMPOTENCY_KEY_REUSED', ...ENGINE_CODES),
  },
});

export const listEvents = createRoute({
  method: 'get',
  path: '/v1/games/{gameId}/events',
  tags: ['games'],
  summary: 'The event log as the caller may see it (complete after the end)',
  security: optionalBearer,
  request: { params: GameIdParam, query: z.object({ after: int('only events with seq greater than this') }) },
  responses: { 200: json(EventsResponseSchema, 'Events in order'), ...problemResponses('GAME_NOT_FOUND') },
});

export const getRecord = createRoute({
  method: 'get',
  path: '/v1/games/{gameId}/record',
  tags: ['games'],
  summary: 'The self-contained record of a finished game, to verify offline',
  request: { params: GameIdParam },
  responses: { 200: json(RecordSchema, 'The record'), ...problemResponses('GAME_NOT_FOUND', 'RECORD_NOT_AVAILABLE') },
});

export const streamGame = createRoute({
  method: 'get',
  path: '/v1/games/{gameId}/stream',
  tags: ['games'],
  summary: 'Server-Sent Events: every new event, redacted for the caller',
  description:
    'Each SSE message has `id:` = the event sequence number, `event:` = the event type and `data:` = the event as JSON. Reconnect with `Last-Event-ID` (or `?after=N`) to resume; a `: heartbeat` comment comes every 15 s; the stream ends after the `finished` event.',
  security: optionalBearer,
  request: {
    params: GameIdParam,
    query: z.object({
      after: z.string().regex(/^\d{1,9}$/).transform(Number).optional().openapi({ type: 'integer', description: 'start after this sequence number' }),
    }),
    headers: z.object({ 'last-event-id': z.string().regex(/^\d{1,9}$/).optional() }),
  },
  responses: {
    200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } },
    ...problemResponses('GAME_NOT_FOUND', 'TOO_MANY_WAITERS'),
  },
});

export const claimTimeout = createRoute({
  method: 'post',
  path: '/v1/games/{gameId}/claim-timeout',
  tags: ['games'],
  summary: 'Claim the game after the player to move let the deadline pass',
  description:
    "Only the waiting player, only after `deadline` (the game's `updatedAt` + `turnSeconds`). The player to move is scored as if it had resigned. A move made before the claim wins the race; then the claim answers 409 or 422.",
  security: bearer,
  request: { params: GameIdParam },
  responses: {
    200: json(ViewSchema, 'The finished game, as the claimer sees it'),
    ...problemResponses('NOT_A_PLAYER', 'GAME_NOT_FOUND', 'VERSION_CONFLICT', 'NO_DEADLINE', 'DEADLINE_NOT_REACHED', 'YOUR_TURN', 'GAME_NOT_STARTED', 'GAME_CANCELLED', 'GAME_FINISHED'),
  },
});

export const rematch = createRoute({
  method: 'post',
  path: '/v1/games/{gameId}/rematch',
  tags: ['games'],
  summary: 'Play a finished standalone game again, the seats swapped',
  description:
    'A new game with the same options (and turnSeconds) and a fresh seed: the dealer becomes forehand and forehand the dealer. Both players asking get the same game: 201 for the request that created it, 200 after. Games of a match are followed by the match itself.',
  security: bearer,
  request: { params: GameIdParam },
  responses: {
    200: json(ViewSchema, 'The rematch, created earlier (by you or the other player)'),
    201: json(ViewSchema, 'The rematch, created now'),
    ...problemResponses('NOT_A_PLAYER', 'GAME_NOT_FOUND', 'GAME_NOT_FINISHED', 'MATCH_GAME'),
  },
});

export const cancelGame = createRoute({
  method: 'delete',
  path: '/v1/games/{gameId}',
  operationId: 'cancelGame',
  tags: ['games'],
  summary: 'Call off a game that still waits for its second player',
  description:
    'Only its creator; once the game has begun, 422 GAME_STARTED. Calling it off again answers 204 too. The lobby no longer lists it, and the players hear of it on their own streams (`challengeCancelled`).',
  security: bearer,
  request: { params: GameIdParam },
  responses: { 204: { description: 'The game is called off' }, ...problemResponses('NOT_YOUR_GAME', 'GAME_NOT_FOUND', 'VERSION_CONFLICT', 'GAME_STARTED') },
});

export const declineGame = createRoute({
  method: 'post',
  path: '/v1/games/{gameId}/decline',
  operationId: 'declineGame',
  tags: ['games'],
  summary: 'Decline a game reserved for you (a challenge)',
  description:
    'Only the player the game is reserved for (its `opponent`); the game is called off, and both players hear of it on their own streams (`challengeDeclined`). Once the game has begun, 422 GAME_STARTED.',
  security: bearer,
  request: { params: GameIdParam },
  responses: { 204: { description: 'Declined: the game is called off' }, ...problemResponses('NOT_YOUR_CHALLENGE', 'GAME_NOT_FOUND', 'VERSION_CONFLICT', 'GAME_STARTED') },
});
