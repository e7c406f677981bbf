// The tournaments, wired: their store, the use cases, this process's director (its timer starts
// and pairs them), their routes (their games' export answers through the exports' admission).
import type { Players } from '../accounts/index.ts';
import type { ExportService, ExportSettings } from '../exports/index.ts';
import type { Randomness } from '../games/index.ts';
import type { Background, Platform, Routes } from '../platform/feature.ts';
import { tournamentsApi } from './api.ts';
import { TournamentDirector } from './director.ts';
import { TournamentService } from './service.ts';
import type { TournamentSettings } from './settings.ts';
import { TournamentStore } from './store.ts';

export interface TournamentsWiring {
  settings: TournamentSettings;
  players: Players;
  random: Randomness;
  /** The waiting player's claim of a game past its deadline (src/games). */
  claimTimeout: (gameId: string, playerId: string) => Promise<unknown>;
  exports: ExportService;
  exportSettings: ExportSettings;
}

export function createTournaments({ config, database, notifier, now, log }: Platform, wiring: TournamentsWiring) {
  const store = new TournamentStore(database.db, { restMs: wiring.settings.restMs });
  const service = new TournamentService({ store, players: wiring.players, notifier, random: wiring.random, now, log, minuteMs: wiring.settings.minuteMs, claimTimeout: wiring.claimTimeout, caps: wiring.settings });
  const director = new TournamentDirector(service, log);
  const background: Background = { start: () => director.start(wiring.settings.tickMs), stop: () => director.stop() };
  const routes: Routes = (edge) => tournamentsApi({ ...edge, config: { ...config, exports: wiring.exportSettings }, tournaments: service, exports: wiring.exports });
  return { store, service, director, routes, background };
}
