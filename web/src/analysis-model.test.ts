// The analysis as the replay shows it: a card is marked when it cost a point or more, and marked
// stronger when the service calls it a mistake; the value graph is scaled per game type
// (61 always at the same height), one point before the first card and one after each.
import { describe, expect, it } from 'vitest';
import { type AnalysedPly, GRAPH_SIZE, graphGeometry, markOf, shownValue, tricksOf } from './analysis-model.ts';

const ply = (value: number, bestValue: number, loss: number, i = 0, mistake = false): AnalysedPly => ({
  seq: 10 + i,
  seat: i % 2 ? 'dealer' : 'forehand',
  card: 'CA',
  value,
  best: ['CA'],
  bestValue,
  loss,
  mistake,
});
const size = { width: 260, height: 132, left: 10, pad: 5 };

describe('the marks', () => {
  it('no mark below a point of loss, whatever the lens estimates', () => {
    expect(markOf(ply(70, 70, 0))).toBeNull();
    expect(markOf(ply(70, 70.4, 0.4))).toBeNull();
  });

  it('a costly card lost a point or more; a mistake (the service says: it moved the outcome band) is marked stronger', () => {
    expect(markOf(ply(64, 75, 11))).toBe('costly');
    expect(markOf(ply(74, 75, 1))).toBe('costly');
    expect(markOf(ply(58, 61, 3, 0, true))).toBe('mistake');
    // Null: a trick taken is a loss of 1 and a mistake.
    expect(markOf(ply(0, 1, 1, 1, true))).toBe('mistake');
  });
});

describe('the tricks', () => {
  it('two cards a trick, in order; a game cut short ends on a trick of one card', () => {
    expect(tricksOf([1, 2, 3, 4])).toEqual([[1, 2], [3, 4]]);
    expect(tricksOf([1, 2, 3])).toEqual([[1, 2], [3]]);
    expect(tricksOf([])).toEqual([]);
  });
});

describe('the value graph', () => {
  const plies = [ply(75, 75, 0, 0), ply(68, 75, 7, 1), ply(68, 68, 0, 2), ply(58, 61, 3, 3, true)];

  it('draws nothing without plies', () => {
    const g = graphGeometry([], 'clubs', size);
    expect(g.points).toEqual([]);
    expect(g.line).toBe('');
  });

  it('one point before the first card (its best value) and one after each card, evenly from the axis to the right edge', () => {
    const g = graphGeometry(plies, 'clubs', size);
    expect(g.points.map((p) => p.value)).toEqual([75, 75, 68, 68, 58]);
    expect(g.points.map((p) => p.x)).toEqual([10, 71.3, 132.5, 193.8, 255]);
    expect(g.xOf(2)).toBe(132.5);
    expect(g.line.split(' L')).toHaveLength(5);
    expect(g.points.map((p) => p.mark)).toEqual([null, null, 'costly', null, 'mistake']);
  });

  it('card points from −1 at the bottom to 121 at the top, with the 61 and 90 lines, whatever the game', () => {
    const g = graphGeometry([ply(121, 121, 0), ply(-1, 121, 122, 1)], 'grand', size);
    expect(g.domain).toEqual([-1, 121]);
    expect(g.points[1].y).toBe(size.pad);
    expect(g.points[2].y).toBe(size.height - size.pad);
    expect(g.thresholds.map((t) => t.value)).toEqual([61, 90]);
    // 61 and 90 lie where their share of the range puts them, and higher values higher up.
    const [l61, l90] = g.thresholds;
    expect(l61.y).toBeCloseTo(size.height - size.pad - (62 / 122) * (size.height - 2 * size.pad), 0);
    expect(l90.y).toBeLessThan(l61.y);
    expect(graphGeometry(plies, 'clubs', size).thresholds).toEqual(g.thresholds);
    for (const tick of g.ticks) expect(tick.y).toBeGreaterThanOrEqual(size.pad);
  });

  it('null: 0 and 1 only, no card-point lines; ramsch: the 61 line alone', () => {
    const g = graphGeometry([ply(1, 1, 0), ply(0, 1, 1, 1)], 'null', size);
    expect(g.domain).toEqual([0, 1]);
    expect(g.thresholds).toEqual([]);
    expect(g.points.map((p) => p.y)).toEqual([size.pad, size.pad, size.height - size.pad]);
    expect(graphGeometry(plies, 'ramsch', size).thresholds.map((t) => t.value)).toEqual([61]);
  });

  it('keeps a value outside the range on the edge, and rounds to a tenth', () => {
    const g = graphGeometry([ply(130, 130, 0), ply(33.3333, 130, 96.6667, 1)], 'clubs', GRAPH_SIZE);
    expect(g.points[0].y).toBe(GRAPH_SIZE.pad);
    for (const p of g.points) {
      expect(Math.round(p.x * 10) / 10).toBe(p.x);
      expect(Math.round(p.y * 10) / 10).toBe(p.y);
    }
  });
});

describe('the figures', () => {
  it('whole points as they are, estimates to a tenth, a true minus sign', () => {
    expect(shownValue(61)).toBe('61');
    expect(shownValue(2.345)).toBe('2.3');
    expect(shownValue(-1)).toBe('−1');
  });
});
