// The ratings' tables: each player's Glicko-2 rating per variant and its history, one point per
// rated game. Written only with a rated game's end (rated-end.ts); read by the ratings' store and
// by queries.ts for the features after them (seeks, tournaments) and the ratings check.
import { bigint, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Variant } from '../engine/types.ts';
import { stamp } from '../platform/db/columns.ts';
import { column, ownTables } from '../platform/db/references.ts';

/**
 * Each player's Glicko-2 rating per variant (src/ratings): a row once the player has finished a
 * rated game there. Changed only in the transaction of a rated game's end, under this row's lock.
 */
export const ratings = pgTable(
  'ratings',
  {
    playerId: text('player_id')
      .notNull()
      .references(() => column('players', 'id')),
    variant: text('variant').$type<Variant>().notNull(),
    rating: doublePrecision('rating').notNull(),
    rd: doublePrecision('rd').notNull(),
    volatility: doublePrecision('volatility').notNull(),
    /** Rated games played in this variant. */
    games: integer('games').notNull(),
    updatedAt: stamp('updated_at'),
  },
  (t) => [
    primaryKey({ name: 'ratings_pkey', columns: [t.playerId, t.variant] }),
    // The leaderboards: highest first, the id breaking ties (the keyset of their pages).
    index('ratings_leaderboard_idx').on(t.variant, t.rating.desc().nullsFirst(), t.playerId),
  ],
);

/**
 * One point per player per rated game: the rating after it. `seq` is the order games were rated
 * in (they are rated in the order they end, under the ratings' row locks), which is the order
 * `npm run ratings -- --check` replays them in. Unique per (game, player): a game is never counted
 * twice. Append-only.
 */
export const ratingHistory = pgTable(
  'rating_history',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    playerId: text('player_id')
      .notNull()
      .references(() => column('players', 'id')),
    variant: text('variant').$type<Variant>().notNull(),
    gameId: text('game_id')
      .notNull()
      .references(() => column('games', 'id')),
    /** The game's end by the service clock. */
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    rating: doublePrecision('rating').notNull(),
    rd: doublePrecision('rd').notNull(),
    volatility: doublePrecision('volatility').notNull(),
  },
  (t) => [uniqueIndex('rating_history_game_player_key').on(t.gameId, t.playerId), index('rating_history_player_idx').on(t.playerId, t.variant, t.seq)],
);

ownTables(ratings, ratingHistory);
