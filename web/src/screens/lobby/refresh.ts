// The lobby has no stream of its own: it reads its lists again every few seconds while it is
// shown, and at once when the player's own games change (followMyGames) or on the Refresh button.
import type { App } from '../../app.ts';
import { loadMyGames } from '../../mygames.ts';
import type { FindPlayers } from './find-players.ts';
import type { MyGamesList } from './my-games.ts';
import type { OpenList } from './open-list.ts';

const REFRESH_MS = 5_000;

export function lobbyRefresher(app: App, signal: AbortSignal, lists: { open: OpenList; mine: MyGamesList; people: FindPlayers }, fail: (e: unknown) => void): () => Promise<void> {
  const { session } = app;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  async function refresh(): Promise<void> {
    if (running || signal.aborted) return;
    running = true;
    clearTimeout(timer);
    try {
      // Open matches too (GET /v1/matches): someone who opens a match must be found by the others.
      const [games, matches] = await Promise.all([
        session.client.listGames({ status: 'waiting', limit: 30 }).then((p) => p.games),
        session.client.listMatches({ status: 'waiting', limit: 30 }).then((p) => p.matches),
        lists.people.refresh(),
      ]);
      if (signal.aborted) return;
      lists.open.show(games, matches);
      lists.mine.show(await loadMyGames(session));
    } catch (e) {
      if (!signal.aborted) fail(e);
    } finally {
      running = false;
      if (!signal.aborted) timer = setTimeout(() => void refresh(), REFRESH_MS);
    }
  }
  signal.addEventListener('abort', () => clearTimeout(timer));
  return refresh;
}
