// What the parts of the table screen share: the page, the state, and the two ways back to the
// page (draw it again; take a new view).
import type { GameView, Seat } from '@offiziersskat/client';
import type { App } from '../../app.ts';
import { modelFromView } from '../../model.ts';
import type { TableState } from './state.ts';

export interface GameContext {
  root: HTMLElement;
  app: App;
  signal: AbortSignal;
  gameId: string;
  state: TableState;
  /** Draws the table as the state is now. */
  render(): void;
  /** Takes a newer view and draws it. */
  accept(next: GameView): void;
  /** Says a refusal or failure on the notice line. */
  showProblem(e: unknown): void;
}

/** The computer's seat is called "Computer" here, whatever name its guest account carries. */
export function seatLabel(ctx: GameContext): (playerId: string) => string | null {
  const computer = ctx.app.session.computerPlayer;
  return (playerId) => (computer && playerId === computer.playerId ? ctx.app.t('computer') : null);
}

/** The two players' names as the table shows them. */
export function seatNames(ctx: GameContext): Record<Seat, string> {
  const m = modelFromView(ctx.state.view, seatLabel(ctx));
  return { forehand: m.seats.forehand.name, dealer: m.seats.dealer.name };
}
