// What the pairing pool refuses: the codes, and their problems.
import type { Problems } from '../platform/http/problems.ts';

/** The refusals of src/seeks (and the cap on a player's seeks, open-caps.ts). */
export const SEEK_REFUSALS = {
  NOT_YOUR_SEEK: { status: 403, rank: 4, description: 'only the player who seeks withdraws a seek' },
  SEEK_NOT_FOUND: { status: 404, rank: 4, description: 'no seek with this id (an ended seek is kept for a day)' },
  SEEK_PAIRED: { status: 422, rank: 22, description: 'the seek was paired already: its game or match has begun' },
  TOO_MANY_SEEKS: { status: 429, rank: 4, description: 'you have as many seeks waiting in the pool as one player may (5): withdraw one, or wait until one is paired' },
} satisfies Problems;

declare module '../platform/errors.ts' {
  interface Refusals extends Record<keyof typeof SEEK_REFUSALS, 'seeks'> {}
}
