// The answers kept for create calls sent with an Idempotency-Key (see tables.ts's createAnswers). A
// key is taken before the create runs, with the id the create will give what it makes, and held
// (a key lock, key-locks.ts) while it runs, so of two requests with one key only one makes
// anything; the other finds the key held, then answered. A key left under way that nobody holds
// was left by a try that is gone (its process died, or its database went away: a crash, a
// failover) and is taken over at once, with the id it holds: the taker looks for what that try
// made before making it.

import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import type { KeyLocks, Release } from './key-locks.ts';
import { createAnswers } from './tables.ts';

export type CreateAnswerRow = typeof createAnswers.$inferSelect;

/**
 * What `take` found: the key taken, held until `letGo` (run the create with `resourceId`; `fresh`:
 * new, else taken over from a try that left it under way, which may have made it); or, held by
 * another request (`row` its row, null before its row is written) or answered, the key's row.
 */
export type Taken = { taken: true; resourceId: string; fresh: boolean; letGo: Release } | { taken: false; row: CreateAnswerRow | null };

/** Whose key, for which operation: `caller` is `player:<id>`, or `address:<ip>` without a token. */
export interface CreateKey {
  caller: string;
  operation: string;
  key: string;
}

/** What a repeat is answered with. */
export interface KeptAnswer {
  status: number;
  /** The JSON text first sent (or what the operation keeps of it). */
  body: string;
  location: string | null;
}

const byKey = (k: CreateKey) => and(eq(createAnswers.caller, k.caller), eq(createAnswers.operation, k.operation), eq(createAnswers.key, k.key));

/** The name of a key's lock (key-locks.ts). */
export const keyLockName = (k: CreateKey) => JSON.stringify(['create', k.caller, k.operation, k.key]);

export class CreateAnswerStore {
  constructor(
    private readonly db: Db,
    private readonly locks: KeyLocks,
  ) {}

  /**
   * Takes the key for a create about to run, which will give what it makes the id `resourceId`:
   * `taken`, held, with the id to use (the caller runs the create, `fill`s or `release`s, then lets
   * go); else the row the key holds: under way (held by another request: its holder still runs),
   * answered, or taken for another request. A key under way that nobody holds, for the same
   * request, is taken over with the id it holds.
   */
  async take(k: CreateKey, requestHash: string, resourceId: string): Promise<Taken> {
    for (;;) {
      const letGo = await this.locks.tryHold(keyLockName(k));
      if (!letGo) return { taken: false, row: (await this.read(k)) ?? null };
      try {
        const taken = await this.db
          .insert(createAnswers)
          .values({ ...k, requestHash, resourceId })
          .onConflictDoNothing()
          .returning({ resourceId: createAnswers.resourceId });
        if (taken.length > 0) return { taken: true, resourceId, fresh: true, letGo };
        const over = await this.db
          .update(createAnswers)
          .set({ createdAt: sql`now()`, resourceId: sql`coalesce(${createAnswers.resourceId}, ${resourceId})` })
          .where(and(byKey(k), eq(createAnswers.status, 0), eq(createAnswers.requestHash, requestHash)))
          .returning({ resourceId: createAnswers.resourceId });
        if (over.length > 0) return { taken: true, resourceId: over[0]?.resourceId ?? resourceId, fresh: false, letGo };
        const row = await this.read(k);
        await letGo();
        // Swept between the insert and the read: take it again.
        if (row) return { taken: false, row };
      } catch (e) {
        await letGo();
        throw e;
      }
    }
  }

  private async read(k: CreateKey): Promise<CreateAnswerRow | undefined> {
    const [row] = await this.db.select().from(createAnswers).where(byKey(k));
    return row;
  }

  /** Keeps the answer of the create that took the key. */
  async fill(k: CreateKey, answer: KeptAnswer): Promise<void> {
    await this.db.update(createAnswers).set(answer).where(byKey(k));
  }

  /** Lets go of a key whose create was refused: nothing was made, a repeat may run it again. */
  async release(k: CreateKey): Promise<void> {
    await this.db.delete(createAnswers).where(and(byKey(k), eq(createAnswers.status, 0)));
  }

  /** Drops the answers kept since before `before`; how many went. */
  async forgetBefore(before: Date): Promise<number> {
    const gone = await this.db.delete(createAnswers).where(lt(createAnswers.createdAt, before)).returning({ key: createAnswers.key });
    return gone.length;
  }
}
