// Waiting for a game to move past a version: register with the notifier first, then look at
// the database once, so that a move committed in between is never missed.
import type { Store } from '../../db/store.ts';
import type { GameNotifier } from '../notifier.ts';

export async function waitPast(
  store: Store,
  notifier: GameNotifier,
  gameId: string,
  version: number,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<boolean> {
  const done = new AbortController();
  const onAbort = () => done.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const moved = notifier.wait(gameId, version, timeoutMs, done.signal);
    const row = await store.getGame(gameId);
    if (row && row.version > version) {
      done.abort();
      await moved;
      return true;
    }
    return await moved;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
