// The exports' reads: finished games with their logs, a batch at a time (the games' query,
// games/finished.ts: their tables are theirs).
import type { GameEvent } from '../engine/types.ts';
import type { Database } from '../platform/db/client.ts';
import { finishedGames, type FinishedFilter, type FinishedKey, type GameRow } from '../games/index.ts';

/** Which games an export has. */
export type ExportFilter = FinishedFilter;

export class ExportStore {
  constructor(private readonly database: Pick<Database, 'query'>) {}

  /** One batch of finished games with their logs, newest end first, below `after`. */
  batch(filter: ExportFilter, after: FinishedKey | undefined, limit: number): Promise<{ row: GameRow; events: GameEvent[] }[]> {
    return finishedGames(this.database, filter, after, limit);
  }
}
