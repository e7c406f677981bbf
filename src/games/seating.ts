// Taking a seat, and calling a waiting game off: the service's own facts in a game's log (the
// rules ignore them), decided here beside the engine.
import type { SeatPatch } from './store.ts';
import type { CancelReason, GameEvent, Seat } from '../engine/index.ts';
import { DomainError } from '../platform/errors.ts';
import { seatOf, statusOf, type Game } from './game.ts';

export const seated = (seat: Seat, playerId: string): GameEvent => ({ type: 'seated', seat, playerId });

/** The log of a game that starts with both players known (a match's game, a rematch). */
export const bothSeated = (forehand: string, dealer: string): GameEvent[] => [seated('forehand', forehand), seated('dealer', dealer)];

export type Joined = { seat: Seat; events: GameEvent[]; patch: SeatPatch };
/** A calling-off: its event, or none when the game is off already. */
export type CalledOff = { seat: null; events: GameEvent[] };

const isCancelled = (game: Game) => game.state.phase === 'cancelled';
export const gameCancelled = () => new DomainError('GAME_CANCELLED', 'the game was called off before it began');

/** A player takes the free seat of a waiting game; the game starts. */
export function decideJoin(game: Game, playerId: string): Joined | DomainError {
  const { row, state } = game;
  if (isCancelled(game)) return gameCancelled();
  if (seatOf(row, playerId)) return new DomainError('ALREADY_SEATED', 'you already sit at this game');
  if (statusOf(row, state) !== 'waiting') return new DomainError('SEAT_TAKEN', 'both seats are taken');
  if (row.reservedPlayerId && row.reservedPlayerId !== playerId)
    return new DomainError('SEAT_RESERVED', 'the free seat is reserved for another player');
  const seat: Seat = row.forehandPlayerId ? 'dealer' : 'forehand';
  const patch: SeatPatch = seat === 'forehand' ? { forehandPlayerId: playerId } : { dealerPlayerId: playerId };
  return { seat, events: [seated(seat, playerId)], patch: { ...patch, reservedPlayerId: null } };
}

const calledOff = (by: string | null, reason: CancelReason): CalledOff => ({ seat: null, events: [{ type: 'cancelled', by, reason }] });
const alreadyOff: CalledOff = { seat: null, events: [] };
const started = () => new DomainError('GAME_STARTED', 'the game has begun: it can no longer be called off or declined');

/** The creator (the one seated player) calls its waiting game off. Calling it off again changes nothing. */
export function decideCancel(game: Game, playerId: string): CalledOff | DomainError {
  if (!seatOf(game.row, playerId)) return new DomainError('NOT_YOUR_GAME', 'only the creator of a game calls it off');
  if (isCancelled(game)) return alreadyOff;
  if (statusOf(game.row, game.state) !== 'waiting') return started();
  return calledOff(playerId, 'cancelled');
}

/** The player a waiting game is reserved for declines it: the game is called off. */
export function decideDecline(game: Game, playerId: string): CalledOff | DomainError {
  if (game.row.reservedPlayerId !== playerId) return new DomainError('NOT_YOUR_CHALLENGE', 'only the player this game is reserved for declines it');
  if (isCancelled(game)) return alreadyOff;
  if (statusOf(game.row, game.state) !== 'waiting') return started();
  return calledOff(playerId, 'declined');
}

/** Nobody joined in time: the waiting game expires. A game that began (or is off) stays as it is. */
export function decideExpiry(game: Game): CalledOff {
  return statusOf(game.row, game.state) === 'waiting' && !isCancelled(game) ? calledOff(null, 'expired') : alreadyOff;
}

