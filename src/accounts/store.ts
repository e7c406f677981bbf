// Accounts (username and password hash), the tokens the service signed (their ids, names, scopes,
// expiry and revocation), and the open streams of bot accounts. The use cases are in src/accounts.
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { accessTokens, accounts, botPresence, players } from './tables.ts';

export type AccountRow = typeof accounts.$inferSelect;
export type AccessTokenRow = typeof accessTokens.$inferSelect;

/** Postgres' unique_violation: a username taken by a racing sign-up. */
const isUniqueViolation = (e: unknown) => {
  for (let x: unknown = e; x && typeof x === 'object'; x = (x as { cause?: unknown }).cause)
    if ((x as { code?: unknown }).code === '23505') return true;
  return false;
};

export class UsernameTakenError extends Error {}

export class AccountStore {
  constructor(private readonly db: Db) {}

  /** A new player with an account; UsernameTakenError when the name (ignoring case) is someone's. */
  async createAccount(input: { playerId: string; name: string; bot: boolean; username: string; usernameKey: string; passwordHash: string; houseLevel?: string }): Promise<void> {
    try {
      await this.db.transaction(async (tx) => {
        await tx.insert(players).values({ id: input.playerId, name: input.name, bot: input.bot, issuer: null, subject: null, houseLevel: input.houseLevel ?? null });
        await tx.insert(accounts).values({ playerId: input.playerId, username: input.username, usernameKey: input.usernameKey, passwordHash: input.passwordHash });
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new UsernameTakenError();
      throw e;
    }
  }

  /** The guest player becomes an account (its row, games and matches stay); bot only ever turns on. */
  async claim(input: { playerId: string; bot: boolean; username: string; usernameKey: string; passwordHash: string }): Promise<void> {
    try {
      await this.db.transaction(async (tx) => {
        await tx.insert(accounts).values({ playerId: input.playerId, username: input.username, usernameKey: input.usernameKey, passwordHash: input.passwordHash });
        if (input.bot) await tx.update(players).set({ bot: true }).where(eq(players.id, input.playerId));
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new UsernameTakenError();
      throw e;
    }
  }

  async byUsername(key: string): Promise<AccountRow | null> {
    const [row] = await this.db.select().from(accounts).where(eq(accounts.usernameKey, key));
    return row ?? null;
  }

  async byPlayer(playerId: string): Promise<AccountRow | null> {
    const [row] = await this.db.select().from(accounts).where(eq(accounts.playerId, playerId));
    return row ?? null;
  }

  async setPasswordHash(playerId: string, passwordHash: string): Promise<void> {
    await this.db.update(accounts).set({ passwordHash, updatedAt: new Date() }).where(eq(accounts.playerId, playerId));
  }

  /**
   * The player is being deleted: from now on it is never seated, paired or challenged again (the
   * first step of a deletion; the first time counts). Its row's lock orders this against a
   * pairing that holds it: one waits for the other.
   */
  async markDeleted(playerId: string, now: Date): Promise<void> {
    await this.db
      .update(players)
      .set({ deletedAt: sql`coalesce(${players.deletedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(players.id, playerId));
  }

  /**
   * The account is gone: its credentials, every token (revoked, kept until it expires so every
   * process learns of it), and the name; the player row stays (games and matches name it).
   */
  async deleteAccount(playerId: string, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(accounts).where(eq(accounts.playerId, playerId));
      await tx.update(accessTokens).set({ revokedAt: now, name: '', label: null }).where(and(eq(accessTokens.playerId, playerId), isNull(accessTokens.revokedAt)));
      await tx.update(players).set({ name: 'deleted player', legacyTokensRevokedAt: now }).where(eq(players.id, playerId));
      await tx.delete(botPresence).where(eq(botPresence.playerId, playerId));
    });
  }

  // ---------------------------------------------------------------- tokens

  /**
   * Records a token within the player's cap of live tokens, in one transaction under the player's
   * row lock (two at once cannot both take the last place). Past the cap, with `replace` null
   * nothing is added (`added` false); else the oldest live tokens named one of `replace` (the
   * oldest of all, when none is) are revoked to make room, and counted in `revoked`.
   */
  async addToken(
    row: { id: string; playerId: string; name: string; label?: string | null; scopes: string[]; keyId: string; expiresAt: Date | null; createdAt: Date },
    cap: { max: number; now: Date; replace: readonly string[] | null },
  ): Promise<{ added: boolean; revoked: number }> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: players.id }).from(players).where(eq(players.id, row.playerId)).for('update');
      const live = and(eq(accessTokens.playerId, row.playerId), isNull(accessTokens.revokedAt), or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, cap.now)));
      const [{ held }] = await tx.select({ held: count() }).from(accessTokens).where(live);
      const over = held - cap.max + 1;
      let revoked = 0;
      if (over > 0) {
        if (cap.replace === null) return { added: false, revoked: 0 };
        const replaceable = cap.replace.length > 0 ? sql`case when ${inArray(accessTokens.name, [...cap.replace])} then 0 else 1 end` : sql`0`;
        const oldest = await tx.select({ id: accessTokens.id }).from(accessTokens).where(live).orderBy(replaceable, asc(accessTokens.createdAt), asc(accessTokens.id)).limit(over);
        const ids = oldest.map((o) => o.id);
        if (ids.length > 0) await tx.update(accessTokens).set({ revokedAt: cap.now }).where(inArray(accessTokens.id, ids));
        revoked = ids.length;
      }
      await tx.insert(accessTokens).values(row);
      return { added: true, revoked };
    });
  }

  /** The player's live tokens (not revoked, not expired), newest first. */
  async liveTokens(playerId: string, now: Date): Promise<AccessTokenRow[]> {
    return this.db
      .select()
      .from(accessTokens)
      .where(and(eq(accessTokens.playerId, playerId), isNull(accessTokens.revokedAt), or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now))))
      .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id));
  }

  /** Renames one live token of the player; null when it has no such live token. */
  async renameToken(playerId: string, tokenId: string, label: string, now: Date): Promise<AccessTokenRow | null> {
    const [row] = await this.db
      .update(accessTokens)
      .set({ label })
      .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.playerId, playerId), isNull(accessTokens.revokedAt), or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now))))
      .returning();
    return row ?? null;
  }

  /** Revokes one token of the player; false when it has no such live token. */
  async revokeToken(playerId: string, tokenId: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(accessTokens)
      .set({ revokedAt: now })
      .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.playerId, playerId), isNull(accessTokens.revokedAt)))
      .returning({ id: accessTokens.id });
    return rows.length > 0;
  }

  /**
   * Whether the player is still a guest as it was made: no account claimed it, it is no identity of
   * an external provider, and its tokens were never revoked all at once (nor the player deleted,
   * even while its deletion runs).
   * Read fresh: another process may have changed it.
   */
  async isUntouchedGuest(playerId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ issuer: players.issuer, revokedAt: players.legacyTokensRevokedAt, deletedAt: players.deletedAt, account: accounts.playerId })
      .from(players)
      .leftJoin(accounts, eq(accounts.playerId, players.id))
      .where(eq(players.id, playerId));
    return !!row && row.issuer === null && row.revokedAt === null && row.deletedAt === null && row.account === null;
  }

  /** Revokes every token of the player but `keep` (null: all), and its tokens from before accounts. */
  async revokeAll(playerId: string, keep: string | null, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      const mine = and(eq(accessTokens.playerId, playerId), isNull(accessTokens.revokedAt));
      await tx.update(accessTokens).set({ revokedAt: now }).where(keep ? and(mine, sql`${accessTokens.id} <> ${keep}`) : mine);
      await tx.update(players).set({ legacyTokensRevokedAt: now }).where(eq(players.id, playerId));
    });
  }

  /**
   * The revoked tokens not yet expired (with their expiry), and the players' cut-offs for their
   * tokens from before accounts; with `since`, only those revoked (cut off) at or after it, read
   * along the indexes on the two columns.
   */
  async revocations(
    now: Date,
    legacyTtlMs: number,
    since: Date | null = null,
  ): Promise<{ tokens: { id: string; expiresAt: Date | null }[]; legacy: { playerId: string; before: Date }[] }> {
    const tokens = await this.db
      .select({ id: accessTokens.id, expiresAt: accessTokens.expiresAt })
      .from(accessTokens)
      .where(and(since ? gte(accessTokens.revokedAt, since) : isNotNull(accessTokens.revokedAt), or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now))));
    // A legacy token lives at most legacyTtlMs: older cut-offs refuse nothing that is still valid.
    const legacy = await this.db
      .select({ playerId: players.id, before: players.legacyTokensRevokedAt })
      .from(players)
      .where(and(gt(players.legacyTokensRevokedAt, new Date(now.getTime() - legacyTtlMs)), since ? gte(players.legacyTokensRevokedAt, since) : undefined));
    // biome-ignore lint/style/noNonNullAssertion: the where clause keeps only rows whose cut-off is set
    return { tokens, legacy: legacy.map((l) => ({ playerId: l.playerId, before: l.before! })) };
  }

  /** Whether any live token was signed with the key `keyId`. */
  async keyInUse(keyId: string, now: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: accessTokens.id })
      .from(accessTokens)
      .where(and(eq(accessTokens.keyId, keyId), isNull(accessTokens.revokedAt), or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now))))
      .limit(1);
    return !!row;
  }

  // ---------------------------------------------------------------- bots online

  async holdPresence(id: string, playerId: string, leaseUntil: Date): Promise<void> {
    await this.db
      .insert(botPresence)
      .values({ id, playerId, leaseUntil })
      .onConflictDoUpdate({ target: botPresence.id, set: { leaseUntil } });
  }

  async dropPresence(id: string): Promise<void> {
    await this.db.delete(botPresence).where(eq(botPresence.id, id));
  }

  /** A house bot's shown name and level as the house has them now (its names were once "Computer (greedy)"). */
  async setHouseBot(playerId: string, name: string, houseLevel: string): Promise<void> {
    await this.db.update(players).set({ name, houseLevel }).where(eq(players.id, playerId));
  }

  /** Bots with an open stream whose lease has not run out, by name; a house bot with its level. */
  async botsOnline(now: Date): Promise<{ playerId: string; name: string; houseLevel: string | null }[]> {
    return this.db
      .selectDistinct({ playerId: players.id, name: players.name, houseLevel: players.houseLevel })
      .from(botPresence)
      .innerJoin(players, eq(players.id, botPresence.playerId))
      .where(and(gt(botPresence.leaseUntil, now), eq(players.bot, true)))
      .orderBy(asc(players.name), asc(players.id));
  }

  async sweepPresence(now: Date): Promise<void> {
    // Through the column's operator, which makes the Date the text drizzle's Postgres driver takes.
    await this.db.delete(botPresence).where(lt(botPresence.leaseUntil, now));
  }
}
