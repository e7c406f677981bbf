// When a director must next look at a tournament: the key of the due queue (tournaments.next_at),
// so a tick reads only the tournaments due and an idle one costs nothing until then. Between these
// moments nothing in a tournament changes by the clock alone; what changes it otherwise (a game of
// it ends, a player joins or connects, or is freed by another tournament) makes it due at once
// (the wakes of store.ts).
//   upcoming → its start
//   running → the earliest deadline of its games being played (a timeout to claim: a move made
//     since only makes the look early, never late), and an arena's end while it runs; an
//     arena's rest ends and rematch hold ends (rest.ts, rematch-hold.ts: the store passes them
//     with the deadlines)
//   a Swiss event with no game being played is waiting for free players: a look now and then
//     besides the wakes (a seat freed elsewhere wakes it at once)
//   finished → never
import type { TournamentRow } from './view.ts';

/** How often a Swiss round that found too few free players to pair looks again, at the latest. */
export const SWISS_WAIT_RECHECK_MS = 60_000;

export function nextAt(t: Pick<TournamentRow, 'status' | 'system' | 'startsAt' | 'endsAt'>, deadlines: readonly Date[], now: Date): Date | null {
  if (t.status === 'finished') return null;
  if (t.status === 'upcoming') return t.startsAt;
  const moments = deadlines.map((d) => d.getTime());
  if (t.system === 'arena' && t.endsAt && t.endsAt > now) moments.push(t.endsAt.getTime());
  // An arena past its end with nothing being played is finished by the step that sees it; a
  // Swiss event with nothing being played waits for free players.
  if (moments.length === 0) return new Date(now.getTime() + SWISS_WAIT_RECHECK_MS);
  return new Date(Math.min(...moments));
}
