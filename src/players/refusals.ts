// What the players refuse: the codes, and their problems.
import type { Problems } from '../platform/http/problems.ts';

/** The refusals of src/players. */
export const PLAYER_REFUSALS = {
  PLAYER_NOT_FOUND: { status: 404, rank: 6, description: 'no player with this id' },
} satisfies Problems;

declare module '../platform/errors.ts' {
  interface Refusals extends Record<keyof typeof PLAYER_REFUSALS, 'players'> {}
}
