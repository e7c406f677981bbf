// The apps' tables: a grant per approval an app exchanged, its rotating refresh tokens, the codes
// of the authorization code flow and the requests of the device flow. Every secret an app holds
// (a code, a refresh token, a device code) is stored as its SHA-256 only (secrets.ts): the
// tables leak nothing an app could present. Written by the apps' store only; no other feature
// reads them. Their players are the accounts' (by table name: platform/db/references.ts).
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { DelegableScope } from '../platform/auth/scopes.ts';
import { stamp } from '../platform/db/columns.ts';
import { column, ownTables } from '../platform/db/references.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** What a person approved for an app: its tokens live and die with it. */
export const oauthGrants = pgTable(
  'oauth_grants',
  {
    id: text('id').primaryKey(),
    playerId: text('player_id')
      .notNull()
      .references(() => column('players', 'id')),
    clientId: text('client_id').notNull(),
    scopes: jsonb('scopes').$type<DelegableScope[]>().notNull(),
    /** The redirect's origin the person saw (null: approved on the device page). */
    redirectOrigin: text('redirect_origin'),
    createdAt: stamp('created_at'),
    /** The last token exchange (the first one, or a refresh). */
    lastUsedAt: stamp('last_used_at'),
    /** Revoked: by the person, a reused code or refresh token, a sign-out everywhere. */
    revokedAt: at('revoked_at'),
  },
  // The revocation list reads the grants revoked within an access token's life along the second.
  (t) => [index('oauth_grants_player_idx').on(t.playerId), index('oauth_grants_revoked_idx').on(t.revokedAt).where(sql`revoked_at is not null`)],
);

/** A grant's refresh tokens: one live at a time; a spent one presented again ends the grant. */
export const oauthRefreshTokens = pgTable(
  'oauth_refresh_tokens',
  {
    hash: text('hash').primaryKey(),
    grantId: text('grant_id')
      .notNull()
      .references(() => oauthGrants.id),
    expiresAt: at('expires_at').notNull(),
    spentAt: at('spent_at'),
    createdAt: stamp('created_at'),
  },
  (t) => [index('oauth_refresh_tokens_grant_idx').on(t.grantId)],
);

/** An approval's code, until the app exchanges it (once) for the grant's first tokens. */
export const oauthCodes = pgTable('oauth_codes', {
  hash: text('hash').primaryKey(),
  playerId: text('player_id')
    .notNull()
    .references(() => column('players', 'id')),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  scopes: jsonb('scopes').$type<DelegableScope[]>().notNull(),
  /** The PKCE challenge: base64url(SHA-256(verifier)) (S256, the only method). */
  codeChallenge: text('code_challenge').notNull(),
  expiresAt: at('expires_at').notNull(),
  /** Exchanged (or presented with a wrong verifier): a code is presented once. */
  usedAt: at('used_at'),
  /** The grant its exchange made: revoked should the code come again. */
  grantId: text('grant_id'),
});

/** What a device asked for, until a person approves or denies it on /device and the device polls. */
export const oauthDeviceRequests = pgTable('oauth_device_requests', {
  /** The device code's hash. */
  hash: text('hash').primaryKey(),
  /** The code a person types: 8 letters, unique among the requests kept. */
  userCode: text('user_code').notNull().unique('oauth_device_requests_user_code_key'),
  clientId: text('client_id').notNull(),
  scopes: jsonb('scopes').$type<DelegableScope[]>().notNull(),
  expiresAt: at('expires_at').notNull(),
  /** Seconds the device waits between polls; each slow_down adds 5. */
  intervalSeconds: integer('interval_seconds').notNull(),
  lastPolledAt: at('last_polled_at'),
  /** pending, approved, denied; `done` once the device has its tokens (or its denial). */
  decision: text('decision').$type<'pending' | 'approved' | 'denied'>().notNull().default('pending'),
  playerId: text('player_id').references(() => column('players', 'id')),
  doneAt: at('done_at'),
  grantId: text('grant_id'),
  createdAt: stamp('created_at'),
});

ownTables(oauthGrants, oauthRefreshTokens, oauthCodes, oauthDeviceRequests);
