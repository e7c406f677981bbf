// Waiting for a game to move past a version: register with the notifier first, then look once,
// so that a move committed in between is never missed.
import type { Store } from '../../db/store.ts';
import { waitPast, type GameNotifier } from '../notifier.ts';
import type { GameCache } from './cache.ts';
import { readGame, type LoadedGame } from './game.ts';

export interface WaitDeps {
  store: Store;
  notifier: GameNotifier;
  games: GameCache;
}

const isPast = (game: LoadedGame, version: number) => game.row.version > version || game.state.phase === 'finished';

/**
 * A long poll's read: the game once it has moved past `version` (or as it is when `timeoutMs`
 * ends or `signal` aborts). The waiter is registered before the one look, so a move committed in
 * between is never missed. The look is the cached copy when it is at `version` itself and nothing
 * newer was announced (any later commit is announced and wakes the waiter), else the database;
 * a wait that ran out on a copy reads the database once more.
 * With the waiter cap reached it reads first, and only a request that really has to wait gets
 * the 503.
 */
export async function loadPast(
  { store, notifier, games }: WaitDeps,
  gameId: string,
  version: number,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<LoadedGame> {
  const known = games.after(gameId, version);
  if (known) return known;
  const read = () => games.after(gameId, version) ?? readGame(store, games, gameId);
  if (!notifier.hasRoom()) {
    const game = await readGame(store, games, gameId);
    if (isPast(game, version)) return game;
    const moved = await waitPast(notifier, gameId, version, timeoutMs, async () => (await store.getGame(gameId))?.version ?? null, signal);
    return moved ? read() : game;
  }
  const done = new AbortController();
  const onAbort = () => done.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  // Looked at in the same turn as the waiter is registered: no announcement can fall between.
  const copy = games.current(gameId);
  const moved = notifier.wait(gameId, version, timeoutMs, done.signal);
  try {
    let game: LoadedGame;
    try {
      game = copy && copy.row.version === version ? copy : await readGame(store, games, gameId);
    } catch (e) {
      done.abort();
      await moved;
      throw e;
    }
    if (isPast(game, version)) {
      done.abort();
      await moved;
      return game;
    }
    if (await moved) return await read();
    // The wait ran out. A copy is looked up once more in the database: an announcement that
    // never came (a writer that crashed before sending it) is caught here.
    return game === copy && !signal?.aborted ? await readGame(store, games, gameId) : game;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
