// API schemas of rated play: a player's ratings, the history of one, the leaderboards.
import { z } from '@hono/zod-openapi';
import { VARIANTS } from '../engine/index.ts';
import { ID } from '../platform/http/schemas.ts';

export const VariantParam = z.object({
  variant: z.enum(VARIANTS).openapi({ param: { name: 'variant', in: 'path' }, description: 'the variant the rating is for' }),
});

export const PlayerIdParam = z.object({
  playerId: z
    .string()
    .regex(ID, 'an id: letters, digits and dashes')
    .openapi({ param: { name: 'playerId', in: 'path' } }),
});

export const RatingSchema = z
  .object({
    rating: z.number().openapi({ description: 'Glicko-2 rating (starts at 1500)' }),
    rd: z.number().openapi({ description: 'rating deviation (starts at 350): how unsure the rating is' }),
    volatility: z.number().openapi({ description: 'Glicko-2 volatility (starts at 0.06)' }),
    games: z.number().int().openapi({ description: 'rated games played in this variant' }),
    provisional: z.boolean().openapi({ description: 'the RD is above the provisional threshold (110 unless configured): not on the leaderboard yet' }),
  })
  .openapi('Rating');

export const RatingsSchema = z
  .object(Object.fromEntries(VARIANTS.map((v) => [v, RatingSchema.optional()])) as Record<(typeof VARIANTS)[number], z.ZodOptional<typeof RatingSchema>>)
  .openapi('Ratings', { description: 'the player\'s rating per variant; a variant appears once the player has finished a rated game there' });

export const PlayerProfileSchema = z
  .object({
    playerId: z.string(),
    name: z.string(),
    bot: z.boolean().openapi({ description: 'a bot account' }),
    username: z.string().nullable().openapi({ description: "the account's username; null for a guest" }),
    ratings: RatingsSchema,
  })
  .openapi('PlayerProfile', { description: 'A player as anyone may see it, with its ratings' });

export const RatingHistorySchema = z
  .object({
    items: z.array(
      z
        .object({
          gameId: z.string(),
          at: z.string().openapi({ description: 'when the game ended' }),
          rating: z.number(),
          rd: z.number(),
          volatility: z.number(),
        })
        .openapi('RatingPoint', { description: 'the rating after one rated game' }),
    ),
  })
  .openapi('RatingHistory', { description: 'one point per rated game, oldest first' });

export const LeaderboardSchema = z
  .object({
    items: z.array(
      z
        .object({
          rank: z.number().int().openapi({ description: 'the place on the whole list (1: the highest)' }),
          playerId: z.string(),
          name: z.string(),
          bot: z.boolean(),
          rating: z.number(),
          rd: z.number(),
          games: z.number().int(),
        })
        .openapi('LeaderboardEntry'),
    ),
    nextCursor: z.string().nullable(),
  })
  .openapi('Leaderboard', { description: 'non-provisional players of one variant, highest first' });
