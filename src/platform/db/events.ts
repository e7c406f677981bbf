// Events as rows of the log: one place builds them, whoever appends (a move, a join, a new game).
import type { GameEvent, Result, Seat } from '../../engine/types.ts';

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

/**
 * An event as stored, in today's shape. A log is never rewritten, so an event written before a
 * field existed gets it here, as the rules then decided: a result from before `draw` and `end`
 * was no draw (a 60:60 game was scored as lost then too), and ended as its flags say.
 */
export function storedEvent(event: GameEvent): GameEvent {
  if (event.type !== 'finished') return event;
  const result = event.result as Result & Partial<Pick<Result, 'draw' | 'end'>>;
  if (result.draw !== undefined && result.end !== undefined) return event;
  const end = result.end ?? (result.timedOut ? 'timedOut' : result.resigned ? 'resigned' : result.passedIn ? 'passedIn' : 'played');
  return { ...event, result: { ...result, draw: result.draw ?? false, end } };
}
