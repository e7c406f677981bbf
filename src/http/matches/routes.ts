// The match resource's routes, as OpenAPI definitions.
import { createRoute, z } from '@hono/zod-openapi';
import { bearer, optionalBearer, problem } from '../responses.ts';
import { CreateMatchSchema, MatchEventLogSchema, MatchIdParam, MatchSchema } from './schemas.ts';

const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const seq = (description: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'a non-negative integer')
    .transform(Number)
    .optional()
    .openapi({ type: 'integer', description });

const common = {
  400: problem('Malformed JSON or a body/query that fails the schema (VALIDATION_FAILED, MALFORMED_JSON)'),
  401: problem('No, bad or expired token (INVALID_TOKEN, TOKEN_EXPIRED)'),
  404: problem('No such match (MATCH_NOT_FOUND)'),
};

export const createMatch = createRoute({
  method: 'post',
  path: '/v1/matches',
  tags: ['matches'],
  summary: 'Create a match of a fixed number of games and take a player slot',
  description:
    'A fresh 32-byte `matchSeed` is drawn and its commitment published; it decides the first dealer and is revealed when the match ends. Game 1 is created when the second player joins.',
  security: bearer,
  request: { body: { required: true, content: { 'application/json': { schema: CreateMatchSchema } } } },
  responses: {
    201: json(MatchSchema, 'The new match (waiting for its second player)'),
    400: common[400],
    401: common[401],
    413: problem('Body over 16 KiB (PAYLOAD_TOO_LARGE)'),
    415: problem('A body that is not application/json (UNSUPPORTED_MEDIA_TYPE)'),
    422: problem('INVALID_OPPONENT: the opponent is yourself or no known player'),
  },
});

export const getMatch = createRoute({
  method: 'get',
  path: '/v1/matches/{matchId}',
  tags: ['matches'],
  summary: 'The score sheet (Skatliste): every game, the running totals, the status and the winner',
  security: optionalBearer,
  request: { params: MatchIdParam },
  responses: { 200: json(MatchSchema, 'The match'), 400: common[400], 401: common[401], 404: common[404] },
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
    400: common[400],
    401: common[401],
    403: problem('SEAT_RESERVED: the free slot is reserved for another player'),
    404: common[404],
    409: problem('ALREADY_IN_MATCH: you created this match; MATCH_FULL: both slots are taken'),
    413: problem('Body over 16 KiB (PAYLOAD_TOO_LARGE)'),
    415: problem('A body that is not application/json (UNSUPPORTED_MEDIA_TYPE)'),
  },
});

export const listMatchEvents = createRoute({
  method: 'get',
  path: '/v1/matches/{matchId}/events',
  tags: ['matches'],
  summary: "The match's event log: gameStarted, gameFinished, matchFinished",
  security: optionalBearer,
  request: { params: MatchIdParam, query: z.object({ after: seq('only events with seq greater than this') }) },
  responses: { 200: json(MatchEventLogSchema, 'Events in order'), 400: common[400], 401: common[401], 404: common[404] },
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
    400: common[400],
    401: common[401],
    404: common[404],
    503: problem('Too many waiting clients on this process (TOO_MANY_WAITERS)'),
  },
});
