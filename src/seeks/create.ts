// The pairing pool, wired: its store, the use cases, their routes and their sweep (seeks past
// their time end, whileConnected ones whose owner holds no stream end, ended ones are forgotten).
import type { Players } from '../accounts/index.ts';
import type { Randomness } from '../games/index.ts';
import type { Platform, Routes, Sweep } from '../platform/feature.ts';
import { seeksApi } from './api.ts';
import { SeekService } from './service.ts';
import type { SeekSettings } from './settings.ts';
import { SeekStore } from './store.ts';

export interface SeeksWiring {
  settings: SeekSettings;
  players: Players;
  random: Randomness;
  /** A whileConnected seek made this long ago whose owner holds no stream anywhere ends (the presence lease). */
  graceMs: number;
}

export function createSeeks({ database, notifier, now }: Platform, wiring: SeeksWiring) {
  const store = new SeekStore(database.db);
  const service = new SeekService({ store, players: wiring.players, notifier, random: wiring.random, now, ttlMs: wiring.settings.ttlSeconds * 1000 });
  // Ended seeks are kept as long as kept answers: a client reads its seek's end soon, or never.
  const sweep: Sweep = async ({ idempotencyTtlMs }) => {
    const swept = await service.sweep(wiring.graceMs, idempotencyTtlMs);
    return { seeks: swept.expired + swept.disconnected };
  };
  const routes: Routes = (edge) => seeksApi({ ...edge, seeks: service });
  return { store, service, routes, sweep };
}
