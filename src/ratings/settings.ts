// The ratings' settings.
import { integer, settings } from '../platform/settings.ts';

export interface RatingSettings {
  /** A rating is provisional (kept off the leaderboards) while its RD is above this. */
  provisionalRd: number;
}

export const ratingSettings = settings({ RATING_PROVISIONAL_RD: integer(0, 350, 110) }, (e): RatingSettings => ({ provisionalRd: e.RATING_PROVISIONAL_RD }));
