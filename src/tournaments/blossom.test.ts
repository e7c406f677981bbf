// The blossom matching against a brute-force search over every matching of small random graphs,
// plus the classic cases of van Rantwijk's own tests (nested blossoms, blossoms expanded).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type WeightedEdge, maxWeightMatching } from './blossom.ts';

/** The best (cardinality, weight) over every matching: the first free vertex stays single or takes a free neighbour. */
function bruteForce(n: number, edges: readonly WeightedEdge[], maxCardinality: boolean): { size: number; weight: number } {
  let best = { size: 0, weight: 0 };
  const used = new Array<boolean>(n).fill(false);
  const walk = (v: number, size: number, weight: number) => {
    while (v < n && used[v]) v++;
    if (v === n) {
      const better = maxCardinality ? size > best.size || (size === best.size && weight > best.weight) : weight > best.weight;
      if (better) best = { size, weight };
      return;
    }
    used[v] = true;
    walk(v + 1, size, weight);
    for (const [i, j, w] of edges) {
      const u = i === v ? j : j === v ? i : -1;
      if (u < 0 || used[u]) continue;
      used[u] = true;
      walk(v + 1, size + 1, weight + w);
      used[u] = false;
    }
    used[v] = false;
  };
  walk(0, 0, 0);
  return best;
}

/** The matching's (cardinality, weight), after checking it is one: symmetric, on the graph's edges. */
function measure(n: number, edges: readonly WeightedEdge[], mate: number[]): { size: number; weight: number } {
  expect(mate).toHaveLength(n);
  let size = 0;
  let weight = 0;
  for (let v = 0; v < n; v++) {
    const w = mate[v];
    if (w < 0 || w < v) continue;
    expect(mate[w]).toBe(v);
    // The heaviest edge between the two (a graph may repeat an edge).
    const between = edges.filter(([i, j]) => (i === v && j === w) || (i === w && j === v)).map(([, , x]) => x);
    expect(between.length).toBeGreaterThan(0);
    size++;
    weight += Math.max(...between);
  }
  return { size, weight };
}

const graphs = fc.integer({ min: 2, max: 9 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    edges: fc.array(
      fc
        .tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: -5, max: 30 }))
        .filter(([i, j]) => i !== j),
      { maxLength: 18 },
    ),
  }),
);

describe('the maximum-weight matching', () => {
  it('weighs as much as the best matching a brute-force search finds', () => {
    fc.assert(
      fc.property(graphs, fc.boolean(), ({ n, edges }, maxCardinality) => {
        const got = measure(n, edges, maxWeightMatching(n, edges, { maxCardinality }));
        const best = bruteForce(n, edges, maxCardinality);
        // Without maxCardinality an edge of weight 0 may or may not be taken: only the weight counts.
        if (maxCardinality) expect(got).toEqual(best);
        else expect(got.weight).toBe(best.weight);
      }),
      { numRuns: 600 },
    );
  });

  it('from a greedy start: the most edges, and the most weight when perfect', () => {
    fc.assert(
      fc.property(graphs, ({ n, edges }) => {
        const got = measure(n, edges, maxWeightMatching(n, edges, { maxCardinality: true, greedyStart: true }));
        const best = bruteForce(n, edges, true);
        expect(got.size).toBe(best.size);
        if (2 * best.size === n) expect(got.weight).toBe(best.weight);
      }),
      { numRuns: 500 },
    );
  });

  it('is optimal on dense graphs with blossoms inside blossoms', () => {
    const dense = fc.integer({ min: 4, max: 10 }).chain((n) =>
      fc.record({
        n: fc.constant(n),
        edges: fc.array(fc.integer({ min: 0, max: 12 }), { minLength: (n * (n - 1)) / 2, maxLength: (n * (n - 1)) / 2 }).map((ws) => {
          const out: WeightedEdge[] = [];
          let k = 0;
          for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (ws[k++] > 0) out.push([i, j, ws[k - 1]]);
          return out;
        }),
      }),
    );
    fc.assert(
      fc.property(dense, fc.boolean(), ({ n, edges }, greedyStart) => {
        const got = measure(n, edges, maxWeightMatching(n, edges, { maxCardinality: true, greedyStart }));
        const best = bruteForce(n, edges, true);
        if (greedyStart && 2 * best.size < n) expect(got.size).toBe(best.size);
        else expect(got).toEqual(best);
      }),
      { numRuns: 150 },
    );
  });

  it('refuses weights where its arithmetic would round', () => {
    expect(() => maxWeightMatching(2, [[0, 1, 2 ** 50]])).toThrow(RangeError);
    expect(() => maxWeightMatching(2, [[0, 1, 0.5]])).toThrow(RangeError);
  });

  // Van Rantwijk's hand-made cases (mwmatching.py's tests), with their expected mates.
  it.each<[string, number, WeightedEdge[], boolean, number[]]>([
    ['a single edge', 2, [[0, 1, 1]], false, [1, 0]],
    ['the heavier of two', 3, [[0, 1, 10], [1, 2, 11]], false, [-1, 2, 1]],
    ['weight before cardinality', 4, [[0, 1, 5], [1, 2, 11], [2, 3, 5]], false, [-1, 2, 1, -1]],
    ['cardinality before weight', 4, [[0, 1, 5], [1, 2, 11], [2, 3, 5]], true, [1, 0, 3, 2]],
    ['an S-blossom', 4, [[0, 1, 8], [0, 2, 9], [1, 2, 10], [2, 3, 7]], false, [1, 0, 3, 2]],
    ['an S-blossom augmented', 6, [[0, 1, 8], [0, 2, 9], [1, 2, 10], [2, 3, 7], [0, 5, 5], [3, 4, 6]], false, [5, 2, 1, 4, 3, 0]],
    ['a T-blossom', 6, [[0, 1, 9], [0, 2, 8], [1, 2, 10], [0, 3, 5], [3, 4, 4], [0, 5, 3]], false, [5, 2, 1, 4, 3, 0]],
    ['a nested S-blossom', 6, [[0, 1, 9], [0, 2, 9], [1, 2, 10], [1, 3, 8], [2, 4, 8], [3, 4, 10], [4, 5, 6]], false, [2, 3, 0, 1, 5, 4]],
    ['a nested blossom relabelled, expanded', 8, [[0, 1, 23], [0, 4, 22], [0, 5, 15], [1, 2, 25], [2, 3, 22], [3, 4, 25], [3, 7, 14], [4, 6, 13]], false, [5, 2, 1, 7, 6, 0, 4, 3]],
    ['an S-blossom expanded to reach a T-vertex', 10, [[0, 1, 45], [0, 4, 45], [1, 2, 50], [2, 3, 45], [3, 4, 50], [0, 5, 30], [2, 8, 35], [3, 7, 35], [4, 6, 26], [8, 9, 5]], false, [5, 2, 1, 7, 6, 0, 4, 3, 9, 8]],
  ])('%s', (_, n, edges, maxCardinality, mates) => {
    expect(maxWeightMatching(n, edges, { maxCardinality })).toEqual(mates);
  });
});
