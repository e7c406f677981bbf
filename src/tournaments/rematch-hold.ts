// An arena's hold on back-to-back rematches. Two who just played each other end together, rest
// together and come free together: while the others are still playing, the wave would pair them
// again at once (nobody else is free), and a small arena turns into the same pair over and over.
// So a pair the wave would make of two whose last opponents are each other waits instead, while
// another entrant (not paused, not withdrawn) is playing or resting now, so will soon be free;
// for at most the hold, counted from when they came free (the end of their rest). After it they
// are paired by the wave's rule: the rematch again when still nobody else is free.
// The hold is the rest again: the rest is what the arena already counts "soon" in (a game takes
// minutes, the rest seconds), so a pair waits at most twice the rest between two games, and an
// arena without a rest (TOURNAMENT_REST_MS 0) holds nobody. Reckoned from the pairings' ends, as
// the rest is (rest.ts): nothing is stored for it.
import type { ArenaWaiter } from './arena-pairing.ts';
import { restEnds } from './rest.ts';
import type { Pair } from './swiss-pairing.ts';
import type { PairingRow } from './view.ts';

/** How long a back-to-back rematch waits after the rest, at most: the rest again. */
export const rematchHoldMs = (restMs: number): number => restMs;

/** Each player's hold end: the end of its last finished pairing, plus the rest, plus the hold. */
export const holdEnds = (pairings: readonly Pick<PairingRow, 'firstPlayerId' | 'secondPlayerId' | 'endedAt'>[], restMs: number): Map<string, Date> =>
  restEnds(pairings, restMs + rematchHoldMs(restMs));

/**
 * The pairs of a wave held back: two whose last opponents are each other (a back-to-back
 * rematch), whose hold has not run out at `now`, while someone other than the two is coming
 * (`coming`: the entrants playing or resting now, not paused, not withdrawn).
 */
export function heldRematches(pairs: readonly Pair[], waiters: readonly ArenaWaiter[], ends: ReadonlyMap<string, Date>, coming: ReadonlySet<string>, now: Date): Pair[] {
  const last = new Map(waiters.map((w) => [w.playerId, w.lastOpponent]));
  return pairs.filter(({ first, second }) => {
    if (last.get(first) !== second || last.get(second) !== first) return false;
    if ((ends.get(first)?.getTime() ?? 0) <= now.getTime()) return false;
    return [...coming].some((id) => id !== first && id !== second);
  });
}
