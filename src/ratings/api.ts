// Rated play's reads: a player's rating history, the leaderboards. (A player's ratings are on
// GET /v1/players/{playerId}, http/players.)
import type { RatingService } from './service.ts';
import { createApi } from '../platform/http/edge.ts';
import type { App } from '../platform/http/env.ts';
import { operation } from '../platform/http/operation.ts';
import { respond } from '../platform/http/reply.ts';
import { getLeaderboard, getRatingHistory } from './routes.ts';

/** What the ratings routes are built from. */
export interface RatingsApiDeps {
  ratings: RatingService;
  /** Who the players are (src/players, above this feature): PLAYER_NOT_FOUND for no such player. */
  players: { profile(playerId: string): Promise<unknown> };
}

export function ratingsApi({ ratings, players }: RatingsApiDeps): App {
  const api = createApi();

  operation(api, getRatingHistory, async (c) => {
    const { playerId, variant } = c.req.valid('param');
    await players.profile(playerId); // PLAYER_NOT_FOUND for no such player
    return respond(c, await ratings.history(playerId, variant), 200);
  });

  operation(api, getLeaderboard, async (c) => {
    const { variant } = c.req.valid('param');
    const { limit = 20, cursor, bots = 'include' } = c.req.valid('query');
    return respond(c, await ratings.leaderboard(variant, { limit, cursor, bots }), 200);
  });

  return api;
}
