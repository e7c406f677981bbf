// What the computer analysis refuses: the codes, and their problems.
import type { Problems } from '../platform/http/problems.ts';

/** The refusals of src/analysis: no such analysis, and its queue's capacity (per address, and the whole queue's). */
export const ANALYSIS_REFUSALS = {
  ANALYSIS_NOT_FOUND: { status: 404, rank: 10, description: 'nobody has asked for this analysis of the game yet (POST it)' },
  TOO_MANY_ANALYSES: { status: 429, rank: 5, retryAfter: 30, description: 'your address has as many analyses queued or running as one address may (ANALYSIS_MAX_PER_ADDRESS, 2 by default); retry after Retry-After' },
  ANALYSIS_QUEUE_FULL: { status: 503, rank: 3, retryAfter: 60, description: 'the analysis queue is full (ANALYSIS_QUEUE_MAX); retry after Retry-After' },
} satisfies Problems;

declare module '../platform/errors.ts' {
  interface Refusals extends Record<keyof typeof ANALYSIS_REFUSALS, 'analysis'> {}
}
