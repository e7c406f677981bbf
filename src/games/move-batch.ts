// Group commit for moves. Every move is one guarded append; under load the appends that arrive
// while earlier ones are in flight leave together, as ONE statement and one commit for several
// games. Measured in `npm run bench:http`, a commit (the WAL flush, the round trip, waking a
// backend) costs the database several times what the append's own work does. Each game's guard
// still stands alone (games/guarded-append.ts), so a batch gives each move the answer it would have
// had alone. A move sent with an Idempotency-Key keeps its answer in the same statement, so a key
// costs a row, not a commit of its own. At low load a batch is one move and leaves at once (the
// next turn of the event loop).
import { unavailableOf } from '../platform/db/availability.ts';
import type { Database } from '../platform/db/client.ts';
import { VersionConflictError } from '../platform/db/errors.ts';
import { raceError, type MoveAppender, type PlainAppend } from './store.ts';
import { GUARDED_APPEND_TEXT, guardedAppendParams, type KeyedAppend } from './guarded-append.ts';

/** Appends to one statement at most (the statement's parameter stays well under a megabyte). */
const MAX_BATCH = 64;

interface Pending {
  append: KeyedAppend;
  resolve: (version: number) => void;
  reject: (error: unknown) => void;
}

export class MoveBatcher implements MoveAppender {
  private queue: Pending[] = [];
  /** Games with an append in flight: a second one waits for the next batch (see flush). */
  private readonly busy = new Set<string>();
  private inFlight = 0;
  private scheduled = false;
  /** Statements sent and appends made (tests; the average batch is their ratio). */
  readonly stats = { statements: 0, appends: 0 };
  /** Told the size of every batch sent (the service's metrics). */
  onBatch: (size: number) => void = () => {};

  /**
   * `database`: the statement goes as plain SQL (one constant text, prepared once per connection;
   * built by drizzle, each batch cost the server several µs of query building). `parallel`:
   * statements in flight at once (each holds a pooled connection meanwhile).
   */
  constructor(
    private readonly database: Pick<Database, 'query'>,
    private readonly parallel: number,
  ) {}

  /** Resolves with the game's new version, or rejects with VersionConflictError. */
  append({ at = new Date(), ...append }: PlainAppend): Promise<number> {
    if (append.events.length === 0) return Promise.reject(new Error('a move appends at least one event'));
    return new Promise((resolve, reject) => {
      this.queue.push({ append: { ...append, at }, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.parallel || this.queue.length === 0) return;
    this.scheduled = true;
    // The next turn of the event loop: the appends of requests read in this one leave together.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.parallel && this.queue.length > 0) {
      // At most one append per game in flight: two in one statement would collide on the
      // events' key, and two statements could lock games in opposite orders.
      const batch: Pending[] = [];
      const rest: Pending[] = [];
      for (const p of this.queue) {
        if (batch.length < MAX_BATCH && !this.busy.has(p.append.gameId)) {
          this.busy.add(p.append.gameId);
          batch.push(p);
        } else rest.push(p);
      }
      this.queue = rest;
      if (batch.length === 0) return; // all waiting on games in flight: their end flushes again
      this.inFlight++;
      void this.send(batch).finally(() => {
        this.inFlight--;
        for (const p of batch) this.busy.delete(p.append.gameId);
        this.flush();
      });
    }
  }

  private async send(batch: Pending[]): Promise<void> {
    let appended: Set<string>;
    try {
      this.stats.statements++;
      this.onBatch(batch.length);
      const rows = await this.database.query<{ id: string }>(GUARDED_APPEND_TEXT, guardedAppendParams(batch.map((p) => p.append)));
      appended = new Set(rows.map((r) => r.id));
      this.stats.appends += appended.size;
    } catch (error) {
      // The database away or too slow: every append of the batch gets that answer (going alone
      // would only wait again).
      const unavailable = unavailableOf(error);
      if (unavailable) {
        for (const p of batch) p.reject(unavailable);
        return;
      }
      // A batch fails whole (a deadlock with another process's batch, an event key taken): each
      // append then goes alone, and gets its own answer.
      if (batch.length > 1) {
        await Promise.all(batch.map((p) => this.send([p])));
        return;
      }
      const { gameId, expectedVersion, idempotency } = batch[0].append;
      batch[0].reject(raceError(error, gameId, expectedVersion, idempotency));
      return;
    }
    for (const { append, resolve, reject } of batch) {
      if (appended.has(append.gameId)) resolve(append.expectedVersion + append.events.length);
      else reject(new VersionConflictError(append.gameId, append.expectedVersion));
    }
  }
}
