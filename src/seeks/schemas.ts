// API schemas of the pairing pool: the request to seek (the rule options are those of a new
// game's, taken from its schema), and a seek as anyone sees it.
import { z } from '@hono/zod-openapi';
import { SEEK_STATUSES } from './tables.ts';
import { VARIANTS } from '../engine/index.ts';
import { ConfigSchema, CreateGameSchema } from '../games/index.ts';
import { ID, orNull } from '../platform/http/schemas.ts';

/** Ratings a seek may name as its opponent's range. */
const RATING = z.number().int().min(0).max(4000);

export const CreateSeekSchema = z
  .strictObject({
    variant: z.enum(VARIANTS).openapi({ description: 'the variant sought' }),
    ...CreateGameSchema.pick({ scoring: true, spitzen: true, kontra: true, ramschTrumps: true, turnSeconds: true, rated: true }).shape,
    games: z.number().int().min(1).max(100).optional().openapi({ description: '1 (default): one game; 2..100: a match of that many games' }),
    // An array of two (not a zod tuple: its JSON Schema, prefixItems alone, is refused by strict
    // validators); min and max, not length: the document's generator writes no bounds for length.
    ratingRange: z
      .array(RATING)
      .min(2)
      .max(2)
      .refine(([min, max]) => min <= max, 'min ≤ max')
      .transform((r) => r as [number, number])
      .optional()
      .openapi({ description: "[min, max]: the opponent's rating in the variant (1500 while unrated) must lie inside, both included; default: any" }),
    whileConnected: z
      .boolean()
      .optional()
      .openapi({ description: 'the seek ends when your last open player stream (GET /v1/players/me/stream) closes, on any process; default false' }),
  })
  .openapi('CreateSeek');

export const SeekSchema = z
  .object({
    seekId: z.string(),
    status: z.enum(SEEK_STATUSES).openapi({
      description: 'waiting (in the pool), paired (see gameId or matchId), or ended unpaired: withdrawn, expired (SEEK_TTL_SECONDS), disconnected (whileConnected, no stream left)',
    }),
    player: z.object({ playerId: z.string(), name: z.string(), bot: z.boolean() }).openapi('SeekPlayer'),
    rating: z.number().int().openapi({ description: "the seeker's rating in the variant when it seeked (1500 while unrated)" }),
    variant: z.enum(VARIANTS),
    config: ConfigSchema,
    turnSeconds: z.number().int().nullable().openapi({ description: 'seconds per move; null: no deadline' }),
    rated: z.boolean(),
    games: z.number().int().openapi({ description: '1: one game; n ≥ 2: a match' }),
    ratingRange: orNull(z.array(z.number().int()).min(2).max(2)).openapi({ description: "the opponent's rating it accepts, [min, max]; null: any" }),
    whileConnected: z.boolean(),
    createdAt: z.string().openapi({ format: 'date-time' }),
    expiresAt: z.string().openapi({ format: 'date-time', description: 'a seek still waiting then ends (expired)' }),
    endedAt: orNull(z.string().openapi({ format: 'date-time' })).openapi({ description: 'when it was paired or ended; null while waiting' }),
    gameId: z.string().optional().openapi({ description: 'once paired into a single game: the game (GET /v1/games/{gameId})' }),
    matchId: z.string().optional().openapi({ description: 'once paired into a match: the match (GET /v1/matches/{matchId})' }),
  })
  .openapi('Seek');

export const SeekPageSchema = z
  .object({ items: z.array(SeekSchema), nextCursor: z.string().nullable() })
  .openapi('SeekPage');

export const SeekIdParam = z.object({
  seekId: z.string().regex(ID, 'an id: letters, digits and dashes').openapi({ param: { name: 'seekId', in: 'path' } }),
});
