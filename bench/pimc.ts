// pimc's thinking time per decision at a budget (default: its default, 0.6 s per card and 1.8 s
// for the decisions before the play), on one core, against greedy: `npm run bench:pimc --
// [--games N] [--time-ms T] [--variant V]`. Prints, per variant, the median, p95 and the longest
// decision, over every decision with more than one legal move, and the same per kind of decision.
import { parseArgs } from 'node:util';
import type { Variant } from '../src/engine/index.ts';
import { greedy } from '../src/bots/greedy.ts';
import { pimc } from '../src/bots/pimc/pimc.ts';
import { timeDecisions, timesLine } from './decision-times.ts';

const { values } = parseArgs({ options: { games: { type: 'string' }, 'time-ms': { type: 'string' }, variant: { type: 'string' } } });
const games = Number(values.games ?? 6);
const timeMs = values['time-ms'] ? Number(values['time-ms']) : undefined;
const variants = (values.variant ? [values.variant] : ['classic', 'halfOpen', 'bidding']) as Variant[];

for (const variant of variants) {
  const { all, byKind } = timeDecisions(variant, games, pimc(timeMs ? { timeMs } : {}), greedy);
  console.log(timesLine(variant, all, 10));
  for (const [kind, xs] of [...byKind].sort()) console.log(timesLine(`  ${kind}`, xs, 10));
}
