// `npx tsx bench/preplay-study.ts --deals N --seed S [--from K] [--time-ms T]`: what pimc's
// decisions before the play (classic: the game, kontra, re) estimate, against what the games
// then bring when pimc plays them out on both sides.
//
// For each deal (the duel's deals: src/bots/duel.ts) every game forehand may declare is played
// out, kontra passed, by pimc on both sides at T ms a card (the duel's budget); before that,
// forehand's weighing of each game at its declaration, the dealer's of kontra and pass after each
// game, and forehand's of re and pass once kontra was said are recorded. One JSON line per deal:
// { deal, games: { [game]: { est, result, kontra?: [kontra, pass], re?: [re, pass] } } } where
// `est` and the pairs are pimc's means of `mine − theirs` for the seat deciding, and `result` is
// forehand's `mine − theirs` when the game is played out without kontra. bench/preplay-fit.ts
// reads the lines.
import { parseArgs } from 'node:util';
import { DEFAULT_CONFIG, type BySeat, type Config } from '../src/engine/index.ts';
import { cutting as cuttingAt, dealOf } from '../src/bots/duel.ts';
import { pimc, pimcWeighing } from '../src/bots/pimc/pimc.ts';
import { playStrategies } from '../src/bots/selfplay.ts';
import type { ApiMove, Strategy } from '../src/bots/strategy.ts';

const { values } = parseArgs({ options: { deals: { type: 'string' }, seed: { type: 'string' }, from: { type: 'string' }, 'time-ms': { type: 'string' } } });
const deals = Number(values.deals ?? 10);
const seed = Number(values.seed ?? 1);
const from = Number(values.from ?? 0);
const options = { timeMs: Number(values['time-ms'] ?? 70), setupFactor: 2, samples: 200 };
const config: Config = { ...DEFAULT_CONFIG, variant: 'classic' };
const weigh = pimcWeighing(options);
const player = pimc(options);

/** The weighing of the two moves of a kontra or re decision: [say it, pass]. */
const pair = (moves: readonly ApiMove[], scores: number[], say: string): [number, number] => [
  scores[moves.findIndex((m) => m.type === say)],
  scores[moves.findIndex((m) => m.type === 'pass')],
];

class Stop extends Error {}

interface GameRecord {
  est: number;
  result: number;
  kontra?: [number, number];
  re?: [number, number];
}

for (let deal = from; deal < from + deals; deal++) {
  const { serverSeed, cut } = dealOf(seed, deal);
  const games: Record<string, GameRecord> = {};
  let estimates: Map<string, number> | null = null;
  const cutting = (s: Strategy) => cuttingAt(s, cut);
  const declaring = (game: string, s: Strategy): Strategy => (view, memory, pick) => {
    const moves = view.legalMoves;
    if (moves.some((m) => m.type === 'declare')) {
      if (!estimates) {
        const scores = weigh(view, memory, pick);
        estimates = new Map(moves.flatMap((m, i) => (m.type === 'declare' ? [[m.game, scores[i]] as [string, number]] : [])));
      }
      const move = moves.find((m) => m.type === 'declare' && m.game === game);
      if (!move) throw new Error(`${game} not declarable`);
      return move;
    }
    return s(view, memory, pick);
  };
  // The first run names the games forehand may declare.
  const declarable: string[] = [];
  const probe: Strategy = (view) => {
    for (const m of view.legalMoves) if (m.type === 'declare') declarable.push(m.game);
    throw new Stop();
  };
  try {
    playStrategies(config, serverSeed, { forehand: cutting(probe), dealer: cutting(player) }, 1);
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
  }
  for (const [k, game] of declarable.entries()) {
    const record: GameRecord = { est: 0, result: 0 };
    // The play without kontra; the dealer's weighing of kontra recorded.
    const dealer: Strategy = (view, memory, pick) => {
      const moves = view.legalMoves;
      if (moves.some((m) => m.type === 'kontra')) {
        record.kontra = pair(moves, weigh(view, memory, pick), 'kontra');
        return moves.find((m) => m.type === 'pass') as ApiMove;
      }
      return player(view, memory, pick);
    };
    const bots: BySeat<Strategy> = { forehand: cutting(declaring(game, player)), dealer: cutting(dealer) };
    const played = playStrategies(config, serverSeed, bots, (seed * 31 + deal * 8 + k) >>> 0);
    record.result = played.result.scores.forehand - played.result.scores.dealer;
    record.est = (estimates as Map<string, number> | null)?.get(game) ?? Number.NaN;
    // Kontra said: forehand's weighing of re.
    if (record.kontra) {
      const sayKontra: Strategy = (view) => view.legalMoves.find((m) => m.type === 'kontra') ?? view.legalMoves[0];
      const re: Strategy = (view, memory, pick) => {
        const moves = view.legalMoves;
        if (moves.some((m) => m.type === 're')) {
          record.re = pair(moves, weigh(view, memory, pick), 're');
          throw new Stop();
        }
        return declaring(game, player)(view, memory, pick);
      };
      try {
        playStrategies(config, serverSeed, { forehand: cutting(re), dealer: cutting(sayKontra) }, (seed * 37 + deal * 8 + k) >>> 0);
      } catch (e) {
        if (!(e instanceof Stop)) throw e;
      }
    }
    games[game] = record;
  }
  process.stdout.write(`${JSON.stringify({ deal, games })}\n`);
}
