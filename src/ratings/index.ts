export { annasRatings } from './examples.ts';
export { initialRating, rateGame, shown, STARTING_RATING, type Rating } from './glicko.ts';
export { scoresOf } from './outcome.ts';
export { RATING_PLAYER_EVENTS } from './player-events.ts';
export { ratingPoints, shownRatingOf, shownRatingsOf, storedRatings, type StoredPoint } from './queries.ts';
export { PlayerIdParam, PlayerProfileSchema, RatingsSchema } from './schemas.ts';
export { RatingService } from './service.ts';
export { ratingSettings } from './settings.ts';
export { createRatings } from './create.ts';
