// What the ratings tell a player on its own stream (GET /v1/players/me/stream): a rated game moved
// its rating.
import { z } from '@hono/zod-openapi';
import { VARIANTS, type Variant } from '../engine/index.ts';

/** A rated game of this player's ended: the rating in its variant before and after (rounded as shown), and the new RD. */
export interface RatingChangedEvent {
  type: 'ratingChanged';
  gameId: string;
  variant: Variant;
  before: number;
  after: number;
  rd: number;
  games: number;
  provisional: boolean;
}

declare module '../platform/streams/player-events.ts' {
  interface PlayerEvents {
    ratingChanged: RatingChangedEvent;
  }
}

/** The schemas of the ratings' events of a player's stream. */
export const RATING_PLAYER_EVENTS = [
  z
    .object({
      type: z.literal('ratingChanged'),
      gameId: z.string(),
      variant: z.enum(VARIANTS),
      before: z.number().int().openapi({ description: 'the rating before the game, rounded as shown' }),
      after: z.number().int().openapi({ description: 'the rating after it, rounded as shown' }),
      rd: z.number().openapi({ description: 'the rating deviation after it' }),
      games: z.number().int().openapi({ description: 'rated games played in this variant' }),
      provisional: z.boolean().openapi({ description: 'the RD is still above the provisional threshold' }),
    })
    .openapi('RatingChangedEvent', { description: 'a rated game of yours ended and moved your rating in its variant' }),
] as const;
