// Engine benchmark: random complete games through the public API (legalMoves → decide → evolve).
// Prints complete games per second per variant, on one core. `npm run bench`.
import os from 'node:os';
import { DEFAULT_CONFIG, decide, evolve, initialState, legalMoves, type Config, type Variant } from '../src/engine/index.ts';

/** xorshift32: the benchmark's own cheap randomness (the engine takes none). */
function rng(seed: number) {
  let x = seed | 0 || 1;
  return (n: number) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    // Multiply-shift instead of `%`: an unsigned 32-bit word makes `%` a float remainder.
    return (((x >>> 0) * n) / 4294967296) | 0;
  };
}

function seedHex(i: number): string {
  return i.toString(16).padStart(64, '0');
}

export function playRandomGame(config: Config, seed: string, pick: (n: number) => number): number {
  let state = initialState(config, seed);
  let moves = 0;
  while (state.phase !== 'finished') {
    const seat = state.toMove!;
    const options = legalMoves(state, seat);
    const d = decide(state, seat, options[pick(options.length)]);
    if (!d.ok) throw new Error(`legal move rejected: ${d.error.code}`);
    for (const e of d.events) state = evolve(state, e);
    moves++;
  }
  return moves;
}

function run(variant: Variant, seconds: number) {
  const config = { ...DEFAULT_CONFIG, variant };
  const pick = rng(42);
  let games = 0;
  let moves = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < 100; i++) moves += playRandomGame(config, seedHex(games++), pick);
  }
  const secs = (performance.now() - start) / 1000;
  return { variant, games, gamesPerSecond: Math.round(games / secs), movesPerSecond: Math.round(moves / secs) };
}

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
run('classic', 0.5); // warm-up
console.log(`engine benchmark: ${os.cpus()[0]?.model ?? 'unknown cpu'}, node ${process.version}, ${seconds} s per variant, one core`);
for (const variant of ['classic', 'halfOpen', 'bidding'] as const) {
  const r = run(variant, seconds);
  console.log(`${variant.padEnd(9)} ${String(r.gamesPerSecond).padStart(8)} games/s  ${String(r.movesPerSecond).padStart(9)} moves/s  (${r.games} games)`);
}
