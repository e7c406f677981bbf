// A finished game's computer analysis as the replay shows it (docs/api.md, "Analysis"): which
// cards cost something and which changed the outcome (the marks), the plies in tricks, and the
// value graph's geometry. Pure (tested); analysis-panel.ts draws it.
import type { GameType } from '../../src/engine/index.ts';

/** Seat-free so that the client module's generated types and a test's literals both fit. */
export interface AnalysedPly {
  seq: number;
  seat: 'forehand' | 'dealer';
  card: string;
  value: number;
  best: readonly string[];
  bestValue: number;
  loss: number;
  mistake: boolean;
}

/** A card that cost less than a point is no mark: the solver's units are whole card points. */
export const COSTLY_LOSS = 1;

export type Mark = 'mistake' | 'costly' | null;

/**
 * A mistake (the service's verdict: the card moved the game's outcome band against its player),
 * a costly card (a point or more lost), or nothing.
 */
export function markOf(ply: Pick<AnalysedPly, 'loss' | 'mistake'>): Mark {
  return ply.mistake ? 'mistake' : ply.loss >= COSTLY_LOSS ? 'costly' : null;
}

/** The plies two by two, a trick each (a game cut short ends on a trick of one card). */
export function tricksOf<P>(plies: readonly P[]): P[][] {
  const tricks: P[][] = [];
  for (let i = 0; i < plies.length; i += 2) tricks.push(plies.slice(i, i + 2));
  return tricks;
}

/** How a value is written: whole points as they are, an estimate (the seat lens) to a tenth. */
export const shownValue = (n: number): string => {
  const r = Math.round(n * 10) / 10;
  return r < 0 ? `−${-r}` : String(r);
};

export interface GraphSize {
  width: number;
  height: number;
  /** Room on the left for the axis' figures, and around the plot. */
  left: number;
  pad: number;
}

export const GRAPH_SIZE: GraphSize = { width: 640, height: 220, left: 36, pad: 10 };
/** On a phone: fewer units across, so that the figures stay legible at its width. */
export const GRAPH_SIZE_NARROW: GraphSize = { width: 360, height: 200, left: 30, pad: 8 };

export interface GraphPoint {
  x: number;
  y: number;
  value: number;
  /** 0: before the first card (its best value: the deal played perfectly); i: after the i-th card. */
  index: number;
  mark: Mark;
}

export interface GraphGeometry {
  points: GraphPoint[];
  /** The line through the points (`M x y L x y …`), '' without plies. */
  line: string;
  /** The horizontal lines that matter for the game type (61 wins, 90 schneider), lowest first. */
  thresholds: { value: number; y: number }[];
  /** Figures on the axis, lowest first. */
  ticks: { value: number; y: number }[];
  domain: [number, number];
  /** The x of point i, for the current-position marker. */
  xOf: (index: number) => number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The graph's vertical range and lines per game type: card points −1…121, null 0…1. */
function scale(game: GameType): { domain: [number, number]; thresholds: number[]; ticks: number[] } {
  if (game === 'null') return { domain: [0, 1], thresholds: [], ticks: [0, 1] };
  if (game === 'ramsch') return { domain: [-1, 121], thresholds: [61], ticks: [0, 30, 61, 90, 120] };
  return { domain: [-1, 121], thresholds: [61, 90], ticks: [0, 30, 61, 90, 120] };
}

/**
 * The declarer's side's value over the cards: the first point is the deal's value with perfect
 * play (the first card's best value), then the value after each card. Evenly spaced left to right;
 * the vertical axis fixed per game type, so that 61 is always at the same height.
 */
export function graphGeometry(plies: readonly AnalysedPly[], game: GameType, size: GraphSize = GRAPH_SIZE): GraphGeometry {
  const s = scale(game);
  const [lo, hi] = s.domain;
  const top = size.pad;
  const bottom = size.height - size.pad;
  const right = size.width - size.pad;
  const y = (v: number) => round1(bottom - ((Math.max(lo, Math.min(hi, v)) - lo) / (hi - lo)) * (bottom - top));
  const n = plies.length;
  const xOf = (i: number) => round1(n === 0 ? size.left : size.left + (i * (right - size.left)) / n);
  const values = n === 0 ? [] : [plies[0].bestValue, ...plies.map((p) => p.value)];
  const points = values.map((value, index) => ({ x: xOf(index), y: y(value), value, index, mark: index === 0 ? null : markOf(plies[index - 1]) }));
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
  return {
    points,
    line,
    thresholds: s.thresholds.map((value) => ({ value, y: y(value) })),
    ticks: s.ticks.map((value) => ({ value, y: y(value) })),
    domain: s.domain,
    xOf,
  };
}
