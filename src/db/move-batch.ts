// Group commit for moves. Every move is one guarded append; under load the appends that arrive
// while earlier ones are in flight leave together, as ONE statement and one commit for several
// games. Measured in `npm run bench:http`, a commit (the WAL flush, the round trip, waking a
// backend) costs the database several times what the append's own work does. Each game's guard
// still stands alone: the statement updates only the games still at their expected version and
// inserts the events of exactly those, so a batch gives each move the answer it would have had
// alone. At low load a batch is one move and leaves at once (the next turn of the event loop).
import { getTableName } from 'drizzle-orm';
import type { Database } from './client.ts';
import { pgErrorOf, UNIQUE_VIOLATION, VersionConflictError } from './errors.ts';
import { games, gameEvents } from './schema.ts';
import { seatOfEvent, type MoveAppender, type PlainAppend } from './store.ts';

/** Appends to one statement at most (the statement's parameter stays well under a megabyte). */
const MAX_BATCH = 64;

// Data-modifying CTEs see one snapshot and run to completion; the insert takes the events of the
// games whose guarded update went through (RETURNING), so a stale append inserts nothing.
const STATEMENT = `
with input as (
  select x.id, x.expected, x.version, x.status, x.at, x.events
  from jsonb_to_recordset($1::jsonb) as x(id text, expected integer, version integer, status text, at timestamptz, events jsonb)
), updated as (
  update ${getTableName(games)} g
  set version = i.version, status = i.status, updated_at = coalesce(i.at, now())
  from input i
  -- The ids again as an array: the planner then looks the games up by key. From the recordset
  -- alone (estimated at 100 rows) it scans the whole games table up to ~30,000 games.
  where g.id = any($2::text[]) and g.id = i.id and g.version = i.expected
  returning g.id
), appended as (
  insert into ${getTableName(gameEvents)} (game_id, seq, type, seat, payload)
  select i.id, e.seq, e.type, e.seat, e.payload
  from input i
  join updated u on u.id = i.id
  cross join lateral jsonb_to_recordset(i.events) as e(seq integer, type text, seat text, payload jsonb)
)
select id from updated`;

interface Pending {
  append: PlainAppend;
  resolve: (version: number) => void;
  reject: (error: unknown) => void;
}

type Run = (input: string, ids: string[]) => Promise<string[]>;

/** The statement on either driver: the ids of the games appended to. */
function runner(database: Database): Run {
  if (database.sql) {
    const sql = database.sql;
    return async (input, ids) => (await sql.unsafe<{ id: string }[]>(STATEMENT, [input, ids], { prepare: true })).map((r) => r.id);
  }
  const pglite = database.pglite!;
  return async (input, ids) => (await pglite.query<{ id: string }>(STATEMENT, [input, ids])).rows.map((r) => r.id);
}

export class MoveBatcher implements MoveAppender {
  private readonly run: Run;
  private queue: Pending[] = [];
  /** Games with an append in flight: a second one waits for the next batch (see flush). */
  private readonly busy = new Set<string>();
  private inFlight = 0;
  private scheduled = false;
  /** Statements sent and appends made (tests; the average batch is their ratio). */
  readonly stats = { statements: 0, appends: 0 };

  /** `parallel`: statements in flight at once (each holds a pooled connection meanwhile). */
  constructor(
    database: Database,
    private readonly parallel: number,
  ) {
    this.run = runner(database);
  }

  /** Resolves with the game's new version, or rejects with VersionConflictError. */
  append(append: PlainAppend): Promise<number> {
    if (append.events.length === 0) return Promise.reject(new Error('a move appends at least one event'));
    return new Promise((resolve, reject) => {
      this.queue.push({ append, resolve, reject });
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
      appended = new Set(await this.run(input(batch), batch.map((p) => p.append.gameId)));
      this.stats.appends += appended.size;
    } catch (error) {
      // A batch fails whole (a deadlock with another process's batch, an event key taken): each
      // append then goes alone, and gets its own answer.
      if (batch.length > 1) {
        await Promise.all(batch.map((p) => this.send([p])));
        return;
      }
      const pg = pgErrorOf(error);
      const { gameId, expectedVersion } = batch[0].append;
      batch[0].reject(pg?.code === UNIQUE_VIOLATION ? new VersionConflictError(gameId, expectedVersion) : error);
      return;
    }
    for (const { append, resolve, reject } of batch) {
      if (appended.has(append.gameId)) resolve(append.expectedVersion + append.events.length);
      else reject(new VersionConflictError(append.gameId, append.expectedVersion));
    }
  }
}

/**
 * The statement's first parameter, sorted by game id: a plan that walks the input then locks
 * games in one order in every process, as does one that looks them up by key (physical order).
 * Should two processes' batches still deadlock, Postgres breaks it and `send` retries each
 * append alone.
 */
function input(batch: Pending[]): string {
  const sorted = batch.map((p) => p.append).sort((a, b) => (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0));
  return JSON.stringify(
    sorted.map(({ gameId, expectedVersion, events, status, at }) => ({
      id: gameId,
      expected: expectedVersion,
      version: expectedVersion + events.length,
      status,
      at: at ? at.toISOString() : null,
      events: events.map((event, i) => ({ seq: expectedVersion + 1 + i, type: event.type, seat: seatOfEvent(event), payload: event })),
    })),
  );
}
