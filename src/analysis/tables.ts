// The analyses' table: the computer analyses of finished games, their queue and their results.
// Written by the analysis store (store.ts) for the service and its worker pool (pool.ts).
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { stamp } from '../platform/db/columns.ts';
import { column, ownTables } from '../platform/db/references.ts';

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
      .references(() => column('games', 'id'), { onDelete: 'cascade' }),
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

ownTables(analyses);
