// The answers kept for create calls sent with an Idempotency-Key (see tables.ts's createAnswers). A
// key is taken before the create runs, with the id the create will give what it makes, so of two
// requests with one key only one makes anything; the other finds the key under way, then answered
// (or finds what was made by that id, when the answer was never kept).

import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { createAnswers } from './tables.ts';

export type CreateAnswerRow = typeof createAnswers.$inferSelect;

/** What `take` found: the key taken (run the create with this id), or the row another holds. */
export type Taken = { taken: true; resourceId: string } | { taken: false; row: CreateAnswerRow };

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

export class CreateAnswerStore {
  constructor(private readonly db: Db) {}

  /**
   * Takes the key for a create about to run, which will give what it makes the id `resourceId`:
   * `taken` with the id to use (the caller runs the create, then `fill`s or `release`s), else the
   * row the key holds (under way, or answered). A reservation for the same request left unanswered
   * since before `staleBefore` (its process died, or the database went away before the answer was
   * kept) is taken over, with the id it holds: the caller has looked for what it made first.
   */
  async take(k: CreateKey, requestHash: string, staleBefore: Date, resourceId: string): Promise<Taken> {
    for (;;) {
      const taken = await this.db
        .insert(createAnswers)
        .values({ ...k, requestHash, resourceId })
        .onConflictDoNothing()
        .returning({ resourceId: createAnswers.resourceId });
      if (taken.length > 0) return { taken: true, resourceId };
      const stale = await this.db
        .update(createAnswers)
        .set({ createdAt: sql`now()`, resourceId: sql`coalesce(${createAnswers.resourceId}, ${resourceId})` })
        .where(and(byKey(k), eq(createAnswers.status, 0), eq(createAnswers.requestHash, requestHash), lt(createAnswers.createdAt, staleBefore)))
        .returning({ resourceId: createAnswers.resourceId });
      if (stale.length > 0) return { taken: true, resourceId: stale[0]?.resourceId ?? resourceId };
      const [row] = await this.db.select().from(createAnswers).where(byKey(k));
      // Swept between the insert and the read: take it again.
      if (row) return { taken: false, row };
    }
  }

  /** Keeps the answer of the create that took the key. */
  async fill(k: CreateKey, answer: KeptAnswer): Promise<void> {
    await this.db.update(createAnswers).set(answer).where(byKey(k));
  }

  /** Lets go of a key whose create was refused or failed: nothing was made, a repeat may run it again. */
  async release(k: CreateKey): Promise<void> {
    await this.db.delete(createAnswers).where(and(byKey(k), eq(createAnswers.status, 0)));
  }

  /** Drops the answers kept since before `before`; how many went. */
  async forgetBefore(before: Date): Promise<number> {
    const gone = await this.db.delete(createAnswers).where(lt(createAnswers.createdAt, before)).returning({ key: createAnswers.key });
    return gone.length;
  }
}
