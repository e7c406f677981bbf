// The matches, wired: their store, the use cases, their routes and their sweep (waiting matches expire).
import type { Players } from '../accounts/index.ts';
import type { Randomness } from '../games/index.ts';
import type { Platform, Routes, Sweep } from '../platform/feature.ts';
import { matchesApi } from './api.ts';
import { MatchService } from './service.ts';
import { MatchStore } from './store.ts';

/** Waiting matches expired per sweep at most (the next sweep takes the rest). */
const SWEEP_BATCH = 200;

export interface MatchesWiring {
  players: Players;
  random: Randomness;
  /** A waiting match nobody joined expires after this (WAITING_TTL_SECONDS, the games' setting). */
  waitingTtlMs: number;
}

export function createMatches({ database, notifier, now, log }: Platform, wiring: MatchesWiring) {
  const store = new MatchStore(database.db);
  const service = new MatchService({ store, players: wiring.players, notifier, random: wiring.random, now, log });
  const sweep: Sweep = async ({ at, attempt }) => {
    let matches = 0;
    for (const id of await service.waitingSince(new Date(at.getTime() - wiring.waitingTtlMs), SWEEP_BATCH)) if (await attempt(() => service.expire(id), id)) matches++;
    return { matches };
  };
  const routes: Routes = (edge) => matchesApi({ ...edge, matches: service });
  return { store, service, routes, sweep };
}
