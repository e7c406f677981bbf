// Taking a seat: the service's own fact in a game's log (the rules ignore it), decided here
// beside the engine, for a player who joins and for games that start with both seats taken.
import type { SeatPatch } from '../db/games.ts';
import type { GameEvent, Seat } from '../engine/index.ts';
import { DomainError } from '../errors.ts';
import { seatOf, statusOf, type Game } from './game.ts';

export const seated = (seat: Seat, playerId: string): GameEvent => ({ type: 'seated', seat, playerId });

/** The log of a game that starts with both players known (a match's game, a rematch). */
export const bothSeated = (forehand: string, dealer: string): GameEvent[] => [seated('forehand', forehand), seated('dealer', dealer)];

export type Joined = { seat: Seat; events: GameEvent[]; patch: SeatPatch };

/** A player takes the free seat of a waiting game; the game starts. */
export function decideJoin(game: Game, playerId: string): Joined | DomainError {
  const { row, state } = game;
  if (seatOf(row, playerId)) return new DomainError('ALREADY_SEATED', 'you already sit at this game');
  if (statusOf(row, state) !== 'waiting') return new DomainError('SEAT_TAKEN', 'both seats are taken');
  if (row.reservedPlayerId && row.reservedPlayerId !== playerId)
    return new DomainError('SEAT_RESERVED', 'the free seat is reserved for another player');
  const seat: Seat = row.forehandPlayerId ? 'dealer' : 'forehand';
  const patch: SeatPatch = seat === 'forehand' ? { forehandPlayerId: playerId } : { dealerPlayerId: playerId };
  return { seat, events: [seated(seat, playerId)], patch: { ...patch, reservedPlayerId: null } };
}
