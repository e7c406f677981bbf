// The worlds pimc draws look, to its seat, exactly like the game it is in: the same view (every
// card it can see, the same legal moves), and every hidden card placed where the seat's
// knowledge allows — a hand that did not follow a suit holds none of it.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, decide, evolve, initialState, view, type Config, type EngineView, type State, type Variant } from '../../engine/index.ts';
import { cardOrder } from '../../engine/trumps.ts';
import { cardIndex } from '../../engine/cards.ts';
import { greedy } from '../greedy.ts';
import { rng } from '../rng.ts';
import { newMemory, remember, type Memory } from '../strategy.ts';
import { sampleWorld } from './sample.ts';

/** What of a view a world must reproduce (the deal's seed and cut are the world's own). */
const seen = (v: EngineView) => ({
  phase: v.phase,
  you: v.you,
  toMove: v.toMove,
  contract: v.contract,
  bidding: v.bidding,
  legalMoves: v.legalMoves,
  table: v.table,
  stock: v.stock,
  discards: v.discards,
  trick: v.trick,
  lastTrick: v.lastTrick,
  trickNumber: v.trickNumber,
});

/** Greedy plays a game; at each decision, `check` gets the state, the mover's view and memory. */
function walk(variant: Variant, seed: number, check: (state: State, v: EngineView, memory: Memory) => void) {
  const config: Config = { ...DEFAULT_CONFIG, variant };
  let state = initialState(config, seed.toString(16).padStart(64, '0'));
  const memory = { forehand: newMemory(), dealer: newMemory() };
  const pick = rng(seed);
  while (state.phase !== 'finished') {
    const seat = state.toMove!;
    const v = view(state, seat);
    remember(memory[seat], v);
    check(state, v, memory[seat]);
    const d = decide(state, seat, greedy(v, memory[seat], pick));
    if (!d.ok) throw new Error(d.error.code);
    state = d.events.reduce(evolve, state);
    if (state.phase !== 'finished') remember(memory[seat === 'forehand' ? 'dealer' : 'forehand'], view(state, seat === 'forehand' ? 'dealer' : 'forehand'));
  }
}

describe('sampled worlds', () => {
  for (const variant of ['classic', 'halfOpen', 'bidding'] as const)
    it(`look to the seat like its game, at every decision (${variant}, 30 games)`, () => {
      let checked = 0;
      for (let g = 0; g < 30; g++)
        walk(variant, 1000 + g, (state, v, memory) => {
          if (v.phase === 'cutting') return;
          const rand = rng(g * 97 + checked);
          const world = sampleWorld(v, memory, rand);
          expect(seen(view(world, v.you!))).toEqual(seen(v));
          // The world is a whole deal: every card once.
          const all = [...world.open.forehand, ...world.open.dealer, ...world.covered.forehand, ...world.covered.dealer, ...world.hand.forehand, ...world.hand.dealer, ...world.stock, ...world.discards].filter((c) => c !== null);
          expect(new Set(all).size).toBe(all.length);
          expect(new Set(world.deck).size).toBe(32);
          void state;
          checked++;
        });
      expect(checked).toBeGreaterThan(30 * 10);
    });

  it('keeps cards of a suit the other player did not follow out of its hand', () => {
    let voids = 0;
    for (let g = 0; g < 40; g++)
      walk('halfOpen', 2000 + g, (_state, v, memory) => {
        if (v.phase !== 'playing') return;
        const opp = v.you === 'forehand' ? 'dealer' : 'forehand';
        if (memory.voids[opp].size === 0) return;
        const follows = cardOrder(v.contract!.game!, v.config.ramschTrumps).follows;
        for (let k = 0; k < 5; k++) {
          const world = sampleWorld(v, memory, rng(k + g * 10));
          for (const c of world.hand[opp]) expect(memory.voids[opp].has(follows[cardIndex(c)])).toBe(false);
        }
        voids++;
      });
    expect(voids).toBeGreaterThan(10);
  });
});
