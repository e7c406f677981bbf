// The platform's own tables, written and read by the platform alone (every other table is a
// feature's, in src/<feature>/tables.ts):
// - create_answers: the answers to create calls sent with an Idempotency-Key, whatever they create
//   (a player, a game, a match, a seek, a tournament): the edge's idempotent creates
//   (platform/http/idempotent-create.ts, through platform/db/create-answers.ts);
// - signing_keys: the keys the platform's tokens are signed with when none is configured
//   (platform/auth/signing-key-store.ts; accounts' keyring decides when a demoted one retires);
// - player_events: each player's own log, the platform's per-player stream
//   (platform/streams/player-events.ts): every feature appends to it in its own statements
//   through that module, never to the table. Its counter is the players' row's event_version
//   (accounts' table, where it is bumped under the row's lock), which that module names by SQL.
import type { JWK } from 'jose';
import { integer, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { stamp } from './columns.ts';
import { column, ownTables } from './references.ts';

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
      .references(() => column('players', 'id')),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: stamp('created_at'),
  },
  (t) => [primaryKey({ name: 'player_events_pkey', columns: [t.playerId, t.seq] })],
);

ownTables(createAnswers, signingKeys, playerEvents);
