// The games' tables. The event log (`game_events`) is the truth; `games` holds what a query needs
// without folding the log: who sits where, the status for the lobby, and the version guard. With
// them the answers kept for idempotent moves. Written by the games' store and its statements
// (guarded-append.ts, guarded-write.ts, new-game.ts); the other features reach them through
// queries.ts and finished.ts only.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Config, EventType, GameEvent, Phase, Seat } from '../engine/types.ts';
import { stamp } from '../platform/db/columns.ts';
import { column, ownTables } from '../platform/db/references.ts';

/** A game waits for its second player, then runs through the engine's phases. */
export type GameStatus = 'waiting' | Phase;

export const games = pgTable(
  'games',
  {
    id: text('id').primaryKey(),
    config: jsonb('config').$type<Config>().notNull(),
    status: text('status').$type<GameStatus>().notNull(),
    /** The seq of the last event, 0 before any: the optimistic-concurrency guard and the ETag. */
    version: integer('version').notNull().default(0),
    forehandPlayerId: text('forehand_player_id').references(() => column('players', 'id')),
    dealerPlayerId: text('dealer_player_id').references(() => column('players', 'id')),
    /** The `opponent` a creator reserved the free seat for; not a foreign key (may be invited before playing). */
    reservedPlayerId: text('reserved_player_id'),
    serverSeed: text('server_seed').notNull(),
    seedCommitment: text('seed_commitment').notNull(),
    /** The match this game belongs to (null: a standalone game), and its number there (1, 2, …). */
    matchId: text('match_id').references(() => column('matches', 'id')),
    number: integer('number'),
    /** Seconds a player has for each move (null: no deadline); see games/deadline.ts, and games/commands.ts (claimTimeout). */
    turnSeconds: integer('turn_seconds'),
    /** A rated game (between two accounts, with a deadline, never a practice deal): its end moves both ratings. */
    rated: boolean('rated').notNull().default(false),
    /** A finished rated game: each seat's rating before and after it (written with the game's end). */
    ratingChanges: jsonb('rating_changes').$type<RatingChanges>(),
    /** The finished standalone game this one is the rematch of: unique, so both players get one. */
    rematchOf: text('rematch_of')
      .references((): AnyPgColumn => games.id)
      .unique('games_rematch_of_key'),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
  },
  (t) => [
    // NULLS FIRST is Postgres' own default for DESC, so `ORDER BY created_at DESC, id DESC` uses it.
    index('games_lobby_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Every game, newest first (the lobby without `status`): a public list never sorts the table.
    index('games_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('games_forehand_idx').on(t.forehandPlayerId),
    index('games_dealer_idx').on(t.dealerPlayerId),
    index('games_reserved_idx').on(t.reservedPlayerId),
    // Racing creators of a match's next game agree on one row (nulls are distinct: standalone games).
    uniqueIndex('games_match_number_key').on(t.matchId, t.number),
    // The exports, newest end first (a finished game's updated_at is its end): every finished
    // rated game, and one player's finished games at either seat (read as two ordered runs merged).
    index('games_finished_rated_idx')
      .on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'finished' and ${t.rated}`),
    index('games_finished_forehand_idx')
      .on(t.forehandPlayerId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'finished'`),
    index('games_finished_dealer_idx')
      .on(t.dealerPlayerId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'finished'`),
  ],
);

/** A rating as shown: before or after a game (rounded as shown). */
export interface RatingChange {
  before: number;
  after: number;
}
export type RatingChanges = Record<Seat, RatingChange>;

/** Append-only: rows are inserted and never updated or deleted. */
export const gameEvents = pgTable(
  'game_events',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id),
    seq: integer('seq').notNull(),
    type: text('type').$type<EventType>().notNull(),
    /** The seat that did it (null for the stock's deal, a trick taken, the end). */
    seat: text('seat').$type<Seat>(),
    /** The whole engine event, unredacted. */
    payload: jsonb('payload').$type<GameEvent>().notNull(),
    createdAt: stamp('created_at'),
  },
  // Two writers racing for the same seq: the primary key lets exactly one in.
  (t) => [primaryKey({ name: 'game_events_pkey', columns: [t.gameId, t.seq] })],
);

/** The first answer to a move sent with an `Idempotency-Key`, replayed for repeats. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    playerId: text('player_id')
      .notNull()
      .references(() => column('players', 'id')),
    key: text('key').notNull(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id),
    /** A hash of the request, so the same key with a different body can be refused. */
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').$type<unknown>().notNull(),
    createdAt: stamp('created_at'),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.playerId, t.key] }),
    // The sweeper drops answers older than a day.
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

export type GameRow = typeof games.$inferSelect;
export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;

ownTables(games, gameEvents, idempotencyKeys);
