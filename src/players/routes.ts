// The player resource's operations, as OpenAPI definitions; the handlers are in api.ts beside.
import { createRoute, z } from '@hono/zod-openapi';
import { PLAYER_GAME_STATUSES } from './store.ts';
import { accountExamples } from '../accounts/index.ts';
import { playerExamples } from './examples.ts';
import {
  BotsOnlineSchema,
  CreatePlayerSchema,
  MeSchema,
  PlayerGamePageSchema,
  PlayerSearchPageSchema,
  PlayerSearchQuery,
  PlayerTokenSchema,
} from './schemas.ts';
import { bearer, json, jsonBody, pageCursor, pageLimit, publicAccess, seqQuery } from '../platform/http/openapi.ts';
import { problemResponses } from '../platform/http/problems.ts';
import { CreateIdempotencyHeaders, IDEMPOTENT_CREATE_CODES, IDEMPOTENT_CREATE_NOTE } from '../platform/http/idempotency.ts';
import { ID } from '../platform/http/schemas.ts';
import { ResumeHeaders, streamBody, streamResponses } from '../platform/http/sse.ts';
import { PlayerProfileSchema } from '../ratings/index.ts';

/**
 * The player's stream, as the document has it: its messages (PlayerEventMessage) carry every
 * feature's events, composed by the app and handed to playersApi (tournaments stand after players).
 */
export const PlayerStream = {
  stream: streamBody('PlayerEvent', "Server-Sent Events: each message is one PlayerEvent of the caller's own stream (`event:` its type, `id:` its seq, `data:` the event as JSON)"),
};

export const createPlayer = createRoute({
  method: 'post',
  path: '/v1/players',
  operationId: 'createPlayer',
  tags: ['players'],
  summary: 'Create a guest player and get its bearer token',
  description:
    'A guest identity: the token (a JWT signed by the service) is sent as `Authorization: Bearer <token>` on every call that acts for the player, until `expiresAt`. `Location` names the new player.' +
    IDEMPOTENT_CREATE_NOTE +
    ' A repeat gets the same player with a fresh token (the service keeps no token to send again), as long as the guest is as it was made: once claimed as an account, deleted or signed out everywhere, a repeat answers 409 NOT_A_GUEST.',
  security: publicAccess,
  request: { headers: CreateIdempotencyHeaders, body: jsonBody(CreatePlayerSchema, { name: accountExamples.anna.name }) },
  responses: { 201: json(PlayerTokenSchema, 'The player and its token', accountExamples.token), ...problemResponses('NOT_A_GUEST', ...IDEMPOTENT_CREATE_CODES) },
});

export const getMe = createRoute({
  method: 'get',
  path: '/v1/players/me',
  operationId: 'getMe',
  tags: ['players'],
  summary: 'Read the player of the token, and when the token expires',
  description: 'Who the bearer token acts for: its player id and name, and the token\'s `exp` (null for a token without one).',
  security: bearer,
  responses: { 200: json(MeSchema, 'The caller', accountExamples.me) },
});

export const listMyGames = createRoute({
  method: 'get',
  path: '/v1/players/me/games',
  operationId: 'listMyGames',
  tags: ['players'],
  summary: "List the caller's games and matches, newest first",
  description:
    "Where the caller sits or plays, or is the one a waiting game or match is reserved for (a challenge): `status=waiting` lists the challenges with the caller's own open games and matches. Keyset-paginated: pass `nextCursor` as `cursor`.",
  security: bearer,
  request: {
    query: z.object({
      status: z.enum(PLAYER_GAME_STATUSES).optional().openapi({ description: 'waiting (not begun), active, finished or cancelled; default all' }),
      limit: pageLimit(),
      cursor: pageCursor(),
    }),
  },
  responses: { 200: json(PlayerGamePageSchema, 'One page', playerExamples.waiting), ...problemResponses('INVALID_CURSOR') },
});

export const streamMyEvents = createRoute({
  method: 'get',
  path: '/v1/players/me/stream',
  operationId: 'streamMyEvents',
  tags: ['players'],
  summary: "Follow the caller's own events as Server-Sent Events",
  description:
    "Each SSE message's `data:` is one `PlayerEvent` (schema PlayerEventMessage), with `id:` = the caller's own event sequence number and `event:` = its type: `challenge` (a game or match was created with you as its opponent), `challengeCancelled`, `challengeDeclined`, `gameStart`, `gameFinish`, `matchStart`, `matchFinish`, `ratingChanged` (a rated game moved your rating), `seekEnded` (a seek of yours left the pool unpaired: withdrawn, expired, or disconnected), `tournamentGame` (a tournament paired you: its gameId). Events are stored: reconnect with `Last-Event-ID` (or `?after=N`) and nothing is missed, whichever process answers. A `: heartbeat` comment comes every 15 s; the stream does not end by itself. Moves are on each game's own stream.",
  security: bearer,
  request: {
    query: z.object({ after: seqQuery('start after this sequence number') }),
    headers: ResumeHeaders,
  },
  responses: streamResponses(PlayerStream, playerExamples.stream),
});

export const getPlayer = createRoute({
  method: 'get',
  path: '/v1/players/{playerId}',
  operationId: 'getPlayer',
  tags: ['players'],
  summary: 'Read a player: its id, name, whether it is a bot, and its ratings',
  description:
    "What anyone may know of a player (the `Location` of POST /v1/players): its name, whether it is a bot account, its account's username (null for a guest) and its rating in each variant it has played rated games in.",
  security: publicAccess,
  request: { params: z.object({ playerId: z.string().regex(ID, 'an id: letters, digits and dashes').openapi({ param: { name: 'playerId', in: 'path' } }) }) },
  responses: { 200: json(PlayerProfileSchema, 'The player', playerExamples.profile), ...problemResponses('PLAYER_NOT_FOUND') },
});

export const findPlayers = createRoute({
  method: 'get',
  path: '/v1/players',
  operationId: 'findPlayers',
  tags: ['players'],
  summary: 'Find players by the beginning of their name',
  description:
    "Accounts (people and bots; guests are not listed) whose shown name or username begins with `name`, ignoring case, in name order, with `bot` for the BOT badge: to challenge one, create a game or match with its `playerId` as the `opponent`. Keyset-paginated: pass `nextCursor` as `cursor`.",
  security: publicAccess,
  request: { query: PlayerSearchQuery },
  responses: { 200: json(PlayerSearchPageSchema, 'The players found', playerExamples.found), ...problemResponses('INVALID_CURSOR') },
});

export const botsOnline = createRoute({
  method: 'get',
  path: '/v1/bots/online',
  operationId: 'listOnlineBots',
  tags: ['accounts'],
  summary: 'List the bot accounts holding an open player stream now, with their ratings and what they seek',
  description:
    'Across every process of the service: a bot is listed while its GET /v1/players/me/stream is open (within about a minute of a crashed process), by name, with its ratings per variant (`provisional` until established) and its seeks waiting in the pool: `variants` are the variants it seeks now. Seek with the same options (POST /v1/seeks) to be paired with it at once, or challenge it with a game made for it.',
  security: publicAccess,
  responses: { 200: json(BotsOnlineSchema, 'The bots online', playerExamples.botsOnline) },
});
