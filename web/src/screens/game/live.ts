// Live updates: the game's event stream says that something happened; the game is then read
// again (one read at a time, one more if events came meanwhile). Without a stream, the long poll.
import { waitForVersion } from '@offiziersskat/client';
import type { GameContext } from './context.ts';

export function followGame(ctx: GameContext): void {
  const { app, gameId, signal, state } = ctx;
  const client = app.session.client;

  let refreshing: Promise<void> | null = null;
  let again = false;
  const refresh = () => {
    if (refreshing) {
      again = true;
      return;
    }
    refreshing = (async () => {
      do {
        again = false;
        try {
          ctx.accept(await client.getGame(gameId, { signal }));
        } catch (e) {
          if (signal.aborted) return;
          ctx.showProblem(e);
        }
      } while (again && !signal.aborted);
    })().finally(() => (refreshing = null));
  };

  const follow = async () => {
    try {
      for await (const e of client.gameStream(gameId, { after: state.view.version, signal })) {
        state.latest = e.event;
        if (e.seq > state.view.version) refresh();
        else ctx.render();
      }
      refresh();
    } catch {
      if (signal.aborted) return;
      // No stream (a proxy that buffers it, say): the long poll does the same job.
      while (!signal.aborted && state.view.status !== 'finished') {
        try {
          ctx.accept(await waitForVersion(client, gameId, state.view.version, signal));
        } catch {
          return;
        }
      }
    }
  };
  void follow();
}
