// The seeks' table: the pairing pool. Written by the seek store (store.ts), whose pairing writes
// the game or match it starts through the games' and matches' functions in the same transaction.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Config } from '../engine/types.ts';
import { stamp } from '../platform/db/columns.ts';
import { column, ownTables } from '../platform/db/references.ts';

/** What a seek is now: waiting in the pool, paired into a game or match, or ended unpaired. */
export const SEEK_STATUSES = ['waiting', 'paired', 'withdrawn', 'expired', 'disconnected'] as const;
export type SeekStatus = (typeof SEEK_STATUSES)[number];

/**
 * The pairing pool (POST /v1/seeks): a player's wish for a game or match with given options. A
 * waiting seek is paired with the oldest compatible one as it arrives (seeks/pairing.ts); it
 * never waits beside a compatible one.
 */
export const seeks = pgTable(
  'seeks',
  {
    id: text('id').primaryKey(),
    playerId: text('player_id')
      .notNull()
      .references(() => column('players', 'id')),
    /**
     * The options compatible seeks share, as one canonical string (seeks/pool.ts): equal keys,
     * same options. Pairings of one pool are serialised on it (a transaction advisory lock).
     */
    pool: text('pool').notNull(),
    config: jsonb('config').$type<Config>().notNull(),
    turnSeconds: integer('turn_seconds'),
    rated: boolean('rated').notNull().default(false),
    /** 1: one game; n ≥ 2: a match of n games. */
    games: integer('games').notNull(),
    /** The seeker's rating in the variant when it seeked (1500 unrated). */
    rating: integer('rating').notNull(),
    /** The opponents' ratings it accepts (inclusive); null: any. */
    ratingMin: integer('rating_min'),
    ratingMax: integer('rating_max'),
    /** Ends when its owner's last player stream closes. */
    whileConnected: boolean('while_connected').notNull().default(false),
    status: text('status').$type<SeekStatus>().notNull(),
    gameId: text('game_id').references(() => column('games', 'id')),
    matchId: text('match_id').references(() => column('matches', 'id')),
    createdAt: stamp('created_at'),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    // The pairing's search and the pool's list (oldest first): only waiting seeks are indexed.
    index('seeks_waiting_pool_idx').on(t.pool, t.createdAt, t.id).where(sql`status = 'waiting'`),
    index('seeks_waiting_idx').on(t.createdAt, t.id).where(sql`status = 'waiting'`),
    index('seeks_player_idx').on(t.playerId, t.status),
  ],
);

ownTables(seeks);
