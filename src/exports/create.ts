// The exports, wired: finished games read in batches, streamed by their routes on a budget of their own.
import type { Players } from '../accounts/index.ts';
import type { AnalysisService } from '../analysis/index.ts';
import type { Platform, Routes } from '../platform/feature.ts';
import type { PlayerService } from '../players/index.ts';
import { exportsApi } from './api.ts';
import { ExportService } from './service.ts';
import type { ExportSettings } from './settings.ts';
import { ExportStore } from './store.ts';

export interface ExportsWiring {
  settings: ExportSettings;
  players: Players;
  /** Who a player is (PLAYER_NOT_FOUND for an export of nobody). */
  playerService: PlayerService;
  analysis: Pick<AnalysisService, 'doneOf'>;
}

export function createExports({ database, log }: Platform, wiring: ExportsWiring) {
  const service = new ExportService({ store: new ExportStore(database), players: wiring.players, analysis: wiring.analysis });
  const routes: Routes = () => exportsApi({ exports: service, players: wiring.playerService, config: { exports: wiring.settings }, log });
  return { service, routes };
}
