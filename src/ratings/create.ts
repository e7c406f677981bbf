// The ratings, wired: their store, the use cases (rating a game as it ends) and their routes.
import type { Platform, Routes } from '../platform/feature.ts';
import { ratingsApi } from './api.ts';
import { RatingService } from './service.ts';
import type { RatingSettings } from './settings.ts';
import { RatingStore } from './store.ts';

export interface RatingsWiring {
  settings: RatingSettings;
  /** Who the players are (src/players, after this feature: handed in once it exists). */
  players: () => { profile(playerId: string): Promise<unknown> };
}

export function createRatings({ database }: Platform, wiring: RatingsWiring) {
  const service = new RatingService({ store: new RatingStore(database.db), provisionalRd: wiring.settings.provisionalRd });
  const routes: Routes = () => ratingsApi({ ratings: service, players: { profile: (playerId) => wiring.players().profile(playerId) } });
  return { service, routes };
}
