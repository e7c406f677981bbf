// The rating a seek is paired by: the player's in the seek's variant, 1500 while unrated there.

/** Where Glicko-2 starts (docs/api.md, "Rated play"): the rating of a player not yet rated in a variant. */
export const UNRATED = 1500;
