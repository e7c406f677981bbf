// The open lens is exact: on the last five tricks (or fewer) of random games of every variant and
// game type, every value it gives (after the card played, after the best card), every best card
// and every loss is what the solver's readable minimax (no pruning, no table) says.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSolverContext, afterCard, legalCards, positionFromState, type Position } from '../bots/solver/index.ts';
import { dealAtFirstTrick, playRandomly, seeded } from '../bots/solver/deals.ts';
import { finalValue, minimax } from '../bots/solver/minimax.ts';
import { decide, evolve, legalMoves, TRICK_COUNT, type Card, type GameType, type RamschTrumps, type State, type Variant } from '../engine/index.ts';
import { analysePlay } from './open-lens.ts';
import { band } from './outcome.ts';
import type { CardPlayed } from './walk.ts';

const KINDS: { variant: Variant; game: GameType; ramschTrumps: RamschTrumps }[] = [];
for (const variant of ['classic', 'halfOpen', 'bidding'] as const) {
  const games: GameType[] = variant === 'bidding' ? ['clubs', 'spades', 'hearts', 'diamonds', 'grand', 'null'] : ['clubs', 'spades', 'hearts', 'diamonds', 'grand', 'ramsch'];
  for (const game of games) {
    KINDS.push({ variant, game, ramschTrumps: 'jacks' });
    if (game === 'ramsch') KINDS.push({ variant, game, ramschTrumps: 'none' });
  }
}

/** The minimax value after a card. */
function after(p: Position, card: Card): number {
  const { next, over } = afterCard(p, card);
  return over ? finalValue(next) : minimax(next).value;
}

/** The rest of a play, at random through the engine: each card with the game before it. */
function playOut(state: State, pick: (n: number) => number): CardPlayed[] {
  const cards: CardPlayed[] = [];
  for (let seq = 1; state.phase === 'playing'; seq++) {
    const seat = state.toMove!;
    const moves = legalMoves(state, seat).filter((m) => m.type === 'play');
    const move = moves[pick(moves.length)] as { type: 'play'; card: Card };
    cards.push({ seq, seat, card: move.card, before: state });
    const d = decide(state, seat, move);
    if (!d.ok) throw new Error(d.error.code);
    state = d.events.reduce(evolve, state);
  }
  return cards;
}

describe('the open lens', () => {
  const context = createSolverContext();
  it('gives the values, best cards and losses of plain minimax on the last tricks of random games of every kind', () => {
    let plies = 0;
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), fc.integer({ min: 1, max: 2 ** 30 }), fc.integer({ min: 1, max: 5 }), fc.boolean(), (kind, seed, tricksLeft, midTrick) => {
        const pick = seeded(seed);
        const start = dealAtFirstTrick(kind, seed);
        const state = playRandomly(start, (TRICK_COUNT[kind.variant] - tricksLeft) * 2 + (midTrick ? 1 : 0), pick);
        if (state.phase !== 'playing') return;
        const cards = playOut(state, pick);
        const { value, plies: judged } = analysePlay(context, cards);
        expect(value).toBe(minimax(positionFromState(cards[0].before)).value);
        judged.forEach((ply, i) => {
          const p = positionFromState(cards[i].before);
          const maximizing = p.toMove === p.declarer;
          const values = new Map(legalCards(p).map((c) => [c, after(p, c)] as const));
          const best = maximizing ? Math.max(...values.values()) : Math.min(...values.values());
          expect(ply.bestValue).toBe(best);
          expect(ply.bestValue).toBe(minimax(p).value);
          expect(ply.value).toBe(values.get(ply.card));
          expect(new Set(ply.best)).toEqual(new Set([...values].filter(([, v]) => v === best).map(([c]) => c)));
          expect(ply.loss).toBe(Math.abs(best - ply.value));
          expect(ply.loss).toBeGreaterThanOrEqual(0);
          expect(ply.mistake).toBe(band(p.game, ply.value) !== band(p.game, best));
          plies++;
        });
      }),
      { numRuns: 200, seed: 20261203 },
    );
    expect(plies).toBeGreaterThan(700);
  }, 300_000);
});
