// `npm run duel -- --a pimc|star --b greedy --variant classic --deals N --seed S [--workers W]
// [--time-ms T] [--b-time-ms T] [--samples K]`: strategy a against strategy b on duplicate deals
// (each deal twice, seats swapped), on worker threads (one per core by default). pimc (and star)
// think at most T ms per card (default 70; the decisions before the play may take 2 T: about 100
// ms per move on average), K worlds at most; b gets --b-time-ms instead when given.
// Progress goes to stderr; the last line of stdout is one JSON object:
// { a, b, variant, deals, meanA, meanB, diff, ci95: [lo, hi], msPerMoveA, msPerMoveB }.
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { summarize, type DealResult, type DuelSide } from '../bots/duel.ts';
import { isStrategyName, STRATEGY_NAMES } from '../bots/index.ts';
import { VARIANTS, type Variant } from '../engine/index.ts';

const USAGE = `usage: npm run duel -- --a ${STRATEGY_NAMES.join('|')} --b ${STRATEGY_NAMES.join('|')} [--variant classic|halfOpen|bidding]
                      [--deals N] [--seed S] [--workers W] [--time-ms T] [--b-time-ms T] [--samples K]`;

function usage(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

const int = (name: string, raw: string | undefined, fallback: number, min = 1) => {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min) usage(`--${name}: expected an integer ≥ ${min}, got ${JSON.stringify(raw)}`);
  return n;
};

let values;
try {
  ({ values } = parseArgs({
    options: {
      a: { type: 'string' },
      b: { type: 'string' },
      variant: { type: 'string' },
      deals: { type: 'string' },
      seed: { type: 'string' },
      workers: { type: 'string' },
      'time-ms': { type: 'string' },
      'b-time-ms': { type: 'string' },
      samples: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (e) {
  usage((e as Error).message);
}
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const side = (name: string, raw: string | undefined, timeMs: number): DuelSide => {
  if (raw === undefined) usage(`--${name} is required`);
  if (!isStrategyName(raw)) usage(`--${name}: expected ${STRATEGY_NAMES.join(', ')}, got ${JSON.stringify(raw)}`);
  return { name: raw, pimc: { timeMs, setupFactor: 2, samples: int('samples', values.samples, 200) } };
};
const timeMs = int('time-ms', values['time-ms'], 70);
const a = side('a', values.a, timeMs);
// Unequal time (what more thinking buys one strategy): --b-time-ms for b, --time-ms for a.
const b = side('b', values.b, int('b-time-ms', values['b-time-ms'], timeMs));
const variant = (values.variant ?? 'classic') as Variant;
if (!VARIANTS.includes(variant)) usage(`--variant: expected ${VARIANTS.join(', ')}, got ${JSON.stringify(values.variant)}`);
const deals = int('deals', values.deals, 100);
const seed = int('seed', values.seed, 1, 0);
const workers = Math.min(deals, int('workers', values.workers, availableParallelism()));

const results: DealResult[] = [];
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: workers }, () => {
    // duel-worker.mjs loads the TypeScript worker through tsx.
    const worker = new Worker(new URL('./duel-worker.mjs', import.meta.url), { workerData: { variant, seed, a, b } });
    const send = () => worker.postMessage(next < deals ? next++ : null);
    return new Promise<void>((resolve, reject) => {
      worker.on('message', (r: DealResult) => {
        results.push(r);
        if (process.stderr.isTTY || results.length % 10 === 0 || results.length === deals) {
          const s = summarize(a.name, b.name, variant, results);
          const secs = ((performance.now() - started) / 1000).toFixed(0);
          process.stderr.write(`${results.length}/${deals} deals, ${secs} s: diff ${s.diff} [${s.ci95[0]}, ${s.ci95[1]}]${process.stderr.isTTY ? '\r' : '\n'}`);
        }
        send();
      });
      worker.on('error', reject);
      worker.on('exit', () => resolve());
      send();
    });
  }),
);
if (process.stderr.isTTY) process.stderr.write('\n');
results.sort((x, y) => x.deal - y.deal);
process.stdout.write(`${JSON.stringify(summarize(a.name, b.name, variant, results))}\n`);
