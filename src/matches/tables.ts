// The matches' tables: a match (a fixed series of games between two players; its games name it)
// and its own event log. Written by the match store (store.ts) and by queries.ts's steps, which
// the pairings of seeks and tournaments call in their transactions.
import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { Config } from '../engine/types.ts';
import { stamp } from '../platform/db/columns.ts';
import { column, ownTables } from '../platform/db/references.ts';

/** A match waits for its second player, then plays its games one after another (or is called off while it waits). */
export const MATCH_STATUSES = ['waiting', 'playing', 'finished', 'cancelled'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** A fixed number of games between two players (RULES.md, "Series"); its games link back. */
export const matches = pgTable(
  'matches',
  {
    id: text('id').primaryKey(),
    /** The config every game of the match is played with. */
    config: jsonb('config').$type<Config>().notNull(),
    games: integer('games').notNull(),
    turnSeconds: integer('turn_seconds'),
    /** Every game of a rated match is rated. */
    rated: boolean('rated').notNull().default(false),
    status: text('status').$type<MatchStatus>().notNull(),
    /** The seq of the last match event, 0 before any: the guard of every match write. */
    version: integer('version').notNull().default(0),
    creatorPlayerId: text('creator_player_id')
      .notNull()
      .references(() => column('players', 'id')),
    opponentPlayerId: text('opponent_player_id').references(() => column('players', 'id')),
    reservedPlayerId: text('reserved_player_id'),
    /** Draws the first dealer; revealed when the match is finished. */
    matchSeed: text('match_seed').notNull(),
    seedCommitment: text('seed_commitment').notNull(),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
  },
  (t) => [
    // A player's matches (GET /v1/players/me/games), and the waiting ones the sweeper expires.
    index('matches_creator_idx').on(t.creatorPlayerId),
    index('matches_opponent_idx').on(t.opponentPlayerId),
    index('matches_reserved_idx').on(t.reservedPlayerId),
    // The matches lobby (newest first) and the sweeper (oldest first) read it in either direction.
    index('matches_status_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** The match's own log (gameStarted, gameFinished, matchFinished); append-only like game_events. */
export const matchEvents = pgTable(
  'match_events',
  {
    matchId: text('match_id')
      .notNull()
      .references(() => matches.id),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: stamp('created_at'),
  },
  (t) => [primaryKey({ name: 'match_events_pkey', columns: [t.matchId, t.seq] })],
);

export type MatchRow = typeof matches.$inferSelect;

ownTables(matches, matchEvents);
