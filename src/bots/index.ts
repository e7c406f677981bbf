// src/bots: every strategy of the project, behind one interface (strategy.ts). The CLI, the
// examples, the web client and the tests take their strategies from here.
import { greedy } from './greedy.ts';
import { random } from './random.ts';
import { pimc } from './pimc/pimc.ts';
import { star } from './star/star.ts';
import type { Strategy } from './strategy.ts';

export { greedy } from './greedy.ts';
export { random } from './random.ts';
export { pimc, hybridSolver, type PimcOptions } from './pimc/pimc.ts';
export { sampleWorld } from './pimc/sample.ts';
export { star, type StarOptions } from './star/star.ts';
export { rng, type Pick } from './rng.ts';
export { newMemory, ownCards, remember, type ApiMove, type BotView, type Memory, type Strategy } from './strategy.ts';

export const STRATEGY_NAMES = ['random', 'greedy', 'pimc', 'star'] as const;
export type StrategyName = (typeof STRATEGY_NAMES)[number];

/** Each strategy at its default budget (pimc: see PimcOptions; star: StarOptions). */
export const STRATEGIES: Record<StrategyName, Strategy> = { random, greedy, pimc: pimc(), star: star() };

export function isStrategyName(x: string): x is StrategyName {
  return (STRATEGY_NAMES as readonly string[]).includes(x);
}
