// Events as rows of the log: one place builds them, whoever appends (a move, a join, a new game).
import type { GameEvent, Seat } from '../engine/types.ts';

/** The seat column of an event: who did it; null where no seat acts (stock deal, trick, end). */
export function seatOfEvent(event: GameEvent): Seat | null {
  return 'seat' in event ? event.seat : null;
}

export interface EventRow {
  gameId: string;
  seq: number;
  type: GameEvent['type'];
  seat: Seat | null;
  payload: GameEvent;
}

/** Rows for events appended after `version`: seq version+1, version+2, … */
export function eventRows(gameId: string, version: number, events: readonly GameEvent[]): EventRow[] {
  return events.map((event, i) => ({ gameId, seq: version + 1 + i, type: event.type, seat: seatOfEvent(event), payload: event }));
}
