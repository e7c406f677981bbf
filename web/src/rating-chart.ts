// The rating history as a small SVG line chart, drawn here (no chart library): one point per rated
// game, evenly spaced (games, not days: a busy evening should not be a cliff), the vertical axis on
// round figures. `chartGeometry` is pure (tested); `ratingChart` draws it, with a <title> and a
// <desc> that say in words what the line shows, for screen readers and for anyone.
import { svg } from './dom.ts';

export interface ChartPoint {
  rating: number;
}

export interface ChartSize {
  width: number;
  height: number;
  /** Room on the left for the axis' figures, and around the plot. */
  left: number;
  pad: number;
}

export const CHART_SIZE: ChartSize = { width: 640, height: 240, left: 44, pad: 12 };

/**
 * The chart's size for a box `available` pixels wide: drawn at about one unit a pixel (320–640),
 * so the axis' figures keep their size on a phone instead of shrinking with a wide drawing.
 */
export const chartSizeFor = (available: number): ChartSize => ({ ...CHART_SIZE, width: Math.round(Math.min(CHART_SIZE.width, Math.max(320, available))), height: available < 500 ? 200 : CHART_SIZE.height });

export interface ChartGeometry {
  /** The line's path (`M x y L x y …`), '' without points. */
  line: string;
  dots: { x: number; y: number; rating: number }[];
  /** Horizontal grid lines on round figures, lowest first. */
  ticks: { value: number; y: number }[];
  /** The vertical axis' range, round figures around every rating. */
  domain: [number, number];
  min: number;
  max: number;
}

/** The step between grid lines: the smallest of 25, 50, 100, 200, 500 that spans the range in at most 5 steps. */
export function tickStep(span: number): number {
  for (const step of [25, 50, 100, 200, 500]) if (span / step <= 5) return step;
  return 1000;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function chartGeometry(points: readonly ChartPoint[], size: ChartSize = CHART_SIZE): ChartGeometry {
  if (points.length === 0) return { line: '', dots: [], ticks: [], domain: [0, 0], min: 0, max: 0 };
  const ratings = points.map((p) => p.rating);
  const min = Math.min(...ratings);
  const max = Math.max(...ratings);
  // At least 100 points of range, so that a flat history is a calm line, not noise blown up.
  const spread = Math.max(max - min, 100);
  const centre = (min + max) / 2;
  const step = tickStep(spread);
  const lo = Math.floor((centre - spread / 2) / step) * step;
  const hi = Math.ceil((centre + spread / 2) / step) * step;
  const top = size.pad;
  const bottom = size.height - size.pad;
  const right = size.width - size.pad;
  const y = (r: number) => round1(bottom - ((r - lo) / (hi - lo)) * (bottom - top));
  const x = (i: number) => round1(points.length === 1 ? (size.left + right) / 2 : size.left + (i * (right - size.left)) / (points.length - 1));
  const dots = points.map((p, i) => ({ x: x(i), y: y(p.rating), rating: p.rating }));
  const line = dots.map((d, i) => `${i === 0 ? 'M' : 'L'}${d.x} ${d.y}`).join(' ');
  const ticks: ChartGeometry['ticks'] = [];
  for (let v = lo; v <= hi; v += step) ticks.push({ value: v, y: y(v) });
  return { line, dots, ticks, domain: [lo, hi], min, max };
}

let chartIds = 0;

/**
 * The chart as an SVG element. `title` names it; `desc` says what it shows in a sentence;
 * `label(i)` is each point's tooltip (its game and rating).
 */
export function ratingChart(points: readonly ChartPoint[], text: { title: string; desc: string; label: (i: number) => string }, size: ChartSize = CHART_SIZE): SVGElement {
  const g = chartGeometry(points, size);
  const id = `rating-chart-${++chartIds}`;
  return svg(
    'svg',
    { class: 'rating-chart', viewBox: `0 0 ${size.width} ${size.height}`, role: 'img', 'aria-labelledby': `${id}-title ${id}-desc`, 'data-testid': 'rating-chart', 'data-points': points.length },
    svg('title', { id: `${id}-title` }, text.title),
    svg('desc', { id: `${id}-desc` }, text.desc),
    g.ticks.map((tick) => [
      svg('line', { class: 'grid', x1: size.left, x2: size.width - size.pad, y1: tick.y, y2: tick.y }),
      svg('text', { class: 'axis', x: size.left - 6, y: tick.y, 'text-anchor': 'end', 'dominant-baseline': 'middle' }, String(tick.value)),
    ]),
    svg('path', { class: 'line', d: g.line }),
    g.dots.map((d, i) => svg('circle', { class: 'dot', cx: d.x, cy: d.y, r: 3 }, svg('title', null, text.label(i)))),
  );
}
