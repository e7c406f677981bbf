// What the ratings' tables offer the other features: a player's rating when it seeks (seeks), the
// entrants' ratings in a tournament's step, in its transaction (tournaments), and every rating and
// history point as stored (the ratings check, `npm run ratings -- --check`). The tables are the
// ratings' own; nothing else of them leaves the feature (its store's queries are its own).
import { and, eq, getTableName, inArray } from 'drizzle-orm';
import type { Variant } from '../engine/types.ts';
import type { Database, Db } from '../platform/db/client.ts';
import { ratingHistory, ratings } from './tables.ts';

/** The player's rating in `variant`, rounded as shown; null while unrated there. */
export async function shownRatingOf(db: Db, playerId: string, variant: Variant): Promise<number | null> {
  const [row] = await db
    .select({ rating: ratings.rating })
    .from(ratings)
    .where(and(eq(ratings.playerId, playerId), eq(ratings.variant, variant)));
  return row ? Math.round(row.rating) : null;
}

/** The ratings in `variant` of those of `playerIds` rated there, rounded as shown (on `db`, or in the caller's transaction). */
export async function shownRatingsOf(db: Db, playerIds: readonly string[], variant: Variant): Promise<Map<string, number>> {
  if (playerIds.length === 0) return new Map();
  const rows = await db
    .select({ playerId: ratings.playerId, rating: ratings.rating })
    .from(ratings)
    .where(and(eq(ratings.variant, variant), inArray(ratings.playerId, [...playerIds])));
  return new Map(rows.map((r) => [r.playerId, Math.round(r.rating)]));
}

/** A history point as stored. */
export interface StoredPoint {
  seq: number | string;
  player_id: string;
  variant: string;
  game_id: string;
  rating: number;
  rd: number;
  volatility: number;
}

/** Every history point, in the order the games were rated in. */
export function ratingPoints(database: Pick<Database, 'query'>): Promise<StoredPoint[]> {
  return database.query<StoredPoint & Record<string, unknown>>(
    `select seq, player_id, variant, game_id, rating, rd, volatility from ${getTableName(ratingHistory)} order by seq`,
  );
}

/** A player's rating in a variant as stored. */
export interface StoredPlayerRating {
  player_id: string;
  variant: string;
  rating: number;
  rd: number;
  volatility: number;
  games: number;
}

/** Every player's rating in every variant it is rated in. */
export function storedRatings(database: Pick<Database, 'query'>): Promise<StoredPlayerRating[]> {
  return database.query<StoredPlayerRating & Record<string, unknown>>(`select player_id, variant, rating, rd, volatility, games from ${getTableName(ratings)}`);
}
