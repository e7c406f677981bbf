// star as a strategy: it only ever answers one of view.legalMoves, in whole games of every
// variant (its exact search, sparse sampling and pimc all deciding), and it cannot cheat: it gets a BotView only,
// and two games that look the same to its seat but differ in hidden cards get the same decision.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, initialState, view, type Config, type Seat, type State, type Variant } from '../../engine/index.ts';
import { copyState } from '../../engine/state.ts';
import { followDeck, playGreedily } from '../cheat-check.ts';
import { greedy } from '../greedy.ts';
import { rng } from '../rng.ts';
import { playStrategies } from '../selfplay.ts';
import { star, type StarOptions } from './star.ts';

/** No clock (the same decision every run), a small exact part and sparse sampling just above it, pimc at two worlds. */
const fast = (more: StarOptions = {}) =>
  star({ timeMs: Infinity, samples: 2, solverCards: 8, exactCards: 8, maxUnknown: 3, maxTricks: 5, sparseUnknown: 4, sparseTricks: 6, ...more });
const serverSeed = (i: number) => (i * 7919 + 13).toString(16).padStart(64, '0');
const config = (variant: Variant): Config => ({ ...DEFAULT_CONFIG, variant });

describe('star', () => {
  for (const variant of ['classic', 'halfOpen', 'bidding'] as const)
    it(`makes only legal moves in 30 whole ${variant} games, its exact search and sparse sampling deciding late cards`, () => {
      let exact = 0;
      let sparse = 0;
      const bot = fast({ onExact: () => exact++, onSparse: () => sparse++ });
      for (let i = 0; i < 30; i++) {
        const bots = i % 2 === 0 ? { forehand: bot, dealer: greedy } : { forehand: greedy, dealer: bot };
        const { result } = playStrategies(config(variant), serverSeed(i), bots, i); // throws on an illegal move
        expect(result).not.toBeNull();
      }
      expect(exact).toBeGreaterThan(10);
      if (variant === 'classic') expect(sparse).toBeGreaterThan(10);
    }, 120_000);

  /** The same game with two of the covered cards the seat has not seen swapped (the deck follows). */
  function twin(state: State, pick: (n: number) => number): State | null {
    const places: [Seat, number][] = [];
    for (const who of ['forehand', 'dealer'] as Seat[]) state.covered[who].forEach((c, i) => c !== null && places.push([who, i]));
    if (places.length < 2) return null;
    const a = places[pick(places.length)];
    const b = places.filter((p) => p !== a)[pick(places.length - 1)];
    const s = copyState(state);
    const x = state.covered[a[0]][a[1]];
    const y = state.covered[b[0]][b[1]];
    const covered = { forehand: [...state.covered.forehand], dealer: [...state.covered.dealer] };
    covered[a[0]][a[1]] = y;
    covered[b[0]][b[1]] = x;
    s.covered = covered as State['covered'];
    followDeck(s, state, x!, y!);
    return s;
  }

  it('cannot cheat: the same card in two classic games that differ only in covered cards', () => {
    let compared = 0;
    for (let g = 0; g < 8; g++) {
      const pick = rng(g);
      playGreedily(initialState(config('classic'), serverSeed(200 + g)), pick, (state, seat, v, memory) => {
        const other = state.phase === 'playing' ? twin(state, pick) : null;
        if (other && v.legalMoves.length > 1) {
          const w = view(other, seat);
          expect(w).toEqual(v); // the seat sees the same
          // A fresh memory copy each: star keeps its table in the memory's notes.
          const decideWith = (x: typeof v) => fast()(x, { ...memory, notes: new Map() }, rng(1000 + compared));
          expect(decideWith(w)).toEqual(decideWith(v));
          compared++;
        }
      });
    }
    expect(compared).toBeGreaterThan(20);
  }, 120_000);
});
