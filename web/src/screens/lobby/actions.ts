// What the lobby starts: a game against the computer, an open game or match, joining one. Each
// goes to its table once the service has made it.
import { isApiError } from '@offiziersskat/client';
import type { App } from '../../app.ts';
import { setComputerLevel } from '../../computer.ts';
import type { Creations, NewGameForm } from './new-game-form.ts';
import type { ProblemLine } from './problem.ts';

export interface LobbyActions extends Creations {
  join(id: string): Promise<void>;
}

export function lobbyActions(app: App, form: () => NewGameForm, problem: ProblemLine): LobbyActions {
  const { t, session } = app;
  // A create call: the form checked, its buttons held meanwhile, a refusal said.
  const run = (action: (f: NewGameForm) => Promise<void>) => async () => {
    const f = form();
    if (!f.valid()) return;
    f.busy(true);
    problem.clear();
    try {
      await action(f);
    } catch (e) {
      problem.fail(e);
      f.busy(false);
    }
  };

  return {
    againstComputer: run(async (f) => {
      // A stored computer made for another database behind this address is refused (401): make a new one.
      const stored = session.computerPlayer;
      if (stored)
        await session.anonymous
          .withToken(stored.token)
          .listGames({ status: 'waiting', limit: 1 })
          .catch((e) => {
            if (!(isApiError(e) && e.status === 401)) throw e;
            session.forgetComputer();
          });
      setComputerLevel(f.level());
      const computer = await session.computer(t('computer'));
      const view = await session.client.createGame({ ...f.options(), opponent: computer.playerId });
      await session.anonymous.withToken(computer.token).joinGame(view.id);
      session.remember(view.id);
      app.navigate(`/play/${view.id}`);
    }),

    openGame: run(async (f) => {
      const view = await session.client.createGame(f.options());
      session.remember(view.id);
      app.navigate(`/play/${view.id}`);
    }),

    openMatch: run(async (f) => {
      const { seat: _seat, seed: _seed, ...rest } = f.options();
      const match = await session.client.createMatch({ ...rest, games: f.games() });
      session.remember(match.id, 'match');
      app.navigate(`/play/match/${match.id}`);
    }),

    async join(id) {
      try {
        await session.client.joinGame(id);
        session.remember(id);
        app.navigate(`/play/${id}`);
      } catch (e) {
        problem.fail(e);
      }
    },
  };
}
