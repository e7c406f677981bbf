// The match resource's operations, as OpenAPI definitions; the handlers are in api.ts beside.
import { createRoute, z } from '@hono/zod-openapi';
import { matchExamples } from './examples.ts';
import { bearer, json, jsonBody, optionalBearer, pageCursor, pageLimit, publicAccess, seqQuery } from '../platform/http/openapi.ts';
import { MATCH_STATUSES } from './tables.ts';
import { problemResponses } from '../platform/http/problems.ts';
import { CreateIdempotencyHeaders, IDEMPOTENT_CREATE_CODES, IDEMPOTENT_CREATE_NOTE } from '../platform/http/idempotency.ts';
import { ResumeHeaders, streamResponses, streamSchemas } from '../platform/http/sse.ts';
import { CreateMatchSchema, MatchEventLogSchema, MatchEventSchema, MatchIdParam, MatchPageSchema, MatchSchema } from './schemas.ts';

export const MatchStream = streamSchemas(
  'MatchEvent',
  MatchEventSchema,
  'Server-Sent Events: each message is one MatchEvent (`event:` its type, `id:` its seq, `data:` the event as JSON)',
);

export const createMatch = createRoute({
  method: 'post',
  path: '/v1/matches',
  operationId: 'createMatch',
  tags: ['matches'],
  summary: 'Create a match of a fixed number of games and take a player slot',
  description:
    'A fresh 32-byte `matchSeed` is drawn and its commitment published; it decides the first dealer and is revealed when the match ends. Game 1 is created when the second player joins.' + IDEMPOTENT_CREATE_NOTE,
  security: bearer,
  request: { headers: CreateIdempotencyHeaders, body: jsonBody(CreateMatchSchema, matchExamples.createMatch) },
  responses: {
    201: json(MatchSchema, 'The new match (waiting for its second player)', matchExamples.waitingMatch),
    ...problemResponses('INVALID_OPPONENT', 'TOO_MANY_WAITING_MATCHES', 'RATED_NEEDS_ACCOUNT', 'RATED_TURN_SECONDS', ...IDEMPOTENT_CREATE_CODES),
  },
});

export const getMatch = createRoute({
  method: 'get',
  path: '/v1/matches/{matchId}',
  operationId: 'getMatch',
  tags: ['matches'],
  summary: 'Read the score sheet (Skatliste) of a match',
  description: 'Every game started, its result and what each player scored, the running totals, the status and, once finished, the winner.',
  security: optionalBearer,
  request: { params: MatchIdParam },
  responses: { 200: json(MatchSchema, 'The match', matchExamples.playingMatch), ...problemResponses('MATCH_NOT_FOUND') },
});

export const joinMatch = createRoute({
  method: 'post',
  path: '/v1/matches/{matchId}/join',
  operationId: 'joinMatch',
  tags: ['matches'],
  summary: 'Take the free player slot; game 1 starts',
  description: 'The dealer of game 1 is drawn with the match seed (see `matchSeed`); then the dealer alternates.',
  security: bearer,
  request: { params: MatchIdParam },
  responses: {
    200: json(MatchSchema, 'The match, now playing game 1', matchExamples.joinedMatch),
    ...problemResponses('SEAT_RESERVED', 'MATCH_NOT_FOUND', 'ALREADY_IN_MATCH', 'MATCH_FULL', 'MATCH_CANCELLED', 'RATED_NEEDS_ACCOUNT'),
  },
});

export const listMatchEvents = createRoute({
  method: 'get',
  path: '/v1/matches/{matchId}/events',
  operationId: 'listMatchEvents',
  tags: ['matches'],
  summary: "Read the match's event log",
  description: 'The match\'s own facts: `gameStarted`, `gameFinished` (with the points) and `matchFinished` (with the revealed seed).',
  security: optionalBearer,
  request: { params: MatchIdParam, query: z.object({ after: seqQuery('only events with seq greater than this') }) },
  responses: { 200: json(MatchEventLogSchema, 'Events in order', matchExamples.matchEventLog), ...problemResponses('MATCH_NOT_FOUND') },
});

export const streamMatch = createRoute({
  method: 'get',
  path: '/v1/matches/{matchId}/stream',
  operationId: 'streamMatchEvents',
  tags: ['matches'],
  summary: "Follow the match: its events as Server-Sent Events",
  description:
    "Each SSE message's `data:` is one `MatchEvent` (schema MatchEventMessage), with `event:` = its `type` and `id:` = its seq. Reconnect with `Last-Event-ID` (or `?after=N`) to resume; a `: heartbeat` comment comes every 15 s; the stream ends after `matchFinished`. If the stream has to stop early, a last message `event: error` carries a StreamError.",
  security: optionalBearer,
  request: {
    params: MatchIdParam,
    query: z.object({ after: seqQuery('start after this seq') }),
    headers: ResumeHeaders,
  },
  responses: streamResponses(MatchStream, matchExamples.matchStream, 'MATCH_NOT_FOUND'),
});

export const listMatches = createRoute({
  method: 'get',
  path: '/v1/matches',
  operationId: 'listMatches',
  tags: ['matches'],
  summary: 'List matches, newest first (the matches lobby)',
  description:
    'By default the matches that wait for a second player (`status=waiting`): open them at `/v1/matches/{matchId}` and join. Keyset-paginated: pass `nextCursor` as `cursor` for the next page.',
  security: publicAccess,
  request: {
    query: z.object({
      status: z.enum(MATCH_STATUSES).optional().openapi({ description: 'only matches in this status (default: waiting)' }),
      limit: pageLimit(),
      cursor: pageCursor(),
    }),
  },
  responses: { 200: json(MatchPageSchema, 'One page of matches', matchExamples.matchLobby), ...problemResponses('INVALID_CURSOR') },
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
