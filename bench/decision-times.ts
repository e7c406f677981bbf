// A bot's thinking time per decision, for the bots' benchmarks (pimc.ts, star.ts): every decision
// with more than one legal move but the cut, the cards and each kind of decision before the play apart.
import { DEFAULT_CONFIG, type Variant } from '../src/engine/index.ts';
import { phaseOf } from '../src/bots/pimc/sample.ts';
import { playStrategies } from '../src/bots/selfplay.ts';
import type { Strategy } from '../src/bots/strategy.ts';

export interface DecisionTimes {
  /** Every decision's milliseconds. */
  all: number[];
  /** By kind: `card`, or the phase of a decision before the play. */
  byKind: Map<string, number[]>;
}

/**
 * `games` games of `bot` against `other`, the seats alternating, on the same deals in every bot
 * benchmark; `onGame` is told each game's number before it starts. Answers the bot's times.
 */
export function timeDecisions(variant: Variant, games: number, bot: Strategy, other: Strategy, onGame?: (game: number) => void): DecisionTimes {
  const times: DecisionTimes = { all: [], byKind: new Map() };
  const timed: Strategy = (view, memory, pick) => {
    const started = performance.now();
    const move = bot(view, memory, pick);
    const ms = performance.now() - started;
    if (view.legalMoves.length > 1 && phaseOf(view) !== 'cutting') {
      times.all.push(ms);
      const kind = phaseOf(view) === 'playing' ? 'card' : phaseOf(view);
      times.byKind.set(kind, [...(times.byKind.get(kind) ?? []), ms]);
    }
    return move;
  };
  for (let i = 0; i < games; i++) {
    onGame?.(i);
    const bots = i % 2 === 0 ? { forehand: timed, dealer: other } : { forehand: other, dealer: timed };
    playStrategies({ ...DEFAULT_CONFIG, variant }, (i + 4242).toString(16).padStart(64, '0'), bots, i);
  }
  return times;
}

const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/** One line of times: how many, the median, p95 and the longest, the label padded to `width`. */
export function timesLine(label: string, xs: number[], width: number): string {
  const s = [...xs].sort((a, b) => a - b);
  const ms = (x: number) => `${x.toFixed(0).padStart(5)} ms`;
  return `${label.padEnd(width)} ${String(s.length).padStart(4)} decisions  median ${ms(quantile(s, 0.5))}  p95 ${ms(quantile(s, 0.95))}  max ${ms(s.at(-1) ?? 0)}`;
}
