// The solver's own rules (its bitmask moves, trick winners, card points and turned cards) agree
// with the engine's on every position of many random games played through the engine.
import { describe, expect, it } from 'vitest';
import { decide, evolve, legalMoves, type Card, type GameType, type Seat, type State, type Variant } from '../../engine/index.ts';
import { dealAtFirstTrick, seeded } from './deals.ts';
import { positionFromState } from './position.ts';
import { SolverContext } from './search.ts';

const KINDS: { variant: Variant; games: GameType[] }[] = [
  { variant: 'classic', games: ['clubs', 'spades', 'hearts', 'diamonds', 'grand', 'ramsch'] },
  { variant: 'halfOpen', games: ['clubs', 'spades', 'hearts', 'diamonds', 'grand', 'ramsch'] },
  { variant: 'bidding', games: ['clubs', 'spades', 'hearts', 'diamonds', 'grand', 'null'] },
];

const sorted = (cs: readonly Card[]) => cs.slice().sort();
const playableOf = (state: State, seat: Seat): Card[] =>
  sorted([...state.open[seat].filter((c): c is Card => c !== null), ...state.hand[seat]]);

describe('the solver plays by the engine’s rules', () => {
  it('has the engine’s legal cards, trick winners, card points and turned cards on ≥ 100,000 positions', () => {
    const { load, legalNow, step, sideNow } = new SolverContext().search;
    let positions = 0;
    let tricksChecked = 0;
    for (let game = 0; positions < 100_000; game++) {
      const pick = seeded(1000 + game);
      const kind = KINDS[game % 3];
      const ramschTrumps = pick(2) === 0 ? 'jacks' : 'none';
      let state = dealAtFirstTrick({ variant: kind.variant, game: kind.games[pick(kind.games.length)], ramschTrumps }, 7 + game);
      const declarer = state.contract!.declarer;
      const sideOf = (seat: Seat) => (seat === declarer ? 0 : 1);
      const stockPoints = positionFromState(state).stockPoints;
      load(positionFromState(state));
      while (state.phase === 'playing') {
        const seat = state.toMove!;
        // Now and then the position is loaded afresh (mid-trick too), not only stepped into.
        if (pick(8) === 0) load(positionFromState(state));
        const engineCards = legalMoves(state, seat).map((m) => (m.type === 'play' ? m.card : null));
        expect(sorted(legalNow())).toEqual(sorted(engineCards.filter((c): c is Card => c !== null)));
        positions++;
        const card = engineCards[pick(engineCards.length)]!;
        const decision = decide(state, seat, { type: 'play', card });
        if (!decision.ok) throw new Error(decision.error.detail);
        const outcome = step(card);
        const taken = decision.events.find((e) => e.type === 'trickTaken');
        state = decision.events.reduce(evolve, state);
        if (taken?.type !== 'trickTaken') {
          expect(outcome).toBeNull();
          continue;
        }
        tricksChecked++;
        expect(outcome).toEqual({ winner: sideOf(taken.winner), points: taken.points });
        if (state.phase !== 'playing') break;
        for (const s of ['forehand', 'dealer'] as const) {
          const mine = sideNow(sideOf(s));
          expect(sorted(mine.playable)).toEqual(playableOf(state, s));
          expect(mine.tricks).toBe(state.tricks[s]);
          expect(mine.points).toBe(state.points[s] + (s === declarer ? stockPoints : 0));
        }
      }
    }
    expect(positions).toBeGreaterThanOrEqual(100_000);
    expect(tricksChecked).toBeGreaterThan(40_000);
    // About 6 s of CPU; the long limit only spares a loaded machine a false failure.
  }, 300_000);
});
