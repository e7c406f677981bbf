// The analyses' table (tables.ts `analyses`): one row per game and lens, the job
// and its result. Every process reads and claims the same rows: a job is claimed with FOR UPDATE
// SKIP LOCKED (two processes never take the same one) under a lease on the database's clock,
// renewed while it runs; a job whose lease ran out (its process died) is claimed again.
import { getTableName } from 'drizzle-orm';
import type { Database } from '../platform/db/client.ts';
import { DomainError } from '../platform/errors.ts';
import { analyses, type AnalysisJobStatus } from './tables.ts';
import type { AnalysisBody } from './result.ts';
import type { Lens } from './schemas.ts';

const TABLE = getTableName(analyses);
/** Any fixed number: the first half of an address's lock while its jobs are counted ("Anly"). */
const ADDRESS_LOCK = 0x41_6e_6c_79;

export interface AnalysisRow {
  gameId: string;
  lens: Lens;
  status: AnalysisJobStatus;
  progress: number;
  requestedAt: Date;
  completedAt: Date | null;
  attempts: number;
  result: AnalysisBody | null;
  error: string | null;
}

interface Raw {
  game_id: string;
  lens: Lens;
  status: AnalysisJobStatus;
  progress: number | string;
  requested_at: Date | string;
  completed_at: Date | string | null;
  attempts: number;
  result: AnalysisBody | string | null;
  error: string | null;
}

const COLUMNS = 'game_id, lens, status, progress, requested_at, completed_at, attempts, result, error';
const PENDING = `status in ('queued', 'running')`;
const date = (d: Date | string) => (d instanceof Date ? d : new Date(d));

const rowOf = (r: Raw): AnalysisRow => ({
  gameId: r.game_id,
  lens: r.lens,
  status: r.status,
  progress: Number(r.progress),
  requestedAt: date(r.requested_at),
  completedAt: r.completed_at === null ? null : date(r.completed_at),
  attempts: r.attempts,
  // postgres.js parses json itself; a driver that hands back text is read here.
  result: typeof r.result === 'string' ? (JSON.parse(r.result) as AnalysisBody) : r.result,
  error: r.error,
});

/** What one address and the whole queue may hold (queued or running) at once. */
export interface QueueLimits {
  perAddress: number;
  total: number;
}

export class AnalysisStore {
  constructor(private readonly database: Pick<Database, 'query' | 'transaction'>) {}

  async get(gameId: string, lens: Lens): Promise<AnalysisRow | null> {
    const rows = await this.database.query<Raw & Record<string, unknown>>(`select ${COLUMNS} from ${TABLE} where game_id = $1 and lens = $2`, [gameId, lens]);
    return rows.length === 0 ? null : rowOf(rows[0]);
  }

  /**
   * The job of the game's analysis in this lens: the one there is (a failed one queued again), or
   * a new one queued for `address`, if the address and the queue have room (else a refusal).
   */
  async request(gameId: string, lens: Lens, address: string, limits: QueueLimits): Promise<AnalysisRow> {
    return this.database.transaction(async (query) => {
      // The address's requests one at a time from the count to the insert: else requests sent at
      // once each count the same jobs and all queue one (10 of 100 got in with a cap of 2). Taken
      // before the job's row, as every request takes them, so two never wait on each other.
      await query(`select pg_advisory_xact_lock($1::int, hashtext($2))`, [ADDRESS_LOCK, address]);
      const [found] = await query<Raw & Record<string, unknown>>(`select ${COLUMNS} from ${TABLE} where game_id = $1 and lens = $2 for update`, [gameId, lens]);
      if (found && found.status !== 'failed') return rowOf(found);
      const [{ mine, all }] = await query<{ mine: number | string; all: number | string }>(
        `select count(*) filter (where requested_by = $1) as mine, count(*) as all from ${TABLE} where ${PENDING}`,
        [address],
      );
      if (Number(mine) >= limits.perAddress)
        throw new DomainError('TOO_MANY_ANALYSES', `your address has ${limits.perAddress} analyses queued or running; ask again when one is done`);
      if (Number(all) >= limits.total) throw new DomainError('ANALYSIS_QUEUE_FULL', 'the analysis queue is full; ask again later');
      const [row] = found
        ? await query<Raw & Record<string, unknown>>(
            `update ${TABLE} set status = 'queued', progress = 0, requested_by = $3, requested_at = now(), attempts = 0, error = null, completed_at = null
             where game_id = $1 and lens = $2 returning ${COLUMNS}`,
            [gameId, lens, address],
          )
        : await query<Raw & Record<string, unknown>>(
            // A race with another process's first request: the row it made is the job.
            `insert into ${TABLE} (game_id, lens, status, requested_by) values ($1, $2, 'queued', $3)
             on conflict (game_id, lens) do update set game_id = excluded.game_id returning ${COLUMNS}`,
            [gameId, lens, address],
          );
      return rowOf(row);
    });
  }

  /**
   * Claims the oldest job nobody runs (queued, or running under a lease that ran out) for
   * `owner`, leased for `leaseMs`; null when there is none. A job claimed `maxAttempts` times
   * already (it broke every process that ran it) is failed instead.
   */
  async claim(owner: string, leaseMs: number, maxAttempts: number): Promise<{ gameId: string; lens: Lens } | null> {
    for (;;) {
      const [row] = await this.database.query<{ game_id: string; lens: Lens; attempts: number }>(
        `update ${TABLE} a set status = 'running', claimed_by = $1, lease_until = now() + $2::int * interval '1 millisecond', attempts = a.attempts + 1
         where (a.game_id, a.lens) = (
           select game_id, lens from ${TABLE}
           where status = 'queued' or (status = 'running' and lease_until < now())
           order by requested_at, game_id, lens limit 1 for update skip locked)
         returning a.game_id, a.lens, a.attempts`,
        [owner, leaseMs],
      );
      if (!row) return null;
      if (row.attempts <= maxAttempts) return { gameId: row.game_id, lens: row.lens };
      await this.fail(row.game_id, row.lens, owner, `given up after ${maxAttempts} attempts (each ended its process, or ran past its lease)`);
    }
  }

  /** The progress of a job `owner` runs, its lease renewed; false when the job is no longer its own. */
  async renew(gameId: string, lens: Lens, owner: string, progress: number, leaseMs: number): Promise<boolean> {
    const rows = await this.database.query(
      `update ${TABLE} set progress = $4::float8, lease_until = now() + $5::int * interval '1 millisecond'
       where game_id = $1 and lens = $2 and claimed_by = $3 and status = 'running' returning game_id`,
      [gameId, lens, owner, progress, leaseMs],
    );
    return rows.length > 0;
  }

  /** The result of a job `owner` runs: kept for good. False when the job was no longer its own. */
  async finish(gameId: string, lens: Lens, owner: string, result: AnalysisBody): Promise<boolean> {
    const rows = await this.database.query(
      `update ${TABLE} set status = 'done', progress = 1, result = $4::jsonb, claimed_by = null, lease_until = null, completed_at = now()
       where game_id = $1 and lens = $2 and claimed_by = $3 and status = 'running' returning game_id`,
      [gameId, lens, owner, JSON.stringify(result)],
    );
    return rows.length > 0;
  }

  async fail(gameId: string, lens: Lens, owner: string, error: string): Promise<void> {
    await this.database.query(
      `update ${TABLE} set status = 'failed', error = $4, claimed_by = null, lease_until = null, completed_at = now()
       where game_id = $1 and lens = $2 and claimed_by = $3 and status = 'running'`,
      [gameId, lens, owner, error.slice(0, 500)],
    );
  }

  /** The jobs `owner` runs back in the queue (a process that stops: another takes them at once). */
  async release(owner: string): Promise<void> {
    await this.database.query(
      `update ${TABLE} set status = 'queued', claimed_by = null, lease_until = null, attempts = greatest(attempts - 1, 0)
       where claimed_by = $1 and status = 'running'`,
      [owner],
    );
  }

  /** The done analyses of these games in a lens (the exports' records carry them). */
  async done(gameIds: readonly string[], lens: Lens): Promise<AnalysisRow[]> {
    if (gameIds.length === 0) return [];
    const rows = await this.database.query<Raw & Record<string, unknown>>(
      `select ${COLUMNS} from ${TABLE} where lens = $1 and status = 'done' and game_id = any($2::text[])`,
      [lens, [...gameIds]],
    );
    return rows.map(rowOf);
  }
}
