// The commands a player gives a game, each decided by a pure function of the game, the player
// and the time: join (the `seated` event), a move (the engine's decide; resigning is a move) and
// claiming a timeout (the engine scores it). games/run-command.ts runs them all the same way.
import type { SeatPatch } from './store.ts';
import { decide, timeOut, type GameEvent, type Move, type Seat } from '../engine/index.ts';
import { DomainError } from '../platform/errors.ts';
import { deadlineOf } from './deadline.ts';
import { seatOf, statusOf, type Game } from './game.ts';
import { decideCancel, decideDecline, decideExpiry, decideJoin, gameCancelled } from './seating.ts';

export type GameCommand =
  | { type: 'join' }
  | { type: 'move'; move: Move; expectedVersion?: number }
  | { type: 'claimTimeout' }
  /** The creator calls its waiting game off. */
  | { type: 'cancel' }
  /** The player the game is reserved for declines it. */
  | { type: 'decline' }
  /** Nobody joined in time (the sweeper's command; no player gives it). */
  | { type: 'expire' };

/**
 * What a command does: the seat it acts for (null: nobody's seat), the events it appends (none:
 * nothing changes), the seats it fills.
 */
export interface Decision {
  seat: Seat | null;
  events: GameEvent[];
  patch?: SeatPatch;
}

/** What `playerId`'s `command` (null: the service's own) does to `game` at `now`, or why it is refused. */
export function decideCommand(game: Game, playerId: string | null, command: GameCommand, now: Date): Decision | DomainError {
  if (command.type === 'expire') return decideExpiry(game);
  if (playerId === null) return new DomainError('NOT_A_PLAYER', 'a player gives this command');
  switch (command.type) {
    case 'join':
      return decideJoin(game, playerId);
    case 'move':
      return decideMove(game, playerId, command.move, command.expectedVersion);
    case 'claimTimeout':
      return decideClaim(game, playerId, now);
    case 'cancel':
      return decideCancel(game, playerId);
    case 'decline':
      return decideDecline(game, playerId);
  }
}

/** The seat of a player of a started game, or why the player may not act in it. */
function seatInStartedGame(game: Game, playerId: string): Seat | DomainError {
  const seat = seatOf(game.row, playerId);
  if (!seat) return new DomainError('NOT_A_PLAYER', 'you do not sit at this game');
  if (game.state.phase === 'cancelled') return gameCancelled();
  if (statusOf(game.row, game.state) === 'waiting') return new DomainError('GAME_NOT_STARTED', 'the game starts when the second player joins');
  return seat;
}

function decideMove(game: Game, playerId: string, move: Move, expectedVersion: number | undefined): Decision | DomainError {
  const seat = seatInStartedGame(game, playerId);
  if (seat instanceof DomainError) return seat;
  const version = game.row.version;
  if (expectedVersion !== undefined && expectedVersion !== version)
    return new DomainError('VERSION_CONFLICT', `the game is at version ${version}, not ${expectedVersion}`);
  const decision = decide(game.state, seat, move);
  if (!decision.ok) return new DomainError(decision.error.code, decision.error.detail);
  return { seat, events: decision.events };
}

/**
 * After the deadline the waiting player ends the game; the player to move is scored as if it had
 * resigned. No timers anywhere: the deadline is checked when someone claims it.
 */
function decideClaim(game: Game, playerId: string, now: Date): Decision | DomainError {
  const seat = seatInStartedGame(game, playerId);
  if (seat instanceof DomainError) return seat;
  const { row, state } = game;
  if (state.phase === 'finished' || state.toMove === null) return new DomainError('GAME_FINISHED', 'the game is over');
  const deadline = deadlineOf(row, true);
  if (!deadline) return new DomainError('NO_DEADLINE', 'this game was created without turnSeconds');
  if (state.toMove === seat)
    return new DomainError('YOUR_TURN', 'you are the player to move: only the waiting player can claim a timeout');
  if (now.getTime() < deadline.getTime())
    return new DomainError('DEADLINE_NOT_REACHED', `the player to move has until ${deadline.toISOString()}`, { deadline: deadline.toISOString() });
  const decision = timeOut(state, state.toMove);
  if (!decision.ok) return new DomainError(decision.error.code, decision.error.detail);
  return { seat, events: decision.events };
}

/**
 * The refusal of a command that lost the race for its version to another write, twice (the
 * second time decided on a fresh read). A move is never decided again on a newer state: its
 * player chose it for the state it saw, and gets the new one with the conflict.
 */
export function lostRace(command: GameCommand): DomainError {
  switch (command.type) {
    case 'join':
      return new DomainError('SEAT_TAKEN', 'someone else took the seat first');
    case 'move':
      return new DomainError('VERSION_CONFLICT', 'another move was made first');
    case 'claimTimeout':
      return new DomainError('VERSION_CONFLICT', 'a move was made first');
    case 'cancel':
    case 'decline':
    case 'expire':
      return new DomainError('VERSION_CONFLICT', 'the game changed meanwhile; try again');
  }
}

/** Whether a command that lost its race is decided once more on the state that won it. */
export const decidedAgainAfterLosing = (command: GameCommand) => command.type !== 'move';
