// The fast solver's value equals plain minimax (no pruning, no table) on random positions near
// the end of random games, for every game type; its move keeps that value; its threshold answers
// agree; and it reads the engine's state as the engine has it.
import { describe, expect, it } from 'vitest';
import { dealAtFirstTrick, GAME_KINDS, nearTheEnd, type GameKind } from './deals.ts';
import { afterCard, createSolverContext, legalCards, moveValues, OutOfTime, positionFromState, reaches, solve, type Position } from './index.ts';
import { finalValue, minimax } from './minimax.ts';

/** A position with at most `maxTricks` tricks left (the trick in progress counted), from a random game. */
function randomPosition(kind: GameKind, seed: number, maxTricks: number): Position | null {
  const { state } = nearTheEnd(kind, seed, maxTricks);
  return state.phase === 'playing' ? positionFromState(state) : null;
}

describe('the solver', () => {
  const context = createSolverContext();
  for (const kind of GAME_KINDS)
    it(`values ${kind.name} positions with ≤ 5 tricks left as plain minimax does (≥ 250 positions)`, () => {
      let checked = 0;
      for (let seed = 1; checked < 250; seed++) {
        const p = randomPosition(kind, seed * 7919 + kind.name.length, 5);
        if (p === null) continue;
        const ref = minimax(p).value;
        const got = solve(context, p);
        expect(got.value, `seed ${seed}`).toBe(ref);
        // Its move keeps the value: minimax after it is the same.
        const { next, over } = afterCard(p, got.move!);
        expect(over ? finalValue(next) : minimax(next).value).toBe(ref);
        expect(reaches(context, p, ref)).toBe(true);
        expect(reaches(context, p, ref + 1)).toBe(false);
        if (seed % 5 === 0)
          for (const { card, value } of moveValues(context, p)) {
            const after = afterCard(p, card);
            expect(value).toBe(after.over ? finalValue(after.next) : minimax(after.next).value);
          }
        checked++;
      }
    }, 300_000);

  it('reads the engine’s state: every card of the deal, the stock’s points for the declarer', () => {
    const state = dealAtFirstTrick({ variant: 'bidding', game: 'grand' }, 3);
    const p = positionFromState(state);
    const all = (['forehand', 'dealer'] as const).flatMap((s) => [
      ...p.seats[s].hand,
      ...p.seats[s].stacks.flatMap((st) => [st.open, st.covered].filter((c) => c !== null)),
    ]);
    expect(all.length).toBe(30);
    expect(new Set(all).size).toBe(30);
    expect(p.toMove).toBe('forehand');
    expect(legalCards(p).length).toBe(10);
  });

  it('solves whole deals from the first trick, in every variant', () => {
    for (const variant of ['classic', 'halfOpen', 'bidding'] as const) {
      const p = positionFromState(dealAtFirstTrick({ variant, game: 'grand' }, 11));
      const { value, move } = solve(context, p);
      expect(value).toBeGreaterThanOrEqual(-1);
      expect(value).toBeLessThanOrEqual(121);
      expect(legalCards(p)).toContain(move);
      expect(reaches(context, p, value)).toBe(true);
      expect(reaches(context, p, value + 1)).toBe(false);
    }
  }, 300_000);

  it('answers the same when its table grows early in a search, at its usual point, or never', () => {
    // A context of its own: the test moves its growth point.
    const own = createSolverContext();
    for (const seed of [1, 2, 3]) {
      const p = positionFromState(dealAtFirstTrick({ variant: 'classic', game: 'best' }, seed));
      const answers = [500, own.growAfter, 2 ** 30].map((growAfter) => {
        own.growAfter = growAfter;
        own.forget();
        const { value, move } = solve(own, p);
        return { value, move, grown: own.tableGrown() };
      });
      expect(answers[0].grown).toBe(true);
      expect(answers[2].grown).toBe(false);
      expect(new Set(answers.map((a) => a.value)).size).toBe(1);
      for (const { move } of answers) {
        // Each card found keeps the value (the side to move is forehand, the declarer or not).
        const after = afterCard(p, move as NonNullable<typeof move>).next;
        own.forget();
        expect(solve(own, after).value).toBe(answers[0].value);
      }
    }
  }, 300_000);

  it('keeps apart the tables of two contexts, each solving its own deal in turn', () => {
    const a = createSolverContext();
    const b = createSolverContext();
    const pa = positionFromState(dealAtFirstTrick({ variant: 'classic', game: 'best' }, 5));
    const pb = positionFromState(dealAtFirstTrick({ variant: 'halfOpen', game: 'best' }, 6));
    const alone = [solve(createSolverContext(), pa).value, solve(createSolverContext(), pb).value];
    // Interleaved, each context goes on with its own deal's table: the answers do not change.
    for (let i = 0; i < 3; i++) {
      expect(solve(a, pa).value).toBe(alone[0]);
      expect(solve(b, pb).value).toBe(alone[1]);
    }
    expect(a.nodes).toBeLessThan(50);
  }, 300_000);

  it('gives up past its deadline, and answers again after', () => {
    let time = 0;
    const timed = createSolverContext({ now: () => time++ });
    const p = positionFromState(dealAtFirstTrick({ variant: 'classic', game: 'best' }, 7));
    timed.deadline = 3;
    expect(() => solve(timed, p)).toThrow(OutOfTime);
    timed.deadline = Infinity;
    expect(solve(timed, p).value).toBe(solve(createSolverContext(), p).value);
  }, 300_000);
});
