// What the matches refuse: the codes, and their problems.
import type { Problems } from '../platform/http/problems.ts';

/** The refusals of src/matches (a match's seats and challenges share the games' codes: SEAT_RESERVED, NOT_YOUR_CHALLENGE, …). */
export const MATCH_REFUSALS = {
  NOT_YOUR_MATCH: { status: 403, rank: 3, description: 'only the creator of a match calls it off' },
  MATCH_NOT_FOUND: { status: 404, rank: 3, description: 'no match with this id' },
  ALREADY_IN_MATCH: { status: 409, rank: 4, description: 'you already play in this match' },
  MATCH_FULL: { status: 409, rank: 5, description: 'both player slots of the match are taken' },
  MATCH_STARTED: { status: 422, rank: 20, description: 'the match has begun: it can no longer be called off or declined' },
  MATCH_CANCELLED: { status: 422, rank: 21, description: 'the match was called off before it began' },
  TOO_MANY_WAITING_MATCHES: { status: 429, rank: 3, description: 'you have as many matches waiting for a second player as one player may (10): call one off, or wait until one starts' },
} satisfies Problems;

declare module '../platform/errors.ts' {
  interface Refusals extends Record<keyof typeof MATCH_REFUSALS, 'matches'> {}
}
