// star's search (Star1, the table, the solver at positions of perfect information) values
// positions as plain expectimax does: every arrangement of the unknown covered cards, by plain
// recursion to the end of the play (reference.ts). Small positions near the end of random games
// of every game type, a few covered cards hidden (and in bidding's hand games half the time the
// stock too).
import { describe, expect, it } from 'vitest';
import type { Card, Seat } from '../../engine/index.ts';
import { GAME_KINDS, nearTheEnd, type GameKind } from '../solver/deals.ts';
import { createSolverContext, legalCards, positionFromState } from '../solver/index.ts';
import { referenceValue } from './reference.ts';
import { rootFromState } from './root.ts';
import { expectimax, type StarRoot } from './search.ts';

/** A root with at most `maxTricks` tricks left and 1–4 covered cards hidden, or null (none covered). */
function randomRoot(kind: GameKind, seed: number, maxTricks: number): StarRoot | null {
  const { state, pick } = nearTheEnd(kind, seed, maxTricks);
  if (state.phase !== 'playing') return null;
  const covered: Card[] = [];
  for (const seat of ['forehand', 'dealer'] as Seat[]) for (const c of state.covered[seat]) if (c) covered.push(c);
  if (covered.length === 0) return null;
  const hidden = new Set<Card>();
  const k = 1 + pick(Math.min(4, covered.length));
  while (hidden.size < k) hidden.add(covered[pick(covered.length)]);
  const me: Seat = pick(2) === 0 ? 'forehand' : 'dealer';
  // A hand game's stock, half the time unseen by both (its cards among the unseen ones).
  const hideStock = !state.stockPickedUp && state.stock.length > 0 && pick(2) === 0;
  return rootFromState(state, positionFromState(state), me, hidden, hideStock);
}

describe('star', () => {
  const context = createSolverContext();
  for (const kind of GAME_KINDS)
    it(`values ${kind.name} with ≤ 4 tricks and hidden covered cards as plain expectimax (≥ 100 positions)`, () => {
      let n = 0;
      let stocks = 0;
      for (let seed = 1; n < 100; seed++) {
        const root = randomRoot(kind, seed * 7 + 3, 4);
        if (!root) continue;
        n++;
        if (root.hiddenStock) stocks++;
        const want = referenceValue(root);
        for (const options of [{}, { star1: false }, { table: false }, { bands: false }]) {
          const got = expectimax(context, root, options);
          expect(Math.abs(got.value - want), `${kind.name} seed ${seed} ${JSON.stringify(options)}`).toBeLessThan(1e-9);
        }
      }
      if (kind.variants.includes('bidding')) expect(stocks).toBeGreaterThan(2);
    });

  for (const kind of GAME_KINDS)
    it(`values each card of ${kind.name} positions (the root held to one card) as plain expectimax does`, () => {
      let n = 0;
      for (let seed = 1; n < 20; seed++) {
        const root = randomRoot(kind, seed * 11 + 5, 3);
        if (!root) continue;
        n++;
        const whole = expectimax(context, root).value;
        let best = -Infinity;
        let worst = Infinity;
        for (const card of legalCards(root.position)) {
          const want = referenceValue(root, [card]);
          const got = expectimax(context, root, { rootCards: [card] }).value;
          expect(Math.abs(got - want), `${kind.name} seed ${seed} ${card}`).toBeLessThan(1e-9);
          best = Math.max(best, got);
          worst = Math.min(worst, got);
        }
        // The whole position's value is its mover's best card.
        expect(Math.abs(whole - (root.position.toMove === root.score.me ? best : worst))).toBeLessThan(1e-9);
      }
    });
});
