// The computer's seat, when this browser holds it: played here, move by move, with a pause.
import type { Seat } from '@offiziersskat/client';
import { ComputerUnavailable, playComputerSeat } from '../../computer.ts';
import type { GameContext } from './context.ts';

/** The computer's pause before each move: long enough to follow, short enough not to bore. */
const COMPUTER_DELAY_MS = 350;

const SEATS: Seat[] = ['forehand', 'dealer'];

export function startComputerSeat(ctx: GameContext): void {
  const { app, gameId, signal, state } = ctx;
  const { session } = app;
  const computer = session.computerPlayer;
  if (!computer || !SEATS.some((s) => state.view.players[s]?.playerId === computer.playerId) || state.view.status === 'finished') return;
  const seatClient = session.computerClient ?? session.anonymous.withToken(computer.token);
  playComputerSeat(seatClient, gameId, { delayMs: COMPUTER_DELAY_MS, signal }).catch((e) => {
    if (signal.aborted) return;
    ctx.showProblem(e instanceof ComputerUnavailable ? new Error(app.t('computerUnavailable', { why: e.message })) : e);
  });
}
