// The ladder's next game: a round robin over every pair of levels in every variant, in rounds (a
// pair and variant plays again once every other has played as often), at the seat the first
// level of the pair has sat at less often (so the dealer alternates). Counted from the games themselves, so a restart goes on where
// the last run stopped. Pure: the ladder (ladder.ts) reads the counts and the busy bots.
import type { Seat, Variant } from '../engine/index.ts';

/** One ladder game to challenge: `challenger` sits at `seat` and reserves the other for `opponent`. */
export interface LadderPick {
  challenger: string;
  opponent: string;
  variant: Variant;
  seat: Seat;
}

/** Games between two players in a variant, by who sat at forehand: `${variant} ${forehand} ${dealer}`. */
export type LadderCounts = Map<string, number>;

export const countKey = (variant: Variant, forehand: string, dealer: string) => `${variant} ${forehand} ${dealer}`;

/**
 * The next game among `players` (the levels' player ids, in their order), or null. Rounds: only a
 * pair and variant with the fewest games of all may play, so every pair plays as often as every
 * other (a free pair does not play again while another waits for a busy bot); of those, the first
 * whose two players are not `busy`.
 */
export function nextLadderGame(players: readonly string[], variants: readonly Variant[], counts: LadderCounts, busy: ReadonlySet<string>): LadderPick | null {
  const combos: (LadderPick & { games: number; free: boolean })[] = [];
  for (const variant of variants)
    for (let i = 0; i < players.length; i++)
      for (let j = i + 1; j < players.length; j++) {
        const a = players[i] as string;
        const b = players[j] as string;
        const atForehand = counts.get(countKey(variant, a, b)) ?? 0;
        const atDealer = counts.get(countKey(variant, b, a)) ?? 0;
        const seat = atForehand <= atDealer ? 'forehand' : 'dealer';
        combos.push({ challenger: a, opponent: b, variant, seat, games: atForehand + atDealer, free: !busy.has(a) && !busy.has(b) });
      }
  const fewest = Math.min(...combos.map((c) => c.games));
  const next = combos.find((c) => c.games === fewest && c.free);
  if (!next) return null;
  const { games: _games, free: _free, ...pick } = next;
  return pick;
}
