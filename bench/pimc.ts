// pimc's thinking time per decision at a budget (default: its default, 0.6 s per card and 1.8 s
// for the decisions before the play), on one core, against greedy: `npm run bench:pimc --
// [--games N] [--time-ms T] [--variant V]`. Prints, per variant, the median, p95 and the longest
// decision, over every decision with more than one legal move, and the same per kind of decision.
import { parseArgs } from 'node:util';
import { DEFAULT_CONFIG, type Variant } from '../src/engine/index.ts';
import { greedy } from '../src/bots/greedy.ts';
import { pimc } from '../src/bots/pimc/pimc.ts';
import { phaseOf } from '../src/bots/pimc/sample.ts';
import { playStrategies } from '../src/bots/selfplay.ts';
import type { Strategy } from '../src/bots/strategy.ts';

const { values } = parseArgs({ options: { games: { type: 'string' }, 'time-ms': { type: 'string' }, variant: { type: 'string' } } });
const games = Number(values.games ?? 6);
const timeMs = values['time-ms'] ? Number(values['time-ms']) : undefined;
const variants = (values.variant ? [values.variant] : ['classic', 'halfOpen', 'bidding']) as Variant[];

const q = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const line = (label: string, xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${label.padEnd(10)} ${String(s.length).padStart(4)} decisions  median ${q(s, 0.5).toFixed(0).padStart(5)} ms  p95 ${q(s, 0.95).toFixed(0).padStart(5)} ms  max ${(s.at(-1) ?? 0).toFixed(0).padStart(5)} ms`;
};

for (const variant of variants) {
  const all: number[] = [];
  const byKind = new Map<string, number[]>();
  const bot = pimc(timeMs ? { timeMs } : {});
  const timed: Strategy = (view, memory, pick) => {
    const started = performance.now();
    const move = bot(view, memory, pick);
    const ms = performance.now() - started;
    if (view.legalMoves.length > 1 && phaseOf(view) !== 'cutting') {
      all.push(ms);
      const kind = phaseOf(view) === 'playing' ? 'card' : phaseOf(view);
      byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
    }
    return move;
  };
  for (let i = 0; i < games; i++) {
    const bots = i % 2 === 0 ? { forehand: timed, dealer: greedy } : { forehand: greedy, dealer: timed };
    playStrategies({ ...DEFAULT_CONFIG, variant }, (i + 4242).toString(16).padStart(64, '0'), bots, i);
  }
  console.log(line(variant, all));
  for (const [kind, xs] of [...byKind].sort()) console.log(line(`  ${kind}`, xs));
}
