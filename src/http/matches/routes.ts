// The match resource's operations, as OpenAPI definitions; the handlers are in api.ts beside.
import { createRoute, z } from '@hono/zod-openapi';
import { bearer, json, optionalBearer } from '../openapi.ts';
import { problemResponses } from '../problems.ts';
import { CreateMatchSchema, MatchEventLogSchema, MatchIdParam, MatchSchema } from './schemas.ts';
const seq = (description: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'a non-negative integer')
    .transform(Number)
    .optional()
    .openapi({ type: 'integer', description });

export const createMatch = createRoute({
  method: 'post',
  path: '/v1/matches',
  tags: ['matches'],
  summary: 'Create a match of a fixed number of games and take a player slot',
  description:
    'A fresh 32-byte `matchSeed` is drawn and its commitment published; it decides the first dealer and is revealed when the match ends. Game 1 is created when the second player joins.',
  security: bearer,
  request: { body: { required: true, content: { 'application/json': { schema: CreateMatchSchema } } } },
  responses: { 201: json(MatchSchema, 'The new match (waiting for its second player)'), ...problemResponses('INVALID_OPPONENT') },
});

export const getMatch = createRoute({
  method: 'get',
  path: '/v1/matches/{matchId}',
  tags: ['matches'],
  summary: 'The score sheet (Skatliste): every game, the running totals, the status and the winner',
  security: optionalBearer,
  request: { params: MatchIdParam },
  responses: { 200: json(MatchSchema, 'The match'), ...problemResponses('MATCH_NOT_FOUND') },
});

export const joinMatch = createRoute({
  method: 'post',
  path: '/v1/matches/{matchId}/join',
  tags: ['matches'],
  summary: 'Take the free player slot; game 1 starts',
  security: bearer,
  request: { params: MatchIdParam },
  responses: {
    200: json(MatchSchema, 'The match, now playing game 1'),
    ...problemResponses('SEAT_RESERVED', 'MATCH_NOT_FOUND', 'ALREADY_IN_MATCH', 'MATCH_FULL', 'MATCH_CANCELLED'),
  },
});

export const listMatchEvents = createRoute({
  method: 'get',
  path: '/v1/matches/{matchId}/events',
  tags: ['matches'],
  summary: "The match's event log: gameStarted, gameFinished, matchFinished",
  security: optionalBearer,
  request: { params: MatchIdParam, query: z.object({ after: seq('only events with seq greater than this') }) },
  responses: { 200: json(MatchEventLogSchema, 'Events in order'), ...problemResponses('MATCH_NOT_FOUND') },
});

export const streamMatch = createRoute({
  method: 'get',
  path: '/v1/matches/{matchId}/stream',
  tags: ['matches'],
  summary: "Server-Sent Events: the match's events as they happen",
  description:
    'Each SSE message has `id:` = the match event seq, `event:` = its type and `data:` = the event as JSON. Reconnect with `Last-Event-ID` (or `?after=N`) to resume; a `: heartbeat` comment comes every 15 s; the stream ends after `matchFinished`.',
  security: optionalBearer,
  request: {
    params: MatchIdParam,
    query: z.object({ after: seq('start after this seq') }),
    headers: z.object({ 'last-event-id': z.string().regex(/^\d{1,9}$/).optional() }),
  },
  responses: {
    200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } },
    ...problemResponses('MATCH_NOT_FOUND', 'TOO_MANY_WAITERS'),
  },
});

export const cancelMatch = createRoute({
  method: 'delete',
  path: '/v1/matches/{matchId}',
  operationId: 'cancelMatch',
  tags: ['matches'],
  summary: 'Call off a match that still waits for its second player',
  description: 'Only its creator; once the match has begun, 422 MATCH_STARTED. Calling it off again answers 204 too. The players hear of it on their own streams.',
  security: bearer,
  request: { params: MatchIdParam },
  responses: { 204: { description: 'The match is called off' }, ...problemResponses('NOT_YOUR_MATCH', 'MATCH_NOT_FOUND', 'VERSION_CONFLICT', 'MATCH_STARTED') },
});

export const declineMatch = createRoute({
  method: 'post',
  path: '/v1/matches/{matchId}/decline',
  operationId: 'declineMatch',
  tags: ['matches'],
  summary: 'Decline a match reserved for you (a challenge)',
  description: 'Only the player the match is reserved for; the match is called off, and both players hear of it on their own streams.',
  security: bearer,
  request: { params: MatchIdParam },
  responses: { 204: { description: 'Declined: the match is called off' }, ...problemResponses('NOT_YOUR_CHALLENGE', 'MATCH_NOT_FOUND', 'VERSION_CONFLICT', 'MATCH_STARTED') },
});
