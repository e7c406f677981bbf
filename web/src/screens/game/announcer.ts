// What the table says to a screen reader, in a polite live region: each event since the last one
// said (a bid, a card played, a trick taken with its points…), then whose turn it is, at the end
// the result, and a refusal of a move. The events are read from the game's log after the last one
// said: nothing is said twice however often the table is drawn, and the lines keep the game's
// order (a move's own answer may come before its event on the stream). What happened before the
// table opened is not said.
import { describeEvent } from '../../event-text.ts';
import { liveRegion } from '../../live-region.ts';
import { type GameContext, seatNames } from './context.ts';

export interface TableAnnouncer {
  readonly element: HTMLElement;
  /** Says what is new since the last call (called after every drawing). */
  update(): void;
}

export function tableAnnouncer(ctx: GameContext, statusText: () => string): TableAnnouncer {
  const region = liveRegion('announcer');
  const { state } = ctx;
  let said = state.view.version;
  let turnSaid = '';
  let reading = false;

  const sayTurn = () => {
    const { view } = state;
    const turn = view.status === 'finished' ? 'finished' : `${view.status}:${view.toMove ?? ''}`;
    if (turn === turnSaid) return;
    turnSaid = turn;
    region.say(statusText());
  };

  let problemSaid = '';
  const update = () => {
    // A refusal stays on the notice line until the next move: said once, not at every drawing.
    if (state.problem !== problemSaid) {
      problemSaid = state.problem;
      region.say(state.problem);
    }
    if (reading || ctx.signal.aborted) return;
    if (state.view.version <= said) return sayTurn();
    reading = true;
    const wanted = state.view.version;
    void ctx.app.session.client
      .events(ctx.gameId, said)
      .then((log) => {
        const names = seatNames(ctx);
        for (const { seq, event } of log.events) {
          if (seq <= said) continue;
          said = seq;
          region.say(describeEvent(event, names, ctx.app.t));
          // The trick's winner leads: said again even when it is the same player's turn as before.
          if (event.type === 'trickTaken') turnSaid = '';
        }
      })
      .catch(() => {})
      // Whatever the log held, the view read is said for: no asking again for the same events.
      .finally(() => {
        said = Math.max(said, wanted);
        reading = false;
        update();
      });
  };
  return { element: region.element, update };
}
