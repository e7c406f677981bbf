// What the exports refuse: the codes, and their problems.
import type { Problems } from '../platform/http/problems.ts';

/** The refusals of src/exports: the exports one process streams at once. */
export const EXPORT_REFUSALS = {
  TOO_MANY_EXPORTS: { status: 503, rank: 2, retryAfter: 5, description: 'this process streams as many exports at once as it may, or your address as many as one address may (2 by default); retry after Retry-After' },
} satisfies Problems;

declare module '../platform/errors.ts' {
  interface Refusals extends Record<keyof typeof EXPORT_REFUSALS, 'exports'> {}
}
