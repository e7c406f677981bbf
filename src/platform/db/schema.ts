// The tables. The event log (`game_events`) is the truth; `games` holds what a query needs
// without folding the log: who sits where, the status for the lobby, and the version guard.

import type { JWK } from 'jose';
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Config, EventType, GameEvent, Phase, Seat, Variant } from '../../engine/types.ts';

/** A game waits for its second player, then runs through the engine's phases. */
export type GameStatus = 'waiting' | Phase;

// Millisecond precision: a JS Date round-trips exactly, so a lobby cursor built from a
// row's created_at compares equal to that row (microseconds would make it repeat).
const stamp = (name: string) => timestamp(name, { withTimezone: true, precision: 3 }).notNull().defaultNow();

export const players = pgTable(
  'players',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** null: a guest of this service; else the external identity provider's `iss`. */
    issuer: text('issuer'),
    subject: text('subject'),
    /** The seq of the player's last event (player_events), 0 before any: bumped under the row's lock. */
    eventVersion: integer('event_version').notNull().default(0),
    /** A bot account (set at sign-up or claim, for good): shown wherever the player is. */
    bot: boolean('bot').notNull().default(false),
    /**
     * Tokens signed before accounts (no `jti`) and issued before this moment are refused: set when
     * the player signs out everywhere, changes its password or is deleted (see accounts/revocations.ts).
     */
    legacyTokensRevokedAt: timestamp('legacy_tokens_revoked_at', { withTimezone: true, precision: 3 }),
    /**
     * Set when the player deletes itself (DELETE /v1/players/me), before what it was in ends: from
     * then on it is never seated, paired or challenged again (the pairing checks it under the row's lock).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }),
    createdAt: stamp('created_at'),
  },
  // Guests have (null, null); nulls are distinct, so only external identities are unique. The
  // revocation list reads the cut-offs set since its last read along the second.
  (t) => [unique('players_issuer_subject_key').on(t.issuer, t.subject), index('players_legacy_revoked_idx').on(t.legacyTokensRevokedAt).where(sql`legacy_tokens_revoked_at is not null`)],
);

export const games = pgTable(
  'games',
  {
    id: text('id').primaryKey(),
    config: jsonb('config').$type<Config>().notNull(),
    status: text('status').$type<GameStatus>().notNull(),
    /** The seq of the last event, 0 before any: the optimistic-concurrency guard and the ETag. */
    version: integer('version').notNull().default(0),
    forehandPlayerId: text('forehand_player_id').references(() => players.id),
    dealerPlayerId: text('dealer_player_id').references(() => players.id),
    /** The `opponent` a creator reserved the free seat for; not a foreign key (may be invited before playing). */
    reservedPlayerId: text('reserved_player_id'),
    serverSeed: text('server_seed').notNull(),
    seedCommitment: text('seed_commitment').notNull(),
    /** The match this game belongs to (null: a standalone game), and its number there (1, 2, …). */
    matchId: text('match_id').references((): AnyPgColumn => matches.id),
    number: integer('number'),
    /** Seconds a player has for each move (null: no deadline); see games/commands.ts (claimTimeout). */
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
      .references(() => players.id),
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

/**
 * The answer to a create call (a player, a game, a match, a seek) sent with an `Idempotency-Key`,
 * replayed for repeats. Keyed by who sent it (`player:<id>`, or `address:<ip>` for a call without a
 * token), the operation and the key. A row is written before the create runs (`status` 0: under
 * way, with the id the create will use) and filled with the answer once it is made, so two
 * requests with one key make one thing.
 */
export const createAnswers = pgTable(
  'create_answers',
  {
    caller: text('caller').notNull(),
    operation: text('operation').notNull(),
    key: text('key').notNull(),
    /** A hash of the request, so the same key with a different body can be refused. */
    requestHash: text('request_hash').notNull(),
    /** The answer's HTTP status; 0 while the create is under way. */
    status: integer('status').notNull().default(0),
    /** The answer as the JSON text first sent (a repeat gets it byte for byte); null while under way. */
    body: text('body'),
    location: text('location'),
    /**
     * The id the create gives what it makes, chosen before it runs: a repeat finds what was made
     * when the answer was never kept (the database went away as the create committed).
     */
    resourceId: text('resource_id'),
    createdAt: stamp('created_at'),
  },
  (t) => [
    primaryKey({ name: 'create_answers_pkey', columns: [t.caller, t.operation, t.key] }),
    // The sweeper drops answers as old as the moves' kept answers.
    index('create_answers_created_idx').on(t.createdAt),
  ],
);

/** Keys the service signs its own tokens with, when none is configured. */
export const signingKeys = pgTable('signing_keys', {
  /** The JWK `kid`. */
  id: text('id').primaryKey(),
  alg: text('alg').notNull(),
  privateJwk: jsonb('private_jwk').$type<JWK>().notNull(),
  publicJwk: jsonb('public_jwk').$type<JWK>().notNull(),
  /**
   * `'current'` marks the key new tokens are signed with. Unique, so processes starting at
   * once agree on one key; a retired key would keep null and still verify old tokens.
   */
  slot: text('slot').unique('signing_keys_slot_key'),
  createdAt: stamp('created_at'),
  /** When a newer key took the slot: from then on this key only verifies, until its last token expires. */
  demotedAt: timestamp('demoted_at', { withTimezone: true, precision: 3 }),
});

/** A player's sign-in: the username (unique ignoring case) and the password's hash. Deleted with the account. */
export const accounts = pgTable('accounts', {
  playerId: text('player_id')
    .primaryKey()
    .references(() => players.id),
  username: text('username').notNull(),
  /** The username in lower case: the unique key (Anna and anna are one account). */
  usernameKey: text('username_key').notNull().unique('accounts_username_key'),
  /** Self-describing: algorithm, parameters, salt and hash (see accounts/password.ts). */
  passwordHash: text('password_hash').notNull(),
  createdAt: stamp('created_at'),
  updatedAt: stamp('updated_at'),
});

/**
 * Every token the service signs (its `jti`): listed, revoked one by one or all at once. A revoked
 * row is kept until its token expires, so every process can learn of the revocation.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: text('id').primaryKey(),
    playerId: text('player_id')
      .notNull()
      .references(() => players.id),
    name: text('name').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    /** The kid of the key it was signed with: a key retires when no live token names it. */
    keyId: text('key_id').notNull(),
    createdAt: stamp('created_at'),
    /** null: never expires (accounts only). */
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
    /**
     * What the token is called where it is listed, when not its name: a sign-in's browser and system
     * ("Firefox on Android"), or the owner's rename. `name` stays as made: the cap of live tokens
     * tells a sign-in's token by it.
     */
    label: text('label'),
  },
  (t) => [index('access_tokens_player_idx').on(t.playerId), index('access_tokens_revoked_idx').on(t.revokedAt)],
);

/** An open player stream of a bot account (GET /v1/bots/online): held while the stream is open, renewed by its heartbeat. */
export const botPresence = pgTable(
  'bot_presence',
  {
    /** One row per open stream. */
    id: text('id').primaryKey(),
    playerId: text('player_id')
      .notNull()
      .references(() => players.id),
    /** Past this moment the row counts for nothing (its process died without removing it). */
    leaseUntil: timestamp('lease_until', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('bot_presence_lease_idx').on(t.leaseUntil)],
);

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
      .references(() => players.id),
    opponentPlayerId: text('opponent_player_id').references(() => players.id),
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

/**
 * Each player's own log (GET /v1/players/me/stream): challenges, games and matches starting and
 * finishing, challenges cancelled or declined. Written in the transaction of the change that
 * causes it; seq is the player's own (players.event_version). Append-only.
 */
export const playerEvents = pgTable(
  'player_events',
  {
    playerId: text('player_id')
      .notNull()
      .references(() => players.id),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: stamp('created_at'),
  },
  (t) => [primaryKey({ name: 'player_events_pkey', columns: [t.playerId, t.seq] })],
);

/**
 * Each player's Glicko-2 rating per variant (src/ratings): a row once the player has finished a
 * rated game there. Changed only in the transaction of a rated game's end, under this row's lock.
 */
export const ratings = pgTable(
  'ratings',
  {
    playerId: text('player_id')
      .notNull()
      .references(() => players.id),
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
      .references(() => players.id),
    variant: text('variant').$type<Variant>().notNull(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id),
    /** The game's end by the service clock. */
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    rating: doublePrecision('rating').notNull(),
    rd: doublePrecision('rd').notNull(),
    volatility: doublePrecision('volatility').notNull(),
  },
  (t) => [uniqueIndex('rating_history_game_player_key').on(t.gameId, t.playerId), index('rating_history_player_idx').on(t.playerId, t.variant, t.seq)],
);

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
      .references(() => players.id),
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
    gameId: text('game_id').references(() => games.id),
    matchId: text('match_id').references(() => matches.id),
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
      .references(() => players.id),
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
      .references(() => players.id),
    withdrawn: boolean('withdrawn').notNull().default(false),
    /** Tournament games this player let time out: withdrawn at two. */
    timeouts: integer('timeouts').notNull().default(0),
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
      .references(() => players.id),
    secondPlayerId: text('second_player_id').references(() => players.id),
    gameId: text('game_id').references(() => games.id),
    matchId: text('match_id').references(() => matches.id),
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
      .references(() => players.id),
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
/** An analysis waits in the queue, runs in one process's worker pool, and is kept once done (or failed). */
export type AnalysisJobStatus = 'queued' | 'running' | 'done' | 'failed';

/**
 * The computer analyses of finished games (src/analysis): one row per game and lens, the job
 * and, once done, its result. The queue is the rows `queued`, oldest first; a process claims one
 * (FOR UPDATE SKIP LOCKED) and holds it by a lease it renews while its worker runs: a process
 * that dies leaves a lease that runs out, and another process claims the job again.
 */
export const analyses = pgTable(
  'analyses',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** 'open' or 'seat'. */
    lens: text('lens').notNull(),
    status: text('status').$type<AnalysisJobStatus>().notNull(),
    /** The share of cards done, 0..1 (written as the worker goes). */
    progress: doublePrecision('progress').notNull().default(0),
    /** The address that asked first: its fair use counts the jobs it has queued or running. */
    requestedBy: text('requested_by').notNull(),
    requestedAt: stamp('requested_at'),
    /** The process running it, and until when its claim holds unless renewed. */
    claimedBy: text('claimed_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true, precision: 3 }),
    /** Claims so far: a job that kills its processes is failed after a few. */
    attempts: integer('attempts').notNull().default(0),
    /** The analysis (done), or null. */
    result: jsonb('result'),
    /** Why it failed. */
    error: text('error'),
    completedAt: timestamp('completed_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.lens] }),
    // The queue, oldest first, and a dead process's jobs (their leases run out).
    index('analyses_pending_idx').on(t.status, t.requestedAt).where(sql`status in ('queued', 'running')`),
    index('analyses_requester_idx').on(t.requestedBy).where(sql`status in ('queued', 'running')`),
  ],
);
