// `/`: sign in as a guest (a name → a token kept in this browser), then the lobby: a new game or
// match with every option (or one against the computer), the open games to join, the player's
// own games and challenges. Each part has its file in lobby/; `lobby` puts them on the page.
import '../a11y.css';
import type { App } from '../app.ts';
import { h, replaceContent } from '../dom.ts';
import { followMyGames } from '../mygames.ts';
import { pairingPanel } from '../quick-pairing.ts';
import { ratedSwitch } from '../rated-switch.ts';
import { lobbyActions } from './lobby/actions.ts';
import { findPlayersPanel } from './lobby/find-players.ts';
import { myGamesList } from './lobby/my-games.ts';
import { newGameForm, type NewGameForm } from './lobby/new-game-form.ts';
import { openList } from './lobby/open-list.ts';
import { problemLine } from './lobby/problem.ts';
import { lobbyRefresher } from './lobby/refresh.ts';
import { signInScreen } from './sign-in.ts';

export async function lobbyScreen(root: HTMLElement, app: App, signal: AbortSignal): Promise<void> {
  if (!app.session.player) return signInScreen(root, app);
  return lobby(root, app, signal);
}

function lobby(root: HTMLElement, app: App, signal: AbortSignal): void {
  const { t, session } = app;
  const me = session.player!;
  const problem = problemLine(app);
  let form: NewGameForm | undefined;
  const actions = lobbyActions(app, () => form!, problem);
  form = newGameForm(t, actions, ratedSwitch(app));

  const open = openList(app, (id) => void actions.join(id));
  const mine = myGamesList(app, (id) => void actions.join(id), () => void refresh(), problem.fail);
  const people = findPlayersPanel(app, () => form!, problem.fail);
  const refresh = lobbyRefresher(app, signal, { open, mine, people }, problem.fail);
  void followMyGames(session, () => void refresh(), signal);

  replaceContent(
    root,
    h(
      'div',
      { class: 'lobby' },
      // The page's heading, for a screen reader's list of headings (the header says where one is).
      h('h1', { class: 'visually-hidden' }, t('lobby')),
      h('p', { class: 'muted player-id' }, t('yourId', { id: me.playerId })),
      problem.element,
      pairingPanel(app, signal),
      people.element,
      h('div', { class: 'columns' }, h('section', { class: 'card-panel' }, h('h2', null, t('newGame')), form.element), h('section', { class: 'card-panel' }, h('div', { class: 'section-head' }, h('h2', null, t('openGames')), h('button', { type: 'button', class: 'link', onclick: () => void refresh() }, t('refresh'))), open.element, mine.element)),
    ),
  );
  open.show([], []);
  void refresh();
}
