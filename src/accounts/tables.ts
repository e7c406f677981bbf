// The accounts' tables: the players (guests of this service, identities of an external provider,
// accounts; every feature's rows name them), the accounts' sign-ins, the tokens the service signed,
// and the open player streams of bot accounts. Written by accounts' stores (player-store.ts,
// store.ts); the other features reach them through queries.ts and Players only. The platform's
// per-player log (platform/streams/player-events.ts) bumps one column, players.event_version, its
// counter, by its SQL name.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { stamp } from '../platform/db/columns.ts';
import { ownTables } from '../platform/db/references.ts';

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
    /** A house bot's level (src/house/levels.ts: random, greedy, pimc, star), set by the house at its start; null for every other player. */
    houseLevel: text('house_level'),
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

ownTables(players, accounts, accessTokens, botPresence);
