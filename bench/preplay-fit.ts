// `npx tsx bench/preplay-fit.ts FILE…`: reads bench/preplay-study.ts's lines and prints how well
// pimc's decisions before the play (classic) do against what the games brought, and what
// corrected decisions would have brought on the same deals (five-fold cross-validated: each
// fold's correction is fitted on the other four).
import { readFileSync } from 'node:fs';

interface GameRecord {
  est: number;
  result: number;
  kontra?: [number, number];
  re?: [number, number];
}
interface Deal {
  deal: number;
  games: Record<string, GameRecord>;
}

const deals: Deal[] = process.argv
  .slice(2)
  .flatMap((f) => readFileSync(f, 'utf8').split('\n').filter(Boolean))
  .map((l) => JSON.parse(l) as Deal)
  .sort((a, b) => a.deal - b.deal);
const GAMES = ['clubs', 'spades', 'hearts', 'diamonds', 'grand', 'ramsch'];

type Kontra = (r: GameRecord) => boolean;
type Re = (r: GameRecord) => boolean;
type Declare = (d: Deal) => string;

const pimcKontra: Kontra = (r) => r.kontra !== undefined && r.kontra[0] > r.kontra[1];
const pimcRe: Re = (r) => r.re !== undefined && r.re[0] > r.re[1];
const pimcDeclare: Declare = (d) => GAMES.filter((g) => d.games[g]).reduce((b, g) => (d.games[g].est > d.games[b].est ? g : b));

/** Forehand's `mine − theirs` in a deal's game, kontra and re as the policies say. */
function value(r: GameRecord, kontra: Kontra, re: Re): number {
  if (!kontra(r)) return r.result;
  return r.result * (re(r) ? 4 : 2);
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
const se = (xs: number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / Math.max(1, xs.length - 1) / Math.max(1, xs.length));
};
const fmt = (xs: number[]) => `${mean(xs).toFixed(2)} ± ${(1.96 * se(xs)).toFixed(2)} (n ${xs.length})`;

console.log(`${deals.length} deals`);
console.log('\ncalibration, per game: mean estimate, mean result (no kontra), chosen by pimc, mean result when chosen');
for (const g of GAMES) {
  const rs = deals.map((d) => d.games[g]).filter(Boolean);
  const chosen = deals.filter((d) => pimcDeclare(d) === g);
  console.log(
    `${g.padEnd(9)} est ${mean(rs.map((r) => r.est)).toFixed(1).padStart(7)}  result ${mean(rs.map((r) => r.result)).toFixed(1).padStart(7)}  chosen ${String(chosen.length).padStart(4)}  when chosen: est ${mean(chosen.map((d) => d.games[g].est)).toFixed(1)} result ${mean(chosen.map((d) => d.games[g].result)).toFixed(1)}`,
  );
}

const folds = 5;
const foldOf = (i: number) => i % folds;

/** Least squares y = a + b x. */
function line(xs: number[], ys: number[]): [number, number] {
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
  }
  const b = sxx > 0 ? sxy / sxx : 0;
  return [my - b * mx, b];
}

// The declaration: per game, the result (with pimc's kontra and re) as a line in the estimate.
function fitDeclare(train: Deal[]): Declare {
  const lines = new Map<string, [number, number]>();
  for (const g of GAMES) {
    const rs = train.map((d) => d.games[g]).filter(Boolean);
    lines.set(
      g,
      line(
        rs.map((r) => r.est),
        rs.map((r) => value(r, pimcKontra, pimcRe)),
      ),
    );
  }
  return (d) => {
    let best = '';
    let bv = -Infinity;
    for (const g of GAMES) {
      const r = d.games[g];
      if (!r) continue;
      const [a, b] = lines.get(g) as [number, number];
      const v = a + b * r.est;
      if (v > bv) [best, bv] = [g, v];
    }
    return best;
  };
}

// Kontra: say it when the weighing's difference is above a threshold fitted to the results.
const THRESHOLDS = Array.from({ length: 81 }, (_, i) => -40 + i);
function fitKontra(train: Deal[]): Kontra {
  let best = 0;
  let bv = -Infinity;
  for (const t of THRESHOLDS) {
    const k: Kontra = (r) => r.kontra !== undefined && r.kontra[0] - r.kontra[1] > t;
    // The dealer's gain: minus forehand's.
    const v = mean(train.map((d) => -value(d.games[pimcDeclare(d)], k, pimcRe)));
    if (v > bv) [best, bv] = [t, v];
  }
  return (r) => r.kontra !== undefined && r.kontra[0] - r.kontra[1] > best;
}
function fitRe(train: Deal[]): Re {
  let best = 0;
  let bv = -Infinity;
  for (const t of THRESHOLDS) {
    const re: Re = (r) => r.re !== undefined && r.re[0] - r.re[1] > t;
    const v = mean(train.map((d) => value(d.games[pimcDeclare(d)], pimcKontra, re)));
    if (v > bv) [best, bv] = [t, v];
  }
  return (r) => r.re !== undefined && r.re[0] - r.re[1] > best;
}

const diffs = { declare: [] as number[], kontra: [] as number[], re: [] as number[] };
deals.forEach((d, i) => {
  const train = deals.filter((_, j) => foldOf(j) !== foldOf(i));
  const pimcG = pimcDeclare(d);
  const base = value(d.games[pimcG], pimcKontra, pimcRe);
  diffs.declare.push(value(d.games[fitDeclare(train)(d)], pimcKontra, pimcRe) - base);
  diffs.kontra.push(-(value(d.games[pimcG], fitKontra(train), pimcRe) - base));
  diffs.re.push(value(d.games[pimcG], pimcKontra, fitRe(train)) - base);
});
console.log("\npimc's kontra said:", deals.filter((d) => pimcKontra(d.games[pimcDeclare(d)])).length, ' re said after it:', deals.filter((d) => pimcKontra(d.games[pimcDeclare(d)]) && pimcRe(d.games[pimcDeclare(d)])).length);
console.log('\ncross-validated gain over pimc, per deal (the seat deciding):');
console.log(`declaration (forehand): ${fmt(diffs.declare)}`);
console.log(`kontra (dealer):        ${fmt(diffs.kontra)}`);
console.log(`re (forehand):          ${fmt(diffs.re)}`);
const all = (f: (d: Deal) => string) => mean(deals.map((d) => value(d.games[f(d)], pimcKontra, pimcRe)));
console.log(`\nforehand's mean with pimc's decisions: ${all(pimcDeclare).toFixed(2)}; always ramsch: ${all(() => 'ramsch').toFixed(2)}; the best game each deal (hindsight): ${mean(deals.map((d) => Math.max(...GAMES.filter((g) => d.games[g]).map((g) => value(d.games[g], pimcKontra, pimcRe))))).toFixed(2)}`);
