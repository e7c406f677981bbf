// `/play/{gameId}`: the table. A seated player plays (cards by click or key, decisions by the
// dialogs); anyone else with the link watches. Updates come from the game's event stream; a move's
// own answer is the new view. The computer's seat, when this browser holds it, is played here.
// Each concern has its file in game/: the state, the actions, the keys, the deadline, the drawing,
// the computer's seat and the live updates; this function wires them together.
import type { App } from '../app.ts';
import '../a11y.css';
import { h } from '../dom.ts';
import { gameActions } from './game/actions.ts';
import { tableAnnouncer } from './game/announcer.ts';
import type { GameContext } from './game/context.ts';
import { startComputerSeat } from './game/computer-seat.ts';
import { deadlineClock } from './game/deadline.ts';
import { bindCardKeys } from './game/keys.ts';
import { followGame } from './game/live.ts';
import { gameRenderer, statusText } from './game/render.ts';
import { tableState, takeView } from './game/state.ts';

export async function gameScreen(root: HTMLElement, app: App, signal: AbortSignal, gameId: string): Promise<void> {
  const state = tableState(await app.session.client.getGame(gameId, { signal }));
  if (state.view.you) app.session.remember(gameId);

  let draw = () => {};
  // The table is drawn in a part of its own; the live region beside it stays in the page.
  const table = h('div', { class: 'table-screen' });
  const ctx: GameContext = {
    root: table,
    app,
    signal,
    gameId,
    state,
    render: () => draw(),
    accept: (next) => {
      if (!takeView(state, next)) return;
      if (state.view.status === 'finished') void actions.loadMatch();
      draw();
    },
    showProblem: (e) => {
      state.problem = app.describe(e);
      draw();
    },
  };
  const actions = gameActions(ctx);
  bindCardKeys(ctx, actions);
  const clock = deadlineClock(ctx, () => actions.claim({ quiet: true }));
  const render = gameRenderer(ctx, actions, clock);
  const announcer = tableAnnouncer(ctx, () => statusText(ctx));
  // The page's heading, for a screen reader's list of headings (the table is seen for what it is).
  root.replaceChildren(h('h1', { class: 'visually-hidden' }, app.t('gameTable')), table, announcer.element);
  draw = () => {
    render();
    announcer.update();
  };

  draw();
  if (state.view.status === 'finished') void actions.loadMatch();
  startComputerSeat(ctx);
  if (state.view.status !== 'finished') followGame(ctx);
}
