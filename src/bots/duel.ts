// Duplicate deals: each deal is played twice with the seats swapped, so the luck of the cards
// cancels and what is left is the difference between the two strategies. The cut is the deal's
// (the same in both games), not the forehand strategy's.
import { DEFAULT_CONFIG, type BySeat, type Config, type Seat, type Variant } from '../engine/index.ts';
import { greedy } from './greedy.ts';
import { pimc, type PimcOptions } from './pimc/pimc.ts';
import { random } from './random.ts';
import { star } from './star/star.ts';
import { rng } from './rng.ts';
import { playStrategies } from './selfplay.ts';
import type { Strategy } from './strategy.ts';

export interface DuelSide {
  name: 'random' | 'greedy' | 'pimc' | 'star';
  /** pimc's budget; star's too (the same time per card: see src/bots/star/star.ts). */
  pimc?: PimcOptions;
}

export function strategyOf(side: DuelSide): Strategy {
  if (side.name === 'pimc') return pimc(side.pimc);
  if (side.name === 'star') return star(side.pimc);
  return side.name === 'greedy' ? greedy : random;
}

/** One deal's two games: what a and b wrote in each, and the time they took over their moves. */
export interface DealResult {
  deal: number;
  /** Points written for a and for b, per game (a forehand first, then a dealer). */
  a: [number, number];
  b: [number, number];
  msA: number;
  movesA: number;
  msB: number;
  movesB: number;
}

/** The deal's server seed and cut: fixed by the run's seed and the deal's number. */
export function dealOf(seed: number, deal: number): { serverSeed: string; cut: number } {
  const pick = rng((seed * 1_000_003 + deal * 7919) >>> 0);
  const words = Array.from({ length: 8 }, () => pick(0x100000000).toString(16).padStart(8, '0'));
  return { serverSeed: words.join(''), cut: 4 + pick(25) };
}

/** The strategy, but the cut is the deal's. */
export const cutting = (s: Strategy, at: number): Strategy => (view, memory, pick) =>
  view.legalMoves[0]?.type === 'cut' ? { type: 'cut', at } : s(view, memory, pick);

export function playDeal(variant: Variant, seed: number, deal: number, a: DuelSide, b: DuelSide): DealResult {
  const config: Config = { ...DEFAULT_CONFIG, variant };
  const { serverSeed, cut } = dealOf(seed, deal);
  const sa = cutting(strategyOf(a), cut);
  const sb = cutting(strategyOf(b), cut);
  const out: DealResult = { deal, a: [0, 0], b: [0, 0], msA: 0, movesA: 0, msB: 0, movesB: 0 };
  for (const game of [0, 1] as const) {
    const aSeat: Seat = game === 0 ? 'forehand' : 'dealer';
    const bSeat: Seat = game === 0 ? 'dealer' : 'forehand';
    const bots = { [aSeat]: sa, [bSeat]: sb } as BySeat<Strategy>;
    const { result } = playStrategies(config, serverSeed, bots, (seed * 31 + deal * 2 + game) >>> 0, (seat, ms) => {
      if (seat === aSeat) {
        out.msA += ms;
        out.movesA++;
      } else {
        out.msB += ms;
        out.movesB++;
      }
    });
    out.a[game] = result.scores[aSeat];
    out.b[game] = result.scores[bSeat];
  }
  return out;
}

export interface DuelSummary {
  a: string;
  b: string;
  variant: Variant;
  deals: number;
  meanA: number;
  meanB: number;
  diff: number;
  ci95: [number, number];
  msPerMoveA: number;
  msPerMoveB: number;
}

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The mean points per game each side wrote, their difference and its 95 % interval over deals. */
export function summarize(a: string, b: string, variant: Variant, results: readonly DealResult[]): DuelSummary {
  const n = results.length;
  const perDeal = results.map((r) => (r.a[0] + r.a[1] - r.b[0] - r.b[1]) / 2);
  const meanA = results.reduce((s, r) => s + r.a[0] + r.a[1], 0) / (2 * n);
  const meanB = results.reduce((s, r) => s + r.b[0] + r.b[1], 0) / (2 * n);
  const diff = perDeal.reduce((s, d) => s + d, 0) / n;
  const variance = n > 1 ? perDeal.reduce((s, d) => s + (d - diff) ** 2, 0) / (n - 1) : 0;
  const half = 1.96 * Math.sqrt(variance / n);
  const sum = (f: (r: DealResult) => number) => results.reduce((s, r) => s + f(r), 0);
  return {
    a,
    b,
    variant,
    deals: n,
    meanA: round(meanA),
    meanB: round(meanB),
    diff: round(diff),
    ci95: [round(diff - half), round(diff + half)],
    msPerMoveA: round(sum((r) => r.msA) / Math.max(1, sum((r) => r.movesA))),
    msPerMoveB: round(sum((r) => r.msB) / Math.max(1, sum((r) => r.movesB))),
  };
}
