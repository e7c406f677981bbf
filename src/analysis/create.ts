// The computer analysis, wired: its table (the queue every process shares), this process's worker
// threads, the use cases and their routes.
import type { Game } from '../games/index.ts';
import type { Background, Platform, Routes } from '../platform/feature.ts';
import { analysisApi } from './api.ts';
import { AnalysisPool } from './pool.ts';
import { AnalysisService } from './service.ts';
import type { AnalysisSettings } from './settings.ts';
import { AnalysisStore } from './store.ts';

export interface AnalysisWiring {
  settings: AnalysisSettings;
  /** A finished game, whole (src/games). */
  loadGame: (gameId: string) => Promise<Game>;
}

export function createAnalysis({ database, log }: Platform, { settings, loadGame }: AnalysisWiring) {
  const store = new AnalysisStore(database);
  const pool = new AnalysisPool({ store, loadGame, log, size: settings.workers, leaseMs: settings.leaseMs, pollMs: settings.pollMs, seatSamples: settings.seatSamples });
  const service = new AnalysisService({ store, loadGame, limits: { perAddress: settings.maxPerAddress, total: settings.queueMax }, queued: () => pool.wake() });
  // The pool puts its running jobs back in the queue when it stops.
  const background: Background = { start: () => pool.start(), stop: () => pool.stop() };
  const routes: Routes = (edge) => analysisApi({ ...edge, analysis: service });
  return { store, pool, service, routes, background };
}
