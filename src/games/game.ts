// A game as the service knows it: its row (who sits where, the version), its event log, and the
// state the log folds to. Every write bumps the version, so a game at a version never changes.
import { replay, type GameEvent, type Seat, type State, type Viewer } from '../engine/index.ts';
import type { GameRow } from './tables.ts';
import type { GameStatus } from './tables.ts';

export interface Game {
  row: GameRow;
  events: GameEvent[];
  state: State;
}

export function gameOf(row: GameRow, events: GameEvent[]): Game {
  return { row, events, state: replay(row.config, row.serverSeed, events) };
}

export function seatOf(row: Pick<GameRow, 'forehandPlayerId' | 'dealerPlayerId'>, playerId: string | undefined | null): Seat | null {
  if (!playerId) return null;
  if (row.forehandPlayerId === playerId) return 'forehand';
  if (row.dealerPlayerId === playerId) return 'dealer';
  return null;
}

/** What a reader sees: its seat's view, or a spectator's. */
export const viewerOf = (row: GameRow, playerId: string | undefined | null): Viewer => seatOf(row, playerId) ?? 'spectator';

/** A game waits until both seats are taken (or is called off meanwhile), then is in the engine's phase. */
export function statusOf(row: Pick<GameRow, 'forehandPlayerId' | 'dealerPlayerId'>, state: State): GameStatus {
  return (row.forehandPlayerId && row.dealerPlayerId) || state.phase === 'cancelled' ? state.phase : 'waiting';
}

export const isFinished = (game: Game) => game.state.phase === 'finished';
