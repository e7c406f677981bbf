// The rating a seek is paired by: the player's in the seek's variant, 1500 while unrated there.
import type { Variant } from '../engine/index.ts';

/** Where Glicko-2 starts (docs/api.md, "Rated play"): the rating of a player not yet rated in a variant. */
export const UNRATED = 1500;

/** A player's rating in a variant, rounded as shown (1500 unrated). */
export type RatingLookup = (playerId: string, variant: Variant) => Promise<number>;
