// The tournaments' tables: the tournament row (its lock serialises every change a director or a
// join makes to one tournament), its entrants, its pairings with their seats (the unique index over
// unended seats: nobody in two tournament games at once), and its own event log. Written by the
// tournament store (store.ts), whose step writes the games and matches it pairs through the games'
// and matches' functions in the same transaction.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Config } from '../engine/types.ts';
import { stamp } from '../platform/db/columns.ts';
import { column, ownTables } from '../platform/db/references.ts';

/** A tournament waits for its start, runs, and is finished (src/tournaments). */
export const TOURNAMENT_STATUSES = ['upcoming', 'running', 'finished'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];
export const TOURNAMENT_SYSTEMS = ['arena', 'swiss'] as const;
export type TournamentSystem = (typeof TOURNAMENT_SYSTEMS)[number];
export const TOURNAMENT_BOTS = ['allow', 'none', 'only'] as const;
export type TournamentBots = (typeof TOURNAMENT_BOTS)[number];

/**
 * An arena (a time window) or a Swiss event (a number of rounds). Every change a director makes
 * (start, a round's pairing, a result, the end) is written under this row's lock (SELECT … FOR
 * UPDATE): one process at a time moves one tournament on, so every pairing is made once.
 */
export const tournaments = pgTable(
  'tournaments',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    system: text('system').$type<TournamentSystem>().notNull(),
    status: text('status').$type<TournamentStatus>().notNull(),
    config: jsonb('config').$type<Config>().notNull(),
    turnSeconds: integer('turn_seconds').notNull(),
    rated: boolean('rated').notNull().default(false),
    bots: text('bots').$type<TournamentBots>().notNull(),
    maxPlayers: integer('max_players').notNull(),
    /** Arena: its length; null for Swiss. */
    minutes: integer('minutes'),
    /** Swiss: its rounds and the games of each pairing; null for an arena. */
    rounds: integer('rounds'),
    gamesPerRound: integer('games_per_round'),
    /** The round being played (Swiss), 0 before the first; an arena counts its waves here. */
    round: integer('round').notNull().default(0),
    createdBy: text('created_by')
      .notNull()
      .references(() => column('players', 'id')),
    startsAt: timestamp('starts_at', { withTimezone: true, precision: 3 }).notNull(),
    /** Arena: startsAt + minutes (no pairing after it); Swiss: when it finished. */
    endsAt: timestamp('ends_at', { withTimezone: true, precision: 3 }),
    /** The seq of its last event (tournament_events), 0 before any. */
    version: integer('version').notNull().default(0),
    /** Why a Swiss event ended before its last round (no legal pairing left, too few players). */
    endedEarly: text('ended_early'),
    /** The final standings, written with the end and kept for ever. */
    standings: jsonb('standings').$type<unknown[]>(),
    createdAt: stamp('created_at'),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
    /** When a director must next look at it (src/tournaments/next-at.ts); null once finished. */
    nextAt: timestamp('next_at', { withTimezone: true, precision: 3 }),
    /** The client address that created it, kept until it finishes (the per-address cap counts it). */
    createdFrom: text('created_from'),
  },
  (t) => [
    // The lists (soonest or newest first).
    index('tournaments_status_idx').on(t.status, t.startsAt, t.id),
    index('tournaments_creator_idx').on(t.createdBy, t.status),
    // The directors' due queue, soonest first; the tournaments not finished per creating address.
    index('tournaments_next_idx').on(t.nextAt).where(sql`next_at is not null`),
    index('tournaments_address_idx').on(t.createdFrom).where(sql`created_from is not null`),
  ],
);

/** Who entered a tournament: a withdrawn player keeps the score made. */
export const tournamentPlayers = pgTable(
  'tournament_players',
  {
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    playerId: text('player_id')
      .notNull()
      .references(() => column('players', 'id')),
    withdrawn: boolean('withdrawn').notNull().default(false),
    /** Tournament games this player let time out: withdrawn at two. */
    timeouts: integer('timeouts').notNull().default(0),
    /** Arena: the player paused (POST …/pause): not paired until it comes back; the score made stays. */
    paused: boolean('paused').notNull().default(false),
    joinedAt: stamp('joined_at'),
  },
  (t) => [primaryKey({ name: 'tournament_players_pkey', columns: [t.tournamentId, t.playerId] }), index('tournament_players_player_idx').on(t.playerId)],
);

/**
 * A pairing: two players and the game (arena) or match (Swiss) they play, or a bye (no second
 * player). `first` is forehand in the pairing's first game. Its points are written when it ends.
 */
export const tournamentPairings = pgTable(
  'tournament_pairings',
  {
    id: text('id').primaryKey(),
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    /** Swiss: the round; arena: the wave. */
    round: integer('round').notNull(),
    firstPlayerId: text('first_player_id')
      .notNull()
      .references(() => column('players', 'id')),
    secondPlayerId: text('second_player_id').references(() => column('players', 'id')),
    gameId: text('game_id').references(() => column('games', 'id')),
    matchId: text('match_id').references(() => column('matches', 'id')),
    /** null while it is played; its sheet points once it ended. */
    firstPoints: integer('first_points'),
    secondPoints: integer('second_points'),
    winner: text('winner'),
    passedIn: boolean('passed_in').notNull().default(false),
    createdAt: stamp('created_at'),
    endedAt: timestamp('ended_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('tournament_pairings_tournament_idx').on(t.tournamentId, t.round),
    index('tournament_pairings_playing_idx').on(t.tournamentId).where(sql`ended_at is null`),
    uniqueIndex('tournament_pairings_game_key').on(t.gameId),
    uniqueIndex('tournament_pairings_match_key').on(t.matchId),
  ],
);

/**
 * A player's seat in a pairing being played. The unique index over the unended seats is the proof
 * that nobody is ever in two tournament games at once, whichever process pairs: a step takes its
 * seats first, so a step that decided on a snapshot older than another's pairing fails at once.
 */
export const tournamentSeats = pgTable(
  'tournament_seats',
  {
    /** Not a foreign key: the seats are taken first in a pairing's transaction, before its pairing row exists. */
    pairingId: text('pairing_id').notNull(),
    playerId: text('player_id')
      .notNull()
      .references(() => column('players', 'id')),
    tournamentId: text('tournament_id').notNull(),
    ended: boolean('ended').notNull().default(false),
  },
  (t) => [primaryKey({ name: 'tournament_seats_pkey', columns: [t.pairingId, t.playerId] }), uniqueIndex('tournament_seats_playing_key').on(t.playerId).where(sql`not ended`)],
);

/** A tournament's own log (standings, pairing, roundStart, roundEnd, tournamentEnd): its stream, resumable. Append-only. */
export const tournamentEvents = pgTable(
  'tournament_events',
  {
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: stamp('created_at'),
  },
  (t) => [primaryKey({ name: 'tournament_events_pkey', columns: [t.tournamentId, t.seq] })],
);

ownTables(tournaments, tournamentPlayers, tournamentPairings, tournamentSeats, tournamentEvents);
