// pimc: it only ever makes legal moves, in whole games of every variant, at every kind of
// decision; it decides the same for the same seed; and it cannot cheat — two games that look
// the same to its seat but differ in hidden cards get the same decision.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, initialState, view, type Card, type Config, type Seat, type State, type Variant } from '../engine/index.ts';
import { copyState } from '../engine/state.ts';
import { followDeck, playGreedily } from './cheat-check.ts';
import { greedy } from './greedy.ts';
import { pimc } from './pimc/pimc.ts';
import { threadContext } from './solver/index.ts';
import { phaseOf } from './pimc/sample.ts';
import { rng } from './rng.ts';
import { playStrategies } from './selfplay.ts';
import type { Strategy } from './strategy.ts';

/** A fast budget: two worlds per decision, the solver only in the last four tricks. */
const fast = () => pimc({ samples: 2, timeMs: Infinity, solverCards: 8, exactCards: 8 });
const serverSeed = (i: number) => (i * 7919 + 13).toString(16).padStart(64, '0');
const config = (variant: Variant): Config => ({ ...DEFAULT_CONFIG, variant });

/** Notes which kinds of decision a strategy was asked for. */
function noting(s: Strategy, kinds: Set<string>): Strategy {
  return (v, memory, pick) => {
    const move = s(v, memory, pick);
    kinds.add(move.type === 'declare' && move.hand ? 'declare-hand' : `${phaseOf(v)}:${move.type}`);
    return move;
  };
}

describe('pimc', () => {
  for (const variant of ['classic', 'halfOpen', 'bidding'] as const)
    it(`makes only legal moves in 200 whole ${variant} games, at every kind of decision`, () => {
      const kinds = new Set<string>();
      const bot = noting(fast(), kinds);
      for (let i = 0; i < 200; i++) {
        // Half against greedy (seats alternating), half against itself.
        const other = i % 2 === 0 ? greedy : bot;
        const bots = i % 4 < 2 ? { forehand: bot, dealer: other } : { forehand: other, dealer: bot };
        const { result } = playStrategies(config(variant), serverSeed(i), bots, i); // throws on an illegal move
        expect(result).not.toBeNull();
      }
      const expected =
        variant === 'bidding'
          ? ['bidding:pass', 'stock:pickUpStock', 'stock:discard', 'declaring:declare', 'kontra:pass', 'playing:play']
          : ['declaring:declare', 'kontra:pass', 'playing:play'];
      for (const kind of expected) expect(kinds).toContain(kind);
      expect([...kinds].some((k) => k === 'bidding:bid' || k === 'bidding:hold' || variant !== 'bidding')).toBe(true);
    }, 300_000);

  it('decides the same for the same seed', () => {
    const play = () => playStrategies(config('halfOpen'), serverSeed(3), { forehand: fast(), dealer: greedy }, 42).result;
    expect(play()).toEqual(play());
  });

  /**
   * Two states the seat cannot tell apart: the same game with two hidden cards swapped (covered
   * cards, the other hand, the stock, or the deal still to come).
   */
  function twin(state: State, seat: Seat, pick: (n: number) => number): State | null {
    const opp: Seat = seat === 'forehand' ? 'dealer' : 'forehand';
    type Place = { get: (s: State) => string; set: (s: ReturnType<typeof copyState>, c: string) => void };
    const places: Place[] = [];
    for (const who of [seat, opp])
      state.covered[who].forEach((c, i) => {
        if (c === null) return;
        places.push({ get: (s) => s.covered[who][i]!, set: (s, x) => (s.covered = { ...s.covered, [who]: s.covered[who].map((y, k) => (k === i ? x : y)) } as State['covered']) });
      });
    state.hand[opp].forEach((_, i) => places.push({ get: (s) => s.hand[opp][i], set: (s, x) => (s.hand = { ...s.hand, [opp]: s.hand[opp].map((y, k) => (k === i ? x : y)) } as State['hand']) }));
    if (state.phase !== 'finished' && !state.stockPickedUp)
      state.stock.forEach((_, i) => places.push({ get: (s) => s.stock[i], set: (s, x) => (s.stock = s.stock.map((y, k) => (k === i ? x : y)) as State['stock']) }));
    if (places.length < 2) return null;
    const a = places[pick(places.length)];
    let b = places[pick(places.length)];
    for (let t = 0; b === a && t < 10; t++) b = places[pick(places.length)];
    if (a === b) return null;
    const s = copyState(state);
    const [x, y] = [a.get(state), b.get(state)];
    a.set(s, y);
    b.set(s, x);
    followDeck(s, state, x as Card, y as Card);
    return s;
  }

  for (const variant of ['classic', 'halfOpen', 'bidding'] as const)
    it(`cannot cheat: the same decision in two games that differ only in hidden cards (${variant})`, () => {
      let compared = 0;
      let differentWorlds = 0;
      for (let g = 0; g < 6; g++) {
        const pick = rng(g);
        playGreedily(initialState(config(variant), serverSeed(100 + g)), pick, (state, seat, v, memory) => {
          const other = twin(state, seat, pick);
          if (other && v.legalMoves.length > 1 && pick(3) === 0) {
            const w = view(other, seat);
            expect(w).toEqual(v); // the seat sees the same
            const decideWith = (x: typeof v) => pimc({ samples: 3, timeMs: Infinity })(x, memory, rng(1000 + compared));
            expect(decideWith(w)).toEqual(decideWith(v));
            compared++;
            if (JSON.stringify(other.covered) !== JSON.stringify(state.covered) || JSON.stringify(other.hand) !== JSON.stringify(state.hand) || JSON.stringify(other.stock) !== JSON.stringify(state.stock)) differentWorlds++;
          }
        });
      }
      expect(compared).toBeGreaterThan(10);
      expect(differentWorlds).toBe(compared);
    });

  it('past its hard limit mid-search, values the rest by rules, decides, and lifts the limit', () => {
    // A clock that runs a millisecond a reading: every decision's searches run past its limit.
    let time = 0;
    const hurried = pimc({ samples: 3, timeMs: 20, now: () => time++, solverCards: 32, exactCards: 32 });
    const { result } = playStrategies(config('classic'), serverSeed(5), { forehand: hurried, dealer: greedy }, 5);
    expect(result).not.toBeNull();
    expect(threadContext().deadline).toBe(Infinity);
  });
});
