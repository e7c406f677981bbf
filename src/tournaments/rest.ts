// An arena's rest: a player is not paired again until `restMs` after the end of its last game
// (TOURNAMENT_REST_MS). The result of a game stays on the players' screens that long (the next
// game does not replace it within the second), and a person may pause before the next one.
// Reckoned from the pairings alone (their end), so nothing is stored for it.
import type { PairingRow } from './view.ts';

type Ended = Pick<PairingRow, 'firstPlayerId' | 'secondPlayerId' | 'endedAt'>;

/** Each player's rest end: the end of its last finished pairing plus `restMs` (none without a finished pairing). */
export function restEnds(pairings: readonly Ended[], restMs: number): Map<string, Date> {
  const until = new Map<string, Date>();
  if (restMs <= 0) return until;
  for (const p of pairings) {
    if (p.endedAt === null || p.secondPlayerId === null) continue;
    const end = new Date(p.endedAt.getTime() + restMs);
    for (const id of [p.firstPlayerId, p.secondPlayerId]) if ((until.get(id)?.getTime() ?? 0) < end.getTime()) until.set(id, end);
  }
  return until;
}

/** Whether `playerId` is resting at `now`. */
export const resting = (ends: ReadonlyMap<string, Date>, playerId: string, now: Date): boolean => (ends.get(playerId)?.getTime() ?? 0) > now.getTime();

/** The rest ends still to come after `now`: the moments a director must look again (a rested player may be paired). */
export const restEndsAfter = (ends: ReadonlyMap<string, Date>, now: Date): Date[] => [...ends.values()].filter((d) => d > now);
