// The player resource's operations, as OpenAPI definitions; the handlers are in api.ts beside.
import { createRoute, z } from '@hono/zod-openapi';
import { PLAYER_GAME_STATUSES } from '../../db/player-games.ts';
import { bearer, json } from '../openapi.ts';
import { problemResponses } from '../problems.ts';
import { CreatePlayerSchema, ID, MeSchema, PlayerGamePageSchema, PlayerSchema, PlayerTokenSchema } from '../schemas.ts';

export const createPlayer = createRoute({
  method: 'post',
  path: '/v1/players',
  operationId: 'createPlayer',
  tags: ['players'],
  summary: 'Create a guest player and get its bearer token',
  request: { body: { required: true, content: { 'application/json': { schema: CreatePlayerSchema } } } },
  responses: { 201: json(PlayerTokenSchema, 'The player and its token') },
});

export const getMe = createRoute({
  method: 'get',
  path: '/v1/players/me',
  operationId: 'getMe',
  tags: ['players'],
  summary: 'The player of the token, and when the token expires',
  security: bearer,
  responses: { 200: json(MeSchema, 'The caller') },
});

export const listMyGames = createRoute({
  method: 'get',
  path: '/v1/players/me/games',
  operationId: 'listMyGames',
  tags: ['players'],
  summary: "The caller's games and matches, newest first",
  description:
    'Where the caller sits or plays, or is the one a waiting game or match is reserved for (a challenge): `status=waiting` lists the challenges with the caller\'s own open games and matches. Keyset-paginated: pass `nextCursor` as `cursor`.',
  security: bearer,
  request: {
    query: z.object({
      status: z.enum(PLAYER_GAME_STATUSES).optional().openapi({ description: 'waiting (not begun), active, finished or cancelled; default all' }),
      limit: z
        .string()
        .regex(/^\d{1,9}$/, 'a non-negative integer')
        .transform(Number)
        .optional()
        .openapi({ type: 'integer', description: 'page size, 1..100, default 20' }),
      cursor: z.string().max(200).optional().openapi({ description: 'nextCursor of the previous page' }),
    }),
  },
  responses: { 200: json(PlayerGamePageSchema, 'One page'), ...problemResponses('INVALID_CURSOR') },
});

export const streamMyEvents = createRoute({
  method: 'get',
  path: '/v1/players/me/stream',
  operationId: 'streamMyEvents',
  tags: ['players'],
  summary: "Server-Sent Events: the caller's own events",
  description:
    "Each SSE message has `id:` = the caller's own event sequence number, `event:` = the type and `data:` = one PlayerEvent as JSON: `challenge` (a game or match was created with you as its opponent), `challengeCancelled`, `challengeDeclined`, `gameStart`, `gameFinish`, `matchStart`, `matchFinish`. Events are stored: reconnect with `Last-Event-ID` (or `?after=N`) and nothing is missed, whichever process answers. A `: heartbeat` comment comes every 15 s; the stream does not end by itself. Moves are on each game's own stream.",
  security: bearer,
  request: {
    query: z.object({
      after: z.string().regex(/^\d{1,9}$/).transform(Number).optional().openapi({ type: 'integer', description: 'start after this sequence number' }),
    }),
    headers: z.object({ 'last-event-id': z.string().regex(/^\d{1,9}$/).optional() }),
  },
  responses: {
    200: { description: 'An event stream of PlayerEvent', content: { 'text/event-stream': { schema: z.string() } } },
    ...problemResponses('TOO_MANY_WAITERS'),
  },
});

export const getPlayer = createRoute({
  method: 'get',
  path: '/v1/players/{playerId}',
  operationId: 'getPlayer',
  tags: ['players'],
  summary: 'A player: its id and name',
  request: { params: z.object({ playerId: z.string().regex(ID, 'an id: letters, digits and dashes').openapi({ param: { name: 'playerId', in: 'path' } }) }) },
  responses: { 200: json(PlayerSchema, 'The player'), ...problemResponses('PLAYER_NOT_FOUND') },
});
