export { ratingsApi } from './api.ts';
export { annasRatings } from './examples.ts';
export { initialRating, rateGame, shown, STARTING_RATING, type Rating } from './glicko.ts';
export { scoresOf } from './outcome.ts';
export { ratingPoints, shownRatingOf, shownRatingsOf, storedRatings, type StoredPoint } from './queries.ts';
export { PlayerIdParam, PlayerProfileSchema, RatingsSchema } from './schemas.ts';
export { RatingService } from './service.ts';
export { RatingStore } from './store.ts';
