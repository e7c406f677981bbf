// The exports' settings: their own rate budget and how many stream at once.
import { type Budget, budget, integer, settings } from '../platform/settings.ts';

/**
 * The exports one process streams at once (`maxConcurrent`), and one client address at most
 * (`maxPerAddress`); an export whose socket has not drained for `idleMs` is cut off. Each open
 * export holds a batch in memory and megabytes of socket buffers. `budget`: exports per client
 * address, and per player too with a token (each may stream the whole table).
 */
export interface ExportSettings {
  maxConcurrent: number;
  maxPerAddress: number;
  idleMs: number;
  budget: Budget;
}

export const exportSettings = settings(
  {
    RATE_LIMIT_EXPORT: budget({ points: 10, seconds: 60 }),
    EXPORT_MAX_CONCURRENT: integer(1, 10_000, 16),
    EXPORT_MAX_PER_ADDRESS: integer(1, 10_000, 2),
    EXPORT_IDLE_MS: integer(100, 3_600_000, 30_000),
  },
  (e): ExportSettings => ({ maxConcurrent: e.EXPORT_MAX_CONCURRENT, maxPerAddress: e.EXPORT_MAX_PER_ADDRESS, idleMs: e.EXPORT_IDLE_MS, budget: e.RATE_LIMIT_EXPORT }),
);
