// The game resource's operations, as OpenAPI definitions; the handlers are in api.ts beside.
// Every operation: a camelCase operationId (a verb in the API's words), a one-line summary, a
// description, its security, and an example of every body and answer (examples.ts).
import { createRoute, z } from '@hono/zod-openapi';
import { gameExamples, MOVE_REQUEST } from './examples.ts';
import { bearer, json, jsonBody, optionalBearer, pageCursor, pageLimit, publicAccess, seqQuery } from '../platform/http/openapi.ts';
import { ERROR_CODES } from '../engine/index.ts';
import { problemResponses } from '../platform/http/problems.ts';
import { CreateIdempotencyHeaders, IDEMPOTENT_CREATE_CODES, IDEMPOTENT_CREATE_NOTE } from '../platform/http/idempotency.ts';
import {
  CreateGameSchema,
  EventsResponseSchema,
  GameEventSchema,
  GameIdParam,
  LobbySchema,
  MoveRequestSchema,
  MoveResponseSchema,
  RecordSchema,
  StatusSchema,
  ViewSchema,
} from './schemas.ts';
import { ID, storedText } from '../platform/http/schemas.ts';
import { ResumeHeaders, streamResponses, streamSchemas } from '../platform/http/sse.ts';

export const GameStream = streamSchemas(
  'GameEvent',
  GameEventSchema,
  'Server-Sent Events: each message is one GameEvent, redacted for the reader (`event:` its type, `id:` its seq, `data:` the event as JSON); with `views=true` also `event: view` messages, each the reader\'s GameView (`id:` the seq of the last event sent before it)',
  [{ name: 'GameView', event: 'view' }],
);

export const createGame = createRoute({
  method: 'post',
  path: '/v1/games',
  operationId: 'createGame',
  tags: ['games'],
  summary: 'Create a game and take a seat',
  description:
    'The caller sits at the new game (at `seat`, or at one drawn at random) and waits for a second player; `opponent` reserves the other seat for one player. Every option has a default, so the body may be left out.' + IDEMPOTENT_CREATE_NOTE,
  security: bearer,
  request: { headers: CreateIdempotencyHeaders, body: jsonBody(CreateGameSchema, { variant: 'classic', seat: 'forehand', turnSeconds: 60 }, false) },
  responses: { 201: json(ViewSchema, 'The new game, as its creator sees it', gameExamples.waitingView), ...problemResponses('INVALID_OPPONENT', 'TOO_MANY_WAITING_GAMES', 'RATED_NEEDS_ACCOUNT', 'RATED_WITH_SEED', 'RATED_TURN_SECONDS', ...IDEMPOTENT_CREATE_CODES) },
});

export const listGames = createRoute({
  method: 'get',
  path: '/v1/games',
  operationId: 'listGames',
  tags: ['games'],
  summary: 'List games, newest first (the lobby)',
  description: 'With `status=waiting`: the games that wait for a second player. Keyset-paginated: pass `nextCursor` as `cursor` for the next page.',
  security: publicAccess,
  request: {
    query: z.object({
      status: StatusSchema.optional().openapi({ description: 'only games in this status' }),
      player: z.string().regex(ID, 'a player id').optional().openapi({ description: 'only games where this player sits, or that are reserved for it' }),
      open: z.enum(['true', 'false']).optional().openapi({ description: 'true: only games whose free seat the caller may take (not reserved for someone else)' }),
      limit: pageLimit(),
      cursor: pageCursor(),
    }),
  },
  responses: { 200: json(LobbySchema, 'One page of games', gameExamples.lobby), ...problemResponses('INVALID_CURSOR') },
});

export const getGame = createRoute({
  method: 'get',
  path: '/v1/games/{gameId}',
  operationId: 'getGame',
  tags: ['games'],
  summary: "Read the game as the caller sees it (spectator without a token)",
  description:
    'ETag is the version (per viewer); If-None-Match answers 304. `waitForVersion=N` long-polls up to 30 s until the version passes N (then answers the view as it is).',
  security: optionalBearer,
  request: {
    params: GameIdParam,
    query: z.object({ waitForVersion: seqQuery('answer once the version is greater than this (long poll)') }),
  },
  responses: {
    200: json(ViewSchema, 'The view', gameExamples.declaringView),
    304: { description: 'Not modified since the ETag given in If-None-Match' },
    ...problemResponses('GAME_NOT_FOUND', 'TOO_MANY_WAITERS'),
  },
});

export const joinGame = createRoute({
  method: 'post',
  path: '/v1/games/{gameId}/join',
  operationId: 'joinGame',
  tags: ['games'],
  summary: 'Take the free seat; the game starts',
  description: 'Forehand moves first: it cuts the deck. A seat reserved for another player cannot be taken.',
  security: bearer,
  request: { params: GameIdParam },
  responses: {
    200: json(ViewSchema, 'The game, now started', gameExamples.startedView),
    ...problemResponses('SEAT_RESERVED', 'GAME_NOT_FOUND', 'ALREADY_SEATED', 'SEAT_TAKEN', 'GAME_CANCELLED', 'RATED_NEEDS_ACCOUNT'),
  },
});

export const postMove = createRoute({
  method: 'post',
  path: '/v1/games/{gameId}/moves',
  operationId: 'makeMove',
  tags: ['games'],
  summary: 'Make a move',
  description:
    "The view's `legalMoves` are exactly the moves accepted now. With `expectedVersion` a move made for an older version is refused (409, with the current view). An optional `Idempotency-Key` header makes retries safe: the same key and body return the first answer; the same key with another body answers 422. With `Prefer: return=minimal` (RFC 7240) the answer is `204` with the new version in `ETag` and no view is built: a bot that follows the game's stream with `views=true` reads the view there. A repeat of a key first sent that way is answered the same way.",
  security: bearer,
  request: {
    params: GameIdParam,
    headers: z.object({
      'idempotency-key': storedText().min(1).max(200).optional().openapi({ description: 'any string you choose per move, to retry it safely' }),
      prefer: z.string().max(200).optional().openapi({ description: '`return=minimal`: answer 204 with the new version in ETag, no body (RFC 7240)' }),
    }),
    body: jsonBody(MoveRequestSchema, MOVE_REQUEST),
  },
  responses: {
    200: json(MoveResponseSchema, 'The new version, your view, and the events your move caused', gameExamples.moveResponse),
    204: {
      description: 'The move was made (asked with `Prefer: return=minimal`, or first sent so with this Idempotency-Key): no body',
      headers: {
        ETag: { description: 'the new version, for you: `W/"<version>-<your seat>"`', schema: { type: 'string' } },
        'Preference-Applied': { description: '`return=minimal`', schema: { type: 'string' } },
      },
    },
    ...problemResponses('NOT_A_PLAYER', 'GAME_NOT_FOUND', 'VERSION_CONFLICT', 'GAME_NOT_STARTED', 'GAME_CANCELLED', 'IDEMPOTENCY_KEY_REUSED', ...ERROR_CODES),
  },
});

export const listEvents = createRoute({
  method: 'get',
  path: '/v1/games/{gameId}/events',
  operationId: 'listGameEvents',
  tags: ['games'],
  summary: 'Read the event log as the caller may see it',
  description: 'Cards the caller may not see are "hidden"; once the game is finished the log is complete and public.',
  security: optionalBearer,
  request: { params: GameIdParam, query: z.object({ after: seqQuery('only events with seq greater than this') }) },
  responses: { 200: json(EventsResponseSchema, 'Events in order', gameExamples.eventLog), ...problemResponses('GAME_NOT_FOUND') },
});

export const getRecord = createRoute({
  method: 'get',
  path: '/v1/games/{gameId}/record',
  operationId: 'getGameRecord',
  tags: ['games'],
  summary: 'Read the record of a finished game, to verify it offline',
  description:
    'Config, the revealed seed and its commitment, the cut, every event and the result: enough to recompute the deal and replay the whole game (`npm run verify`).',
  security: publicAccess,
  request: { params: GameIdParam },
  responses: { 200: json(RecordSchema, 'The record', gameExamples.record), ...problemResponses('GAME_NOT_FOUND', 'RECORD_NOT_AVAILABLE') },
});

export const streamGame = createRoute({
  method: 'get',
  path: '/v1/games/{gameId}/stream',
  operationId: 'streamGameEvents',
  tags: ['games'],
  summary: 'Follow the game: its events (and with views=true, your view) as Server-Sent Events',
  description:
    "Each SSE message's `data:` is one `GameEvent` (schema GameEventMessage), redacted for the caller, with `event:` = its `type` and `id:` = its seq. Reconnect with `Last-Event-ID` (or `?after=N`) to resume; a `: heartbeat` comment comes every 15 s; the stream ends after the `finished` event. If the stream has to stop early, a last message `event: error` carries a StreamError.\n\nWith `views=true` (the way a bot plays: one request per move, its POST) the stream carries the caller's view too: the first message is `event: view` with the current GameView (`legalMoves` included), and after the events of each committed change comes the view after it. Its `id:` is the seq of the last event sent before it, so a reconnect with that `Last-Event-ID` misses no event, and gets the current view first again.",
  security: optionalBearer,
  request: {
    params: GameIdParam,
    query: z.object({
      after: seqQuery('start after this sequence number'),
      views: z.enum(['true', 'false']).optional().openapi({ description: "true: a `view` message (the caller's GameView) first and after each change" }),
    }),
    headers: ResumeHeaders,
  },
  responses: streamResponses(GameStream, gameExamples.stream, 'GAME_NOT_FOUND'),
});

export const claimTimeout = createRoute({
  method: 'post',
  path: '/v1/games/{gameId}/claim-timeout',
  operationId: 'claimTimeout',
  tags: ['games'],
  summary: 'Claim the game after the player to move let the deadline pass',
  description:
    "Only the waiting player, only after `deadline` (the game's `updatedAt` + `turnSeconds`). The player to move is scored as if it had resigned. A move made before the claim wins the race; then the claim answers 409 or 422.",
  security: bearer,
  request: { params: GameIdParam },
  responses: {
    200: json(ViewSchema, 'The finished game, as the claimer sees it', gameExamples.claimedView),
    ...problemResponses('NOT_A_PLAYER', 'GAME_NOT_FOUND', 'VERSION_CONFLICT', 'NO_DEADLINE', 'DEADLINE_NOT_REACHED', 'YOUR_TURN', 'GAME_NOT_STARTED', 'GAME_CANCELLED', 'GAME_FINISHED'),
  },
});

export const rematch = createRoute({
  method: 'post',
  path: '/v1/games/{gameId}/rematch',
  operationId: 'createRematch',
  tags: ['games'],
  summary: 'Play a finished standalone game again, the seats swapped',
  description:
    'A new game with the same options (and turnSeconds) and a fresh seed: the dealer becomes forehand and forehand the dealer. Both players asking get the same game: 201 for the request that created it, 200 after. Games of a match are followed by the match itself. None with a player who has since been deleted (422 INVALID_OPPONENT).',
  security: bearer,
  request: { params: GameIdParam },
  responses: {
    200: json(ViewSchema, 'The rematch, created earlier (by you or the other player)', gameExamples.rematchView),
    201: json(ViewSchema, 'The rematch, created now', gameExamples.rematchView),
    ...problemResponses('NOT_A_PLAYER', 'GAME_NOT_FOUND', 'GAME_NOT_FINISHED', 'MATCH_GAME', 'INVALID_OPPONENT'),
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
