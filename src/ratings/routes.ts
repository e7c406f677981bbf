// Rated play's operations, as OpenAPI definitions; the handlers are in api.ts beside.
import { createRoute, z } from '@hono/zod-openapi';
import { ratingExamples } from './examples.ts';
import { json, pageCursor, pageLimit, publicAccess } from '../platform/http/openapi.ts';
import { problemResponses } from '../platform/http/problems.ts';
import { LeaderboardSchema, PlayerIdParam, RatingHistorySchema, VariantParam } from './schemas.ts';

export const getRatingHistory = createRoute({
  method: 'get',
  path: '/v1/players/{playerId}/ratings/{variant}',
  operationId: 'getRatingHistory',
  tags: ['ratings'],
  summary: "Read a player's rating history in one variant",
  description: 'One point per rated game the player finished in the variant, oldest first: the rating, RD and volatility after it (empty when the player was never rated there).',
  security: publicAccess,
  request: { params: PlayerIdParam.extend(VariantParam.shape) },
  responses: { 200: json(RatingHistorySchema, 'The points, oldest first', ratingExamples.history), ...problemResponses('PLAYER_NOT_FOUND') },
});

export const getLeaderboard = createRoute({
  method: 'get',
  path: '/v1/leaderboards/{variant}',
  operationId: 'getLeaderboard',
  tags: ['ratings'],
  summary: 'List the rated players of a variant, highest first',
  description:
    'Players whose rating is no longer provisional (RD at most 110, or RATING_PROVISIONAL_RD), highest rating first, ties by player id; `rank` is the place on the whole list. `bots`: include (default), exclude or only bot accounts. Keyset-paginated: pass `nextCursor` as `cursor`.',
  security: publicAccess,
  request: {
    params: VariantParam,
    query: z.object({
      limit: pageLimit(),
      cursor: pageCursor(),
      bots: z.enum(['include', 'exclude', 'only']).optional().openapi({ description: 'bot accounts: include (default), exclude, or only them' }),
    }),
  },
  responses: { 200: json(LeaderboardSchema, 'One page of the leaderboard', ratingExamples.leaderboard), ...problemResponses('INVALID_CURSOR', 'NOT_FOUND') },
});
