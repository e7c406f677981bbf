// The apps' queries. What must hold against a race (a code or refresh token presented twice at
// once) runs in one transaction under the row's lock: the second presentation waits, then sees
// the first one's mark.
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import type { DelegableScope } from '../platform/auth/scopes.ts';
import { oauthCodes, oauthDeviceRequests, oauthGrants, oauthRefreshTokens } from './tables.ts';

export type GrantRow = typeof oauthGrants.$inferSelect;
export type CodeRow = typeof oauthCodes.$inferSelect;
export type DeviceRow = typeof oauthDeviceRequests.$inferSelect;

/** A new grant and its first refresh token. */
export interface NewGrant {
  grant: { id: string; playerId: string; clientId: string; scopes: DelegableScope[]; redirectOrigin: string | null };
  refresh: { hash: string; expiresAt: Date };
}

/** What a presentation of a secret found: nothing, one presented before (its grant now revoked), or the row to decide on. */
export type Found<T> = { kind: 'unknown' } | { kind: 'reused' } | { kind: 'found'; row: T };

/** A decision on a presented secret: a refusal (what was marked stays marked) or the grant to make or renew. */
export type Decision<E> = { refused: E } | { grant: NewGrant } | { pending: E; polled?: { intervalSeconds: number } };

export class OAuthStore {
  constructor(private readonly db: Db) {}

  async addCode(row: typeof oauthCodes.$inferInsert): Promise<void> {
    await this.db.insert(oauthCodes).values(row);
  }

  /**
   * A code presented: marked used whatever comes of it (a code is presented once), then `decide`
   * says whether it makes a grant. A code used before revokes the grant it made.
   */
  async spendCode<E>(hash: string, now: Date, decide: (row: CodeRow) => { refused: E } | { grant: NewGrant }): Promise<Found<E | null>> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(oauthCodes).where(eq(oauthCodes.hash, hash)).for('update');
      if (!row) return { kind: 'unknown' };
      if (row.usedAt) {
        if (row.grantId) await tx.update(oauthGrants).set({ revokedAt: now }).where(and(eq(oauthGrants.id, row.grantId), isNull(oauthGrants.revokedAt)));
        return { kind: 'reused' };
      }
      const decision = decide(row);
      const grantId = 'grant' in decision ? decision.grant.grant.id : null;
      await tx.update(oauthCodes).set({ usedAt: now, grantId }).where(eq(oauthCodes.hash, hash));
      if ('refused' in decision) return { kind: 'found', row: decision.refused };
      await insertGrant(tx, decision.grant, now);
      return { kind: 'found', row: null };
    });
  }

  /**
   * A refresh token presented: spent, and its successor made (`decide`), in one step. A spent one
   * presented again revokes its grant.
   */
  async spendRefresh<E>(hash: string, now: Date, decide: (grant: GrantRow, expiresAt: Date) => { refused: E } | { refresh: { hash: string; expiresAt: Date } }): Promise<Found<E | GrantRow>> {
    return this.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ token: oauthRefreshTokens, grant: oauthGrants })
        .from(oauthRefreshTokens)
        .innerJoin(oauthGrants, eq(oauthGrants.id, oauthRefreshTokens.grantId))
        .where(eq(oauthRefreshTokens.hash, hash))
        .for('update');
      if (!found) return { kind: 'unknown' };
      if (found.token.spentAt) {
        await tx.update(oauthGrants).set({ revokedAt: now }).where(and(eq(oauthGrants.id, found.grant.id), isNull(oauthGrants.revokedAt)));
        return { kind: 'reused' };
      }
      const decision = decide(found.grant, found.token.expiresAt);
      if ('refused' in decision) return { kind: 'found', row: decision.refused };
      await tx.update(oauthRefreshTokens).set({ spentAt: now }).where(eq(oauthRefreshTokens.hash, hash));
      await tx.insert(oauthRefreshTokens).values({ hash: decision.refresh.hash, grantId: found.grant.id, expiresAt: decision.refresh.expiresAt, createdAt: now });
      await tx.update(oauthGrants).set({ lastUsedAt: now }).where(eq(oauthGrants.id, found.grant.id));
      return { kind: 'found', row: found.grant };
    });
  }

  /** The grant a refresh token belongs to (spent or not), for the revocation endpoint. */
  async grantOfRefresh(hash: string): Promise<string | null> {
    const [row] = await this.db.select({ grantId: oauthRefreshTokens.grantId }).from(oauthRefreshTokens).where(eq(oauthRefreshTokens.hash, hash));
    return row?.grantId ?? null;
  }

  // ---------------------------------------------------------------- the device flow

  /** A new device request; false when its user code is taken (draw another). */
  async addDeviceRequest(row: typeof oauthDeviceRequests.$inferInsert): Promise<boolean> {
    const rows = await this.db.insert(oauthDeviceRequests).values(row).onConflictDoNothing().returning({ hash: oauthDeviceRequests.hash });
    return rows.length > 0;
  }

  /** The request a person's user code names, while it waits for a decision. */
  async pendingByUserCode(userCode: string, now: Date): Promise<DeviceRow | null> {
    const [row] = await this.db
      .select()
      .from(oauthDeviceRequests)
      .where(and(eq(oauthDeviceRequests.userCode, userCode), eq(oauthDeviceRequests.decision, 'pending'), gt(oauthDeviceRequests.expiresAt, now)));
    return row ?? null;
  }

  /** The person's decision on a waiting request; false when none waits under this user code. */
  async decideDevice(userCode: string, playerId: string, approve: boolean, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(oauthDeviceRequests)
      .set({ decision: approve ? 'approved' : 'denied', playerId })
      .where(and(eq(oauthDeviceRequests.userCode, userCode), eq(oauthDeviceRequests.decision, 'pending'), gt(oauthDeviceRequests.expiresAt, now)))
      .returning({ hash: oauthDeviceRequests.hash });
    return rows.length > 0;
  }

  /**
   * A device polls: `decide` reads the request (and its last poll) and says what to answer; the
   * poll is stamped, and an approved request makes its grant once (a later poll finds it done).
   */
  async pollDevice<E>(hash: string, now: Date, decide: (row: DeviceRow) => Decision<E>): Promise<Found<E | null>> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(oauthDeviceRequests).where(eq(oauthDeviceRequests.hash, hash)).for('update');
      if (!row) return { kind: 'unknown' };
      if (row.doneAt) return { kind: 'reused' };
      const decision = decide(row);
      if ('pending' in decision) {
        await tx
          .update(oauthDeviceRequests)
          .set({ lastPolledAt: now, ...(decision.polled ? { intervalSeconds: decision.polled.intervalSeconds } : {}) })
          .where(eq(oauthDeviceRequests.hash, hash));
        return { kind: 'found', row: decision.pending };
      }
      if ('refused' in decision) {
        await tx.update(oauthDeviceRequests).set({ lastPolledAt: now, doneAt: now }).where(eq(oauthDeviceRequests.hash, hash));
        return { kind: 'found', row: decision.refused };
      }
      await tx.update(oauthDeviceRequests).set({ lastPolledAt: now, doneAt: now, grantId: decision.grant.grant.id }).where(eq(oauthDeviceRequests.hash, hash));
      await insertGrant(tx, decision.grant, now);
      return { kind: 'found', row: null };
    });
  }

  // ---------------------------------------------------------------- grants

  /** The player's grants not revoked, newest use first. */
  async liveGrants(playerId: string): Promise<GrantRow[]> {
    return this.db
      .select()
      .from(oauthGrants)
      .where(and(eq(oauthGrants.playerId, playerId), isNull(oauthGrants.revokedAt)))
      .orderBy(desc(oauthGrants.lastUsedAt), desc(oauthGrants.id));
  }

  /** Revokes one grant (of `playerId` only, when given); false when there was no live one. */
  async revokeGrant(grantId: string, now: Date, playerId?: string): Promise<boolean> {
    const rows = await this.db
      .update(oauthGrants)
      .set({ revokedAt: now })
      .where(and(eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt), playerId ? eq(oauthGrants.playerId, playerId) : undefined))
      .returning({ id: oauthGrants.id });
    return rows.length > 0;
  }

  /** Revokes every grant of the player; how many there were. */
  async revokeAllOf(playerId: string, now: Date): Promise<number> {
    const rows = await this.db
      .update(oauthGrants)
      .set({ revokedAt: now })
      .where(and(eq(oauthGrants.playerId, playerId), isNull(oauthGrants.revokedAt)))
      .returning({ id: oauthGrants.id });
    return rows.length;
  }

  /** The grants revoked at or after `since`: their access tokens may still be unexpired. */
  async revokedSince(since: Date): Promise<string[]> {
    const rows = await this.db.select({ id: oauthGrants.id }).from(oauthGrants).where(gt(oauthGrants.revokedAt, since));
    return rows.map((r) => r.id);
  }

  /** Drops the codes and device requests that expired before `before`: nothing can use them. */
  async sweep(before: Date): Promise<{ oauthCodes: number; deviceRequests: number }> {
    const codes = await this.db.delete(oauthCodes).where(lt(oauthCodes.expiresAt, before)).returning({ hash: oauthCodes.hash });
    const requests = await this.db.delete(oauthDeviceRequests).where(lt(oauthDeviceRequests.expiresAt, before)).returning({ hash: oauthDeviceRequests.hash });
    return { oauthCodes: codes.length, deviceRequests: requests.length };
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function insertGrant(tx: Tx, { grant, refresh }: NewGrant, now: Date): Promise<void> {
  await tx.insert(oauthGrants).values({ ...grant, createdAt: now, lastUsedAt: now });
  await tx.insert(oauthRefreshTokens).values({ hash: refresh.hash, grantId: grant.id, expiresAt: refresh.expiresAt, createdAt: now });
}
