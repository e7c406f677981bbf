// The rating chart's geometry: one point per game, evenly spaced left to right, higher ratings
// higher up, the axis on round figures around every rating, a flat history drawn calm.
import { describe, expect, it } from 'vitest';
import { CHART_SIZE, chartGeometry, tickStep } from './rating-chart.ts';

const size = { width: 200, height: 120, left: 40, pad: 10 };
const pts = (...ratings: number[]) => ratings.map((rating) => ({ rating }));

describe('the rating chart', () => {
  it('draws nothing without points', () => {
    const g = chartGeometry([], size);
    expect(g.line).toBe('');
    expect(g.dots).toEqual([]);
    expect(g.ticks).toEqual([]);
  });

  it('spaces the games evenly from the left axis to the right edge, first to last', () => {
    const g = chartGeometry(pts(1500, 1600, 1550, 1700, 1650), size);
    expect(g.dots.map((d) => d.x)).toEqual([40, 77.5, 115, 152.5, 190]);
    expect(g.line.startsWith('M40 ')).toBe(true);
    expect(g.line.split(' L')).toHaveLength(5);
  });

  it('puts a higher rating higher up, and the domain on round figures around every rating', () => {
    const g = chartGeometry(pts(1432, 1688), size);
    const [low, high] = g.dots;
    expect(high.y).toBeLessThan(low.y);
    expect(g.domain[0]).toBeLessThanOrEqual(1432);
    expect(g.domain[1]).toBeGreaterThanOrEqual(1688);
    const step = g.ticks[1].value - g.ticks[0].value;
    expect(step).toBe(tickStep(1688 - 1432));
    for (const t of g.ticks) expect(t.value % step).toBe(0);
    // Every dot inside the plot: between the top and the bottom padding.
    for (const d of g.dots) {
      expect(d.y).toBeGreaterThanOrEqual(size.pad);
      expect(d.y).toBeLessThanOrEqual(size.height - size.pad);
    }
    // The lowest tick at the bottom, the highest at the top.
    expect(g.ticks[0].y).toBe(size.height - size.pad);
    expect(g.ticks.at(-1)!.y).toBe(size.pad);
    expect(g.min).toBe(1432);
    expect(g.max).toBe(1688);
  });

  it('a single game sits in the middle; a flat history is a level line inside a range of at least 100', () => {
    const one = chartGeometry(pts(1500), size);
    expect(one.dots[0].x).toBe((40 + 190) / 2);
    expect(one.line).toBe(`M${one.dots[0].x} ${one.dots[0].y}`);
    const flat = chartGeometry(pts(1500, 1500, 1500), size);
    expect(new Set(flat.dots.map((d) => d.y)).size).toBe(1);
    expect(flat.domain[1] - flat.domain[0]).toBeGreaterThanOrEqual(100);
    expect(flat.dots[0].y).toBe((size.pad + size.height - size.pad) / 2);
  });

  it('keeps the grid to a handful of lines, whatever the range', () => {
    for (const [a, b] of [[1490, 1510], [1200, 1900], [800, 2600], [0, 3000]]) {
      const g = chartGeometry(pts(a, b), CHART_SIZE);
      expect(g.ticks.length, `${a}–${b}`).toBeGreaterThanOrEqual(3);
      expect(g.ticks.length, `${a}–${b}`).toBeLessThanOrEqual(7);
    }
  });

  it('rounds coordinates to a tenth, so the path stays short', () => {
    const g = chartGeometry(pts(1501, 1502.3333, 1499.1111), { width: 333, height: 111, left: 7, pad: 3 });
    for (const d of g.dots) {
      expect(Math.round(d.x * 10) / 10).toBe(d.x);
      expect(Math.round(d.y * 10) / 10).toBe(d.y);
    }
  });
});
