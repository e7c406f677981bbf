// What pimc loses where star's search is exact, and so the most star can win from pimc there:
// `npm run bench:star-regret -- [--games N] [--variant V] [--max-unknown U] [--max-tricks T]
// [--samples S] [--seed K]`.
//
// Plays N games of pimc against itself (S worlds a card and no time limit: the same player at any
// load of the machine). At each card with more than one legal card where the exact search can run
// (at most U unknown covered cards, at most T tricks left, nothing else hidden from the mover), it
// values every legal card exactly (star's expectimax: the card's expected `mine − theirs` for the
// mover, both playing perfectly after it) and charges pimc's card with its loss against the best.
// Prints per cell (unknown covered cards, tricks left) the decisions, how often pimc's card was
// worse and by how much, and the loss per game and player: a duel's difference between star and
// pimc (both its seats) can come from this region only up to that much.
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
import { tricksLeft } from '../src/bots/star/star.ts';
import type { Strategy } from '../src/bots/strategy.ts';
import { dealOf } from '../src/bots/duel.ts';

const { values } = parseArgs({
  options: {
    games: { type: 'string' },
    variant: { type: 'string' },
    'max-unknown': { type: 'string' },
    'max-tricks': { type: 'string' },
    samples: { type: 'string' },
    seed: { type: 'string' },
  },
});
const games = Number(values.games ?? 20);
const variant = (values.variant ?? 'classic') as Variant;
const maxUnknown = Number(values['max-unknown'] ?? 4);
const maxTricks = Number(values['max-tricks'] ?? 7);
const samples = Number(values.samples ?? 200);
const seed = Number(values.seed ?? 5);
const load = () => `load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`;

interface Cell {
  decisions: number;
  worse: number;
  loss: number;
  ms: number;
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
  const cell = cells.get(key) ?? { decisions: 0, worse: 0, loss: 0, ms: 0 };
  cell.decisions++;
  if (best - chosen > 1e-9) cell.worse++;
  cell.loss += best - chosen;
  cell.ms += ms;
  cells.set(key, cell);
  return move;
};

console.log(`${variant}: ${games} games of pimc (${samples} worlds a card) against itself; exact values where 1–${maxUnknown} covered cards are unknown and ≤ ${maxTricks} tricks are left; ${load()}`);
const started = performance.now();
for (let g = 0; g < games; g++) {
  const { serverSeed } = dealOf(seed, g);
  playStrategies({ ...DEFAULT_CONFIG, variant }, serverSeed, { forehand: charged, dealer: charged }, seed * 1000 + g);
}
const all: Cell = { decisions: 0, worse: 0, loss: 0, ms: 0 };
console.log('unknown:tricks  decisions  pimc worse  mean loss  loss per game and player  exact ms per decision');
for (const [key, c] of [...cells].sort()) {
  all.decisions += c.decisions;
  all.worse += c.worse;
  all.loss += c.loss;
  console.log(
    `${key.padStart(14)}  ${String(c.decisions).padStart(9)}  ${String(c.worse).padStart(10)}  ${(c.loss / c.decisions).toFixed(3).padStart(9)}  ${(c.loss / (2 * games)).toFixed(3).padStart(24)}  ${(c.ms / c.decisions).toFixed(0).padStart(21)}`,
  );
}
console.log(
  `all: ${all.decisions} decisions, pimc's card worse in ${all.worse}, mean loss ${(all.loss / Math.max(1, all.decisions)).toFixed(3)}, loss per game and player ${(all.loss / (2 * games)).toFixed(3)} points; ${skipped} skipped; exact search ${(exactMs / 1000).toFixed(0)} s, whole run ${((performance.now() - started) / 1000).toFixed(0)} s; ${load()}`,
);
