// What pimc loses where star's search is exact, and so the most star can win from pimc there:
// `npm run bench:star-regret -- [--games N] [--variant V] [--max-unknown U] [--max-tricks T]
// [--samples S] [--seed K] [--draws D,…] [--budget T,…]`.
//
// Plays N games of pimc against itself (S worlds a card and no time limit: the same player at any
// load of the machine). At each card with more than one legal card where the exact search can run
// (at most U unknown covered cards, at most T tricks left, nothing else hidden from the mover), it
// values every legal card exactly (star's expectimax: the card's expected `mine − theirs` for the
// mover, both playing perfectly after it) and charges pimc's card with its loss against the best.
// Prints per cell (unknown covered cards, tricks left) the decisions, how often pimc's card was
// worse and by how much, and the loss per game and player: a duel's difference between star and
// pimc (both its seats) can come from this region only up to that much. With --draws, star's search
// with sparse sampling (D draws at each chance node, not every draw) decides each of those cards
// too, without a time limit: its loss is charged the same way, with its time per decision. With
// --budget T, star and pimc each decide those cards at T ms a card (the same budget, one after the
// other, each with its own memory of the game), and both are charged: the duel's question asked
// of the same positions, with the luck of the play taken out.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { Card, Variant } from '../src/engine/index.ts';
import { DEFAULT_CONFIG } from '../src/engine/index.ts';
import { pimc } from '../src/bots/pimc/pimc.ts';
import { phaseOf, sampleWorld } from '../src/bots/pimc/sample.ts';
import { rng } from '../src/bots/rng.ts';
import { playStrategies } from '../src/bots/selfplay.ts';
import { createSolverContext, legalCards } from '../src/bots/solver/index.ts';
import { rootFromView } from '../src/bots/star/root.ts';
import { expectimax, unknownPlaces } from '../src/bots/star/search.ts';
import { star, tricksLeft } from '../src/bots/star/star.ts';
import type { Memory, Strategy } from '../src/bots/strategy.ts';
import { dealOf } from '../src/bots/duel.ts';

const { values } = parseArgs({
  options: {
    games: { type: 'string' },
    variant: { type: 'string' },
    'max-unknown': { type: 'string' },
    'max-tricks': { type: 'string' },
    samples: { type: 'string' },
    seed: { type: 'string' },
    draws: { type: 'string' },
    budget: { type: 'string' },
  },
});
const games = Number(values.games ?? 20);
const variant = (values.variant ?? 'classic') as Variant;
const maxUnknown = Number(values['max-unknown'] ?? 4);
const maxTricks = Number(values['max-tricks'] ?? 7);
const samples = Number(values.samples ?? 200);
const seed = Number(values.seed ?? 5);
const drawCounts = values.draws ? values.draws.split(',').map(Number) : [];
/** Equal time: at each budget, each decides the graded cards at that many ms, with a memory of its own per seat. */
const budgets = (values.budget ? values.budget.split(',').map(Number) : []).map((budget) => ({
  budget,
  star: star({ timeMs: budget }),
  pimc: pimc({ timeMs: budget }),
  memories: new Map<string, Memory>(),
  loss: { star: 0, pimc: 0 },
  ms: { star: 0, pimc: 0 },
  cards: 0,
}));
const load = () => `load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`;

interface Cell {
  decisions: number;
  worse: number;
  loss: number;
  ms: number;
  /** Per draw count: sparse sampling's loss and time. */
  sparse: { loss: number; ms: number[] }[];
}
const cells = new Map<string, Cell>();
const context = createSolverContext();
const player = pimc({ samples, timeMs: 1e9 });
let exactMs = 0;
let skipped = 0;

const charged: Strategy = (view, memory, pick) => {
  const move = player(view, memory, pick);
  if (phaseOf(view) !== 'playing' || view.legalMoves.length <= 1 || move.type !== 'play') return move;
  const root = rootFromView(view, memory, sampleWorld(view, memory, rng(1)));
  if (!root) return move;
  const u = unknownPlaces(root.position);
  const t = tricksLeft(root);
  if (u < 1 || u > maxUnknown || t > maxTricks) return move;
  const t0 = performance.now();
  // Each card's exact value for the mover (the root's `me` is the view's seat, the mover).
  const cardValues = new Map<Card, number>();
  for (const card of legalCards(root.position)) cardValues.set(card, expectimax(context, root, { rootCards: [card] }).value);
  const ms = performance.now() - t0;
  exactMs += ms;
  const chosen = cardValues.get(move.card as Card);
  if (chosen === undefined) {
    skipped++;
    return move;
  }
  const best = Math.max(...cardValues.values());
  const key = `${u}:${t}`;
  const cell = cells.get(key) ?? { decisions: 0, worse: 0, loss: 0, ms: 0, sparse: drawCounts.map(() => ({ loss: 0, ms: [] })) };
  for (const timed of budgets) {
    timed.cards++;
    for (const name of ['star', 'pimc'] as const) {
      // Its own memory of this game and seat (star keeps its table there), the cards played as the player's.
      const id = `${name}:${gameNo}:${view.you}`;
      const own = timed.memories.get(id) ?? { ...memory, notes: new Map() };
      timed.memories.set(id, own);
      const s0 = performance.now();
      const m = timed[name]({ ...view }, { ...own, played: memory.played }, rng(gameNo * 7919 + cell.decisions));
      timed.ms[name] += performance.now() - s0;
      timed.loss[name] += best - (m.type === 'play' ? (cardValues.get(m.card as Card) ?? best) : best);
    }
  }
  drawCounts.forEach((draws, i) => {
    const s0 = performance.now();
    const r = expectimax(context, root, { draws, seed: cell.decisions + 1 });
    cell.sparse[i].ms.push(performance.now() - s0);
    cell.sparse[i].loss += best - (cardValues.get(r.move as Card) ?? best);
  });
  cell.decisions++;
  if (best - chosen > 1e-9) cell.worse++;
  cell.loss += best - chosen;
  cell.ms += ms;
  cells.set(key, cell);
  return move;
};

console.log(`${variant}: ${games} games of pimc (${samples} worlds a card) against itself; exact values where 1–${maxUnknown} covered cards are unknown and ≤ ${maxTricks} tricks are left; ${load()}`);
const started = performance.now();
let gameNo = 0;
for (let g = 0; g < games; g++) {
  gameNo = g;
  const { serverSeed } = dealOf(seed, g);
  playStrategies({ ...DEFAULT_CONFIG, variant }, serverSeed, { forehand: charged, dealer: charged }, seed * 1000 + g);
}
const all: Cell = { decisions: 0, worse: 0, loss: 0, ms: 0, sparse: drawCounts.map(() => ({ loss: 0, ms: [] })) };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const sparseHead = drawCounts.map((d) => `  ${d} draws: loss per game and player, median ms`).join('');
console.log(`unknown:tricks  decisions  pimc worse  mean loss  loss per game and player  exact ms per decision${sparseHead}`);
for (const [key, c] of [...cells].sort()) {
  all.decisions += c.decisions;
  all.worse += c.worse;
  all.loss += c.loss;
  c.sparse.forEach((x, i) => {
    all.sparse[i].loss += x.loss;
    all.sparse[i].ms.push(...x.ms);
  });
  const sparse = c.sparse.map((x) => `${(x.loss / (2 * games)).toFixed(3).padStart(26)} ${median(x.ms).toFixed(0).padStart(6)}`).join('');
  console.log(
    `${key.padStart(14)}  ${String(c.decisions).padStart(9)}  ${String(c.worse).padStart(10)}  ${(c.loss / c.decisions).toFixed(3).padStart(9)}  ${(c.loss / (2 * games)).toFixed(3).padStart(24)}  ${(c.ms / c.decisions).toFixed(0).padStart(21)}${sparse}`,
  );
}
drawCounts.forEach((d, i) => {
  const x = all.sparse[i];
  const sorted = [...x.ms].sort((a, b) => a - b);
  console.log(
    `sparse sampling, ${d} draws: loss per game and player ${(x.loss / (2 * games)).toFixed(3)} points; ms per decision median ${median(x.ms).toFixed(0)}, p95 ${(sorted[Math.floor(sorted.length * 0.95)] ?? 0).toFixed(0)}, longest ${(sorted.at(-1) ?? 0).toFixed(0)}`,
  );
});
for (const timed of budgets)
  console.log(
    `at ${timed.budget} ms a card, on the same ${timed.cards} cards: star's loss per game and player ${(timed.loss.star / (2 * games)).toFixed(3)} (${(timed.ms.star / timed.cards).toFixed(0)} ms a card), pimc's ${(timed.loss.pimc / (2 * games)).toFixed(3)} (${(timed.ms.pimc / timed.cards).toFixed(0)} ms a card)`,
  );
console.log(
  `all: ${all.decisions} decisions, pimc's card worse in ${all.worse}, mean loss ${(all.loss / Math.max(1, all.decisions)).toFixed(3)}, loss per game and player ${(all.loss / (2 * games)).toFixed(3)} points; ${skipped} skipped; exact search ${(exactMs / 1000).toFixed(0)} s, whole run ${((performance.now() - started) / 1000).toFixed(0)} s; ${load()}`,
);
