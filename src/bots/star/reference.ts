// Plain expectimax over the card play, with the engine's trick rules (the solver's readable
// minimax.ts): every card of the side to move, every draw of the covered cards that turn, to the
// end of the play. No pruning, no table, no solver. The reference star's search is tested against;
// far too slow for anything but a few tricks.
import { POINTS } from '../../engine/cards.ts';
import type { Card, Seat } from '../../engine/types.ts';
import { afterCard, finalValue, legalCards, type Position } from '../solver/index.ts';
import { UNKNOWN, type StarRoot } from './search.ts';

/**
 * The expected `mine − theirs` for `root.score.me` with best play by both (with `cards`: the side
 * to move plays the best of these first).
 */
export function referenceValue(root: StarRoot, cards?: readonly Card[]): number {
  const { score, hiddenStock } = root;
  const declarer = score.declarer;

  const end = (p: Position, pool: readonly Card[], drawn: readonly Card[]): number => {
    const stock = hiddenStock ? pool.reduce((s, c) => s + POINTS[c], 0) : 0;
    const value = finalValue({ ...p, stockPoints: p.stockPoints + stock });
    return score.gain(value, score.matadorsOf(hiddenStock ? [...drawn, ...pool] : drawn));
  };

  const value = (p: Position, pool: readonly Card[], drawn: readonly Card[], only?: readonly Card[]): number => {
    const mine = p.toMove === score.me;
    let best = mine ? -Infinity : Infinity;
    for (const card of legalCards(p)) {
      if (only && !only.includes(card)) continue;
      const { next, over } = afterCard(p, card);
      const v = over ? end(next, pool, drawn) : turn(next, pool, drawn);
      best = mine ? Math.max(best, v) : Math.min(best, v);
    }
    return best;
  };

  /** The covered cards turned up (open UNKNOWN): the mean over every draw, one place after another. */
  const turn = (p: Position, pool: readonly Card[], drawn: readonly Card[]): number => {
    for (const seat of ['forehand', 'dealer'] as Seat[]) {
      const i = p.seats[seat].stacks.findIndex((st) => st.open === UNKNOWN);
      if (i < 0) continue;
      let sum = 0;
      for (const c of pool) {
        const stacks = p.seats[seat].stacks.map((st, j) => (j === i ? { open: c, covered: null } : st));
        const next = { ...p, seats: { ...p.seats, [seat]: { ...p.seats[seat], stacks } } };
        sum += turn(next, pool.filter((x) => x !== c), seat === declarer ? [...drawn, c] : drawn);
      }
      return sum / pool.length;
    }
    return value(p, pool, drawn);
  };

  return value(root.position, root.pool, [], cards);
}
