// star's thinking time per decision at its default budget (or --time-ms), on one core, against
// pimc at the same budget: `npm run bench:star -- [--games N] [--time-ms T] [--variant V]
// [--ablate K]`. Prints the median, p95 and the longest decision (every decision with more than
// one legal move; cards and the decisions before the play apart), where the exact search took
// over in each game (unknown covered cards and tricks left at its first card), and with
// --ablate K the exact search's nodes and time on K positions from that region with each of its
// parts turned off. Every figure is printed with the machine's load average.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { DEFAULT_CONFIG, type Variant } from '../src/engine/index.ts';
import { pimc } from '../src/bots/pimc/pimc.ts';
import { phaseOf, sampleWorld } from '../src/bots/pimc/sample.ts';
import { rng } from '../src/bots/rng.ts';
import { playStrategies } from '../src/bots/selfplay.ts';
import { createSolverContext, OutOfTime } from '../src/bots/solver/index.ts';
import { rootFromView } from '../src/bots/star/root.ts';
import { expectimax, unknownPlaces, type StarRoot, type StarSearchOptions } from '../src/bots/star/search.ts';
import { star, tricksLeft } from '../src/bots/star/star.ts';
import type { Strategy } from '../src/bots/strategy.ts';
import { timeDecisions, timesLine } from './decision-times.ts';

const { values } = parseArgs({ options: { games: { type: 'string' }, 'time-ms': { type: 'string' }, variant: { type: 'string' }, ablate: { type: 'string' } } });
const games = Number(values.games ?? 6);
const timeMs = values['time-ms'] ? Number(values['time-ms']) : undefined;
const variants = (values.variant ? [values.variant] : ['classic']) as Variant[];
const ablate = Number(values.ablate ?? 0);

const load = () => `load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`;
const histogram = (xs: number[]) => {
  const m = new Map<number, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return [...m].sort((a, b) => a[0] - b[0]).map(([k, n]) => `${k}:${n}`).join(' ');
};

console.log(`${load()} at the start`);
const roots: StarRoot[] = [];
for (const variant of variants) {
  const first = { u: [] as number[], t: [] as number[] };
  let exactCards = 0;
  let sparseCards = 0;
  let game = -1;
  let seen = -1;
  const bot = star({ ...(timeMs ? { timeMs } : {}), onSparse: () => sparseCards++, onExact: (root) => {
    exactCards++;
    if (seen !== game) {
      seen = game;
      first.u.push(unknownPlaces(root.position));
      first.t.push(tricksLeft(root));
    }
  } });
  const { all, byKind } = timeDecisions(variant, games, bot, pimc(timeMs ? { timeMs } : {}), (i) => (game = i));
  console.log(`${variant}: ${games} games against pimc, budget ${timeMs ?? 600} ms a card; ${load()}`);
  console.log(timesLine('  all', all, 12));
  for (const [kind, xs] of [...byKind].sort()) console.log(timesLine(`  ${kind}`, xs, 12));
  console.log(`  cards decided by the exact search: ${exactCards}, by sparse sampling: ${sparseCards}; games where the exact search took over: ${first.u.length}`);
  console.log(`  at its first card: unknown covered cards ${histogram(first.u)}; tricks left ${histogram(first.t)}`);
}

if (ablate > 0) {
  // Positions from games of a quick pimc against itself: every card with 3–5 unknown covered cards and ≤ 8 tricks left.
  const quick = pimc({ timeMs: 20 });
  const collect: Strategy = (view, memory, pick) => {
    if (phaseOf(view) === 'playing' && view.legalMoves.length > 1 && roots.length < ablate) {
      const root = rootFromView(view, memory, sampleWorld(view, memory, rng(1)));
      const u = root ? unknownPlaces(root.position) : 0;
      if (root && u >= 3 && u <= 5 && tricksLeft(root) <= 8) roots.push(root);
    }
    return quick(view, memory, pick);
  };
  for (let i = 0; roots.length < ablate && i < 10 * ablate; i++)
    playStrategies({ ...DEFAULT_CONFIG, variant: variants[0] }, (i + 99).toString(16).padStart(64, '0'), { forehand: collect, dealer: collect }, i);
  const variantsOff: [string, StarSearchOptions][] = [
    ['(warm-up)', {}],
    ['all on', {}],
    ['no Star1', { star1: false }],
    ['no table', { table: false }],
    ['no bands', { bands: false }],
    ['no ordering', { ordering: false }],
  ];
  console.log(`ablation on ${roots.length} positions (3–5 unknown covered cards, ≤ 8 tricks left), 10 s each at most; ${load()}`);
  for (const [name, options] of variantsOff) {
    const context = createSolverContext();
    const stats = { nodes: 0, solved: 0 };
    let ms = 0;
    let timeouts = 0;
    for (const root of roots) {
      const t0 = performance.now();
      context.deadline = t0 + 10_000;
      try {
        expectimax(context, root, { ...options, deadline: t0 + 10_000, stats });
      } catch (e) {
        if (!(e instanceof OutOfTime)) throw e;
        timeouts++;
      }
      ms += performance.now() - t0;
    }
    console.log(`  ${name.padEnd(12)} nodes ${String(stats.nodes).padStart(9)}  solved ${String(stats.solved).padStart(8)}  ${ms.toFixed(0).padStart(7)} ms  timeouts ${timeouts}  ${load()}`);
  }
}
