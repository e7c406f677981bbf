// The computer analysis's settings.
import { integer, settings } from '../platform/settings.ts';

/**
 * Worker threads per process (`workers`, 0: this process analyses nothing), the jobs queued or
 * running at once in all (`queueMax`) and per asking address (`maxPerAddress`), the lease a
 * claimed job holds (`leaseMs`: a dead process's job is taken again after it), how often the queue
 * is looked at (`pollMs`), the seat lens's worlds per card.
 */
export interface AnalysisSettings {
  workers: number;
  queueMax: number;
  maxPerAddress: number;
  leaseMs: number;
  pollMs: number;
  seatSamples: number;
}

export const analysisSettings = settings(
  {
    ANALYSIS_WORKERS: integer(0, 64, 1),
    ANALYSIS_QUEUE_MAX: integer(1, 1_000_000, 1000),
    ANALYSIS_MAX_PER_ADDRESS: integer(1, 10_000, 2),
    ANALYSIS_LEASE_MS: integer(100, 3_600_000, 30_000),
    ANALYSIS_POLL_MS: integer(10, 600_000, 2000),
    ANALYSIS_SEAT_SAMPLES: integer(1, 1000, 40),
  },
  (e): AnalysisSettings => ({
    workers: e.ANALYSIS_WORKERS,
    queueMax: e.ANALYSIS_QUEUE_MAX,
    maxPerAddress: e.ANALYSIS_MAX_PER_ADDRESS,
    leaseMs: e.ANALYSIS_LEASE_MS,
    pollMs: e.ANALYSIS_POLL_MS,
    seatSamples: e.ANALYSIS_SEAT_SAMPLES,
  }),
);
