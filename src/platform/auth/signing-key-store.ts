// The keys the service signs its own tokens with, kept in the database when none is configured
// (no JWT_PRIVATE_KEY): the current one signs, demoted ones still verify the tokens they signed.
// The platform's own table (signing_keys): its tokens (tokens.ts) sign and verify with them; when
// a demoted key retires is the accounts' to decide (accounts/keyring.ts: no live token names it).
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { signingKeys } from '../db/tables.ts';
import type { SigningKeyRecord } from './keys.ts';

export type SigningKeyRow = typeof signingKeys.$inferSelect;

// The one row all processes race to fill; see signingKeys.slot.
const CURRENT_KEY = 'current';

export class SigningKeyStore {
  constructor(private readonly db: Db) {}

  /**
   * The key new tokens are signed with. When there is none, `generate` makes one; of several
   * processes doing so at once, the first insert wins and all return that key.
   */
  async current(generate: () => Promise<SigningKeyRecord>): Promise<SigningKeyRow> {
    const current = async () => (await this.db.select().from(signingKeys).where(eq(signingKeys.slot, CURRENT_KEY)))[0];
    const existing = await current();
    if (existing) return existing;
    const key = await generate();
    await this.db
      .insert(signingKeys)
      .values({ id: key.id, alg: key.alg, privateJwk: key.privateJwk, publicJwk: key.publicJwk, slot: CURRENT_KEY })
      .onConflictDoNothing();
    const stored = await current();
    if (!stored) throw new Error('signing key: inserted, yet not found');
    return stored;
  }

  /** Every kept key: the current one first, then the demoted ones, newest first. */
  async all(): Promise<SigningKeyRow[]> {
    return this.db.select().from(signingKeys).orderBy(sql`${signingKeys.slot} is null`, desc(signingKeys.createdAt));
  }

  /**
   * A new key signs from now on (in one transaction: the current one is demoted, still verifying
   * its tokens until they have expired, and the new one takes the slot).
   */
  async rotate(key: SigningKeyRecord, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(signingKeys).set({ slot: null, demotedAt: now }).where(eq(signingKeys.slot, CURRENT_KEY));
      await tx.insert(signingKeys).values({ ...key, slot: CURRENT_KEY });
    });
  }

  /** A demoted key whose last token has expired: gone for good, private half included. */
  async retire(id: string): Promise<void> {
    await this.db.delete(signingKeys).where(and(eq(signingKeys.id, id), isNull(signingKeys.slot)));
  }
}
