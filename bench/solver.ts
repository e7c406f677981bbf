// Solver benchmark: random deals per variant, every card known, from the first trick and then
// trick by trick along the solver's own line of play (what a sampling player pays per decision).
// Per position, each time on an empty table:
// - threshold: "does the declarer reach 61?" (suit, grand; the declarer's game as its player
//   would choose it: the suit or grand its cards seen at that point rate highest);
// - full: the value in card points, and the best card.
// Times are CPU time of this process (process.cpuUsage), which a shared machine's load inflates
// less than wall time; run it pinned to one core: `taskset -c 1 npm run bench:solver`. A machine
// check (machine-check.ts) before and after each variant tells a slow phase of the VM from a
// slower solver.
// `npm run bench:solver -- --deals 200 --variants classic,halfOpen,bidding --seed 1`
import os from 'node:os';
import { cpuMs, describe, machineCheck } from './machine-check.ts';
import { TRICK_COUNT, type Variant } from '../src/engine/index.ts';
import { afterCard, createSolverContext, dealAtFirstTrick, positionFromState, reaches, solve, type Position } from '../src/bots/solver/index.ts';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}
const DEALS = Number(arg('deals', '200'));
const VARIANTS = arg('variants', 'classic,halfOpen,bidding').split(',') as Variant[];
const SEED = Number(arg('seed', '1'));

const context = createSolverContext();

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0));
function summary(xs: number[]): { median: number; p95: number; max: number } {
  const s = xs.slice().sort((a, b) => a - b);
  return { median: quantile(s, 0.5), p95: quantile(s, 0.95), max: s[s.length - 1] };
}

interface Row {
  threshold: number[];
  full: number[];
  /** Lead positions searched: a count the machine's load does not change. */
  thresholdNodes: number[];
  fullNodes: number[];
}

function run(variant: Variant) {
  const before = machineCheck();
  console.log(`\n${variant}, before: ${describe(before)}`);
  const tricks = TRICK_COUNT[variant];
  const rows: Row[] = Array.from({ length: tricks }, () => ({ threshold: [], full: [], thresholdNodes: [], fullNodes: [] }));
  const started = Date.now();
  for (let d = 0; d < DEALS; d++) {
    let p: Position = positionFromState(dealAtFirstTrick({ variant, game: 'best' }, SEED * 100_003 + d));
    for (let trick = 0; trick < tricks; trick++) {
      context.forget();
      rows[trick].threshold.push(cpuMs(() => reaches(context, p, 61)));
      rows[trick].thresholdNodes.push(context.nodes);
      context.forget();
      let move = null as ReturnType<typeof solve>['move'];
      rows[trick].full.push(cpuMs(() => (move = solve(context, p).move)));
      rows[trick].fullNodes.push(context.nodes);
      // On along the solver's line: the leader's best card, then the answer's.
      let over = false;
      for (let card = 0; card < 2 && !over; card++) {
        if (card === 1) {
          context.forget();
          move = solve(context, p).move;
        }
        ({ next: p, over } = afterCard(p, move!));
      }
      if (over) break;
    }
  }
  const seconds = (Date.now() - started) / 1000;
  const after = machineCheck();
  console.log(`${variant}, after: ${describe(after)}`);
  console.log(`\n${variant}: ${DEALS} deals, ${seconds.toFixed(0)} s wall, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  console.log('| trick | positions | threshold 61: median | p95 | max | full value: median | p95 | max | nodes, median: threshold | full |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (let trick = 0; trick < tricks; trick++) {
    const r = rows[trick];
    if (r.full.length === 0) continue;
    const a = summary(r.threshold);
    const b = summary(r.full);
    const na = summary(r.thresholdNodes).median;
    const nb = summary(r.fullNodes).median;
    console.log(`| ${trick + 1} | ${r.full.length} | ${ms(a.median)} | ${ms(a.p95)} | ${ms(a.max)} | ${ms(b.median)} | ${ms(b.p95)} | ${ms(b.max)} | ${na} | ${nb} |`);
  }
  const first = { threshold: summary(rows[0].threshold), full: summary(rows[0].full) };
  return { variant, deals: DEALS, firstTrick: first, machine: { before, after } };
}

console.log(`solver benchmark: CPU ms per position on an empty table (node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'})`);
// Warm the JIT up on deals not measured.
for (let d = 0; d < 5; d++) solve(context, positionFromState(dealAtFirstTrick({ variant: 'classic', game: 'best' }, 999_999 - d)));
const results = VARIANTS.map(run);
console.log(JSON.stringify(results));
