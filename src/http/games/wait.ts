// Waiting for a game to move past a version: register with the notifier first, then look at
// the database once, so that a move committed in between is never missed.
import type { Store } from '../../db/store.ts';
import { waitPast, type GameNotifier } from '../notifier.ts';

/**
 * A long poll's read: the game once it has moved past `version` (or as it is when `timeoutMs`
 * ends or `signal` aborts). The waiter is registered before the one read, so a move committed in
 * between is never missed and a game that has already moved on costs that single read. With the
 * waiter cap reached it reads first, and only a request that really has to wait gets the 503.
 */
export async function loadPast<T extends { row: { version: number }; state: { phase: string } }>(
  store: Store,
  notifier: GameNotifier,
  gameId: string,
  version: number,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  load: () => Promise<T>,
): Promise<T> {
  const past = (game: T) => game.row.version > version || game.state.phase === 'finished';
  if (!notifier.hasRoom()) {
    const game = await load();
    if (past(game)) return game;
    const moved = await waitPast(notifier, gameId, version, timeoutMs, async () => (await store.getGame(gameId))?.version ?? null, signal);
    return moved ? load() : game;
  }
  const done = new AbortController();
  const onAbort = () => done.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const moved = notifier.wait(gameId, version, timeoutMs, done.signal);
  try {
    let game: T;
    try {
      game = await load();
    } catch (e) {
      done.abort();
      await moved;
      throw e;
    }
    if (past(game)) {
      done.abort();
      await moved;
      return game;
    }
    return (await moved) ? await load() : game;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
