// The pairing pool's operations, as OpenAPI definitions; the handlers are in api.ts beside.
import { createRoute, z } from '@hono/zod-openapi';
import { bearer, json, jsonBody, pageCursor, pageLimit, publicAccess } from '../platform/http/openapi.ts';
import { problemResponses } from '../platform/http/problems.ts';
import { CreateIdempotencyHeaders, IDEMPOTENT_CREATE_CODES, IDEMPOTENT_CREATE_NOTE } from '../platform/http/idempotency.ts';
import { seekExamples } from './examples.ts';
import { CreateSeekSchema, SeekIdParam, SeekPageSchema, SeekSchema } from './schemas.ts';

export const createSeek = createRoute({
  method: 'post',
  path: '/v1/seeks',
  operationId: 'createSeek',
  tags: ['seeks'],
  summary: 'Seek a game or match: paired at once with a compatible seek, else wait in the pool',
  description:
    "Compatible: the same options, another player, and each player's rating in the variant (1500 while unrated) inside the other's `ratingRange`. When one waits, the oldest is paired with this one at once: the answer is `paired` with the `gameId` (or `matchId`) of the game that has just begun, seats drawn, and both players get `gameStart` (or `matchStart`) on their player streams. Else the seek waits (`waiting`) for SEEK_TTL_SECONDS, until withdrawn, or (`whileConnected`) while its player has a player stream open. At most 5 waiting seeks per player. `Location` names the seek." +
    IDEMPOTENT_CREATE_NOTE +
    ' The first answer is the seek as it was then: a seek answered `waiting` may have been paired since, which `GET /v1/seeks/{seekId}` tells.',
  security: bearer,
  request: { headers: CreateIdempotencyHeaders, body: jsonBody(CreateSeekSchema, seekExamples.create) },
  responses: {
    201: json(SeekSchema, 'The seek: waiting, or paired with its game or match', seekExamples.paired),
    ...problemResponses('RATED_NEEDS_ACCOUNT', 'RATED_TURN_SECONDS', 'TOO_MANY_SEEKS', ...IDEMPOTENT_CREATE_CODES),
  },
});

export const listSeeks = createRoute({
  method: 'get',
  path: '/v1/seeks',
  operationId: 'listSeeks',
  tags: ['seeks'],
  summary: 'List the waiting seeks (the pool), oldest first',
  description: 'Who seeks (name, bot, rating) and what for. Keyset-paginated: pass `nextCursor` as `cursor` for the next page.',
  security: publicAccess,
  request: {
    query: z.object({
      limit: pageLimit(),
      cursor: pageCursor(),
    }),
  },
  responses: { 200: json(SeekPageSchema, 'One page of the pool', seekExamples.pool), ...problemResponses('INVALID_CURSOR') },
});

export const getSeek = createRoute({
  method: 'get',
  path: '/v1/seeks/{seekId}',
  operationId: 'getSeek',
  tags: ['seeks'],
  summary: 'Read a seek: its status, and its game or match once paired',
  description: 'An ended seek (paired, withdrawn, expired, disconnected) can be read for a day after it ended.',
  security: publicAccess,
  request: { params: SeekIdParam },
  responses: { 200: json(SeekSchema, 'The seek', seekExamples.waiting), ...problemResponses('SEEK_NOT_FOUND') },
});

export const withdrawSeek = createRoute({
  method: 'delete',
  path: '/v1/seeks/{seekId}',
  operationId: 'withdrawSeek',
  tags: ['seeks'],
  summary: 'Withdraw your waiting seek from the pool',
  description: 'Only its player; a seek that has ended unpaired answers 204 again; once paired, 422 SEEK_PAIRED (its game or match has begun).',
  security: bearer,
  request: { params: SeekIdParam },
  responses: { 204: { description: 'Withdrawn' }, ...problemResponses('SEEK_NOT_FOUND', 'NOT_YOUR_SEEK', 'SEEK_PAIRED') },
});
