// The games, wired: the store with its group commits, the process's copy of games, the repository
// that announces each change, the use cases, their routes and their sweep (waiting games expire).
import type { Players } from '../accounts/index.ts';
import type { Platform, Routes, Sweep } from '../platform/feature.ts';
import { gamesApi } from './api.ts';
import { GameCache } from './cache.ts';
import type { Game } from './game.ts';
import { MoveBatcher } from './move-batch.ts';
import type { Randomness } from './randomness.ts';
import { GameRepository } from './repository.ts';
import type { Rater } from './run-command.ts';
import { GameService } from './service.ts';
import type { GameSettings } from './settings.ts';
import { GameStore } from './store.ts';

/** Waiting games expired per sweep at most (the next sweep takes the rest). */
const SWEEP_BATCH = 200;

export interface GamesWiring {
  settings: GameSettings;
  players: Players;
  random: Randomness;
  /** Rates a rated game as it ends (src/ratings, after this feature: handed in). */
  ratings: Rater;
  /** After a command finished a game: its match moves on, its tournament pairs again (wired by the app). */
  onFinished: (game: Game, requestId?: string) => Promise<void>;
  /** Another game cache (tests: one that misses announcements). */
  cache?: GameCache;
}

export function createGames({ config, database, notifier, now }: Platform, wiring: GamesWiring) {
  // Plain moves in group commits, on half the pool's connections at most.
  const batcher = new MoveBatcher(database, Math.max(1, Math.floor(config.databasePoolSize / 2)));
  const store = new GameStore(database, batcher);
  const cache = wiring.cache ?? new GameCache(wiring.settings.cacheSize);
  notifier.observe(cache);
  const repository = new GameRepository(store, cache, notifier);
  const service = new GameService({ repository, players: wiring.players, notifier, random: wiring.random, now, ratings: wiring.ratings, onFinished: wiring.onFinished });
  const waitingTtlMs = wiring.settings.waitingTtlSeconds * 1000;
  // Each expiry is the ordinary command, guarded by the game's version: a join that comes first
  // wins, and the game is left as it is.
  const sweep: Sweep = async ({ at, idempotencyTtlMs, attempt }) => {
    let games = 0;
    for (const id of await repository.waitingSince(new Date(at.getTime() - waitingTtlMs), SWEEP_BATCH)) if (await attempt(() => service.expire(id), id)) games++;
    return { games, answers: await repository.forgetIdempotentBefore(new Date(at.getTime() - idempotencyTtlMs)) };
  };
  const routes: Routes = (edge) => gamesApi({ ...edge, games: service });
  return { store, batcher, cache, repository, service, routes, sweep };
}
