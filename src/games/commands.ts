// The commands a player gives a game, each decided by a pure function of the game, the player
// and the time: join (the `seated` event), a move (the engine's decide; resigning is a move) and
// claiming a timeout (the engine scores it). games/handler.ts runs them all the same way.
import type { SeatPatch } from '../db/games.ts';
import { decide, timeOut, type GameEvent, type Move, type Seat } from '../engine/index.ts';
import { DomainError } from '../errors.ts';
import { deadlineOf } from './deadline.ts';
import { seatOf, statusOf, type Game } from './game.ts';
import { decideJoin } from './seating.ts';

export type GameCommand =
  | { type: 'join' }
  | { type: 'move'; move: Move; expectedVersion?: number }
  | { type: 'claimTimeout' };

/** What a command does: the seat it acts for, the events it appends, the seats it fills. */
export interface Decision {
  seat: Seat;
  events: GameEvent[];
  patch?: SeatPatch;
}

/** What `playerId`'s `command` does to `game` at `now`, or why it is refused. */
export function decideCommand(game: Game, playerId: string, command: GameCommand, now: Date): Decision | DomainError {
  switch (command.type) {
    case 'join':
      return decideJoin(game, playerId);
    case 'move':
      return decideMove(game, playerId, command.move, command.expectedVersion);
    case 'claimTimeout':
      return decideClaim(game, playerId, now);
  }
}

/** The seat of a player of a started game, or why the player may not act in it. */
function seatInStartedGame(game: Game, playerId: string): Seat | DomainError {
  const seat = seatOf(game.row, playerId);
  if (!seat) return new DomainError('NOT_A_PLAYER', 'you do not sit at this game');
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

/** The refusal of a command that lost the race for its version to another write. */
export function lostRace(command: GameCommand): DomainError {
  switch (command.type) {
    case 'join':
      return new DomainError('SEAT_TAKEN', 'someone else took the seat first');
    case 'move':
      return new DomainError('VERSION_CONFLICT', 'another move was made first');
    case 'claimTimeout':
      return new DomainError('VERSION_CONFLICT', 'a move was made first');
  }
}
