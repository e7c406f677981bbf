// An arena wave against a brute-force search over every pairing of up to 10 free players: as
// many pairs as can be, then the fewest back-to-back rematches, then the nearest scores (the
// least sum of squared differences); and the wave of a large arena on its sparse graph.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ArenaWaiter, pairArenaWave } from './arena-pairing.ts';
import type { Pair } from './swiss-pairing.ts';

const rematch = (a: ArenaWaiter, b: ArenaWaiter) => a.lastOpponent === b.playerId || b.lastOpponent === a.playerId;

/** A pairing's (rematches, sum of squared score differences), written out plainly. */
function measure(players: readonly ArenaWaiter[], pairs: readonly Pair[]): [number, number] {
  const byId = new Map(players.map((p) => [p.playerId, p]));
  let rematches = 0;
  let spread = 0;
  for (const { first, second } of pairs) {
    const a = byId.get(first) as ArenaWaiter;
    const b = byId.get(second) as ArenaWaiter;
    if (rematch(a, b)) rematches++;
    spread += (a.score - b.score) ** 2;
  }
  return [rematches, spread];
}

/** The best (rematches, spread) over every pairing of all (all but one, when odd) players. */
function bruteForce(players: readonly ArenaWaiter[]): [number, number] {
  let best: [number, number] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  const walk = (left: readonly ArenaWaiter[], restOut: boolean, rematches: number, spread: number) => {
    if (left.length === 0) {
      if (rematches < best[0] || (rematches === best[0] && spread < best[1])) best = [rematches, spread];
      return;
    }
    const [head, ...rest] = left;
    if (restOut) walk(rest, false, rematches, spread);
    rest.forEach((other, k) =>
      walk([...rest.slice(0, k), ...rest.slice(k + 1)], restOut, rematches + (rematch(head, other) ? 1 : 0), spread + (head.score - other.score) ** 2),
    );
  };
  walk(players, players.length % 2 === 1, 0, 0);
  return best;
}

const waves = fc.integer({ min: 0, max: 10 }).chain((n) =>
  fc
    .record({
      scores: fc.array(fc.integer({ min: 0, max: 12 }), { minLength: n, maxLength: n }),
      ratings: fc.array(fc.integer({ min: 1400, max: 1600 }), { minLength: n, maxLength: n }),
      // Each player's last opponent: another free player (a rematch to avoid), someone busy, or nobody.
      last: fc.array(fc.integer({ min: -2, max: Math.max(0, n - 1) }), { minLength: n, maxLength: n }),
    })
    .map(({ scores, ratings, last }) =>
      scores.map((score, i): ArenaWaiter => ({
        playerId: `p${i}`,
        score,
        rating: ratings[i],
        lastOpponent: last[i] === -2 ? null : last[i] === -1 || last[i] === i ? 'busy' : `p${last[i]}`,
      })),
    ),
);

describe('an arena wave', () => {
  it('pairs everyone it can, with the fewest rematches, then the nearest scores (as a brute-force search)', () => {
    fc.assert(
      fc.property(waves, (players) => {
        const pairs = pairArenaWave(players);
        expect(pairs).toHaveLength(Math.floor(players.length / 2));
        const ids = pairs.flatMap((p) => [p.first, p.second]);
        expect(new Set(ids).size).toBe(ids.length);
        for (const id of ids) expect(players.map((p) => p.playerId)).toContain(id);
        expect(measure(players, pairs)).toEqual(bruteForce(players));
      }),
      { numRuns: 400 },
    );
  });

  it('never pairs two in a row when another is free', () => {
    const players: ArenaWaiter[] = [
      { playerId: 'a', score: 10, rating: 1500, lastOpponent: 'b' },
      { playerId: 'b', score: 10, rating: 1500, lastOpponent: 'a' },
      { playerId: 'c', score: 0, rating: 1500, lastOpponent: null },
      { playerId: 'd', score: 0, rating: 1500, lastOpponent: null },
    ];
    expect(measure(players, pairArenaWave(players))[0]).toBe(0);
    // Only the two of them free: they play again.
    expect(pairArenaWave(players.slice(0, 2))).toEqual([{ first: 'a', second: 'b' }]);
  });

  it('leaves the score outlier waiting, or the lowest-ranked among equals', () => {
    const at = (playerId: string, score: number, rating = 1500): ArenaWaiter => ({ playerId, score, rating, lastOpponent: null });
    const waiter = (players: ArenaWaiter[]) => {
      const paired = new Set(pairArenaWave(players).flatMap((p) => [p.first, p.second]));
      return players.filter((p) => !paired.has(p.playerId)).map((p) => p.playerId);
    };
    expect(waiter([at('leader', 30), at('b', 8), at('c', 6)])).toEqual(['leader']);
    expect(waiter([at('a', 4, 1700), at('b', 4, 1600), at('c', 4, 1500)])).toEqual(['c']);
  });

  it('pairs a large wave on its sparse graph: everyone, with no rematch', () => {
    const players = Array.from({ length: 301 }, (_, i): ArenaWaiter => ({
      playerId: `p${i}`,
      score: (i * 7) % 41,
      rating: 1000 + ((i * 13) % 997),
      // Neighbours in the ranking just played each other: a rematch is always at hand.
      lastOpponent: `p${i ^ 1}`,
    }));
    const pairs = pairArenaWave(players);
    expect(pairs).toHaveLength(150);
    expect(measure(players, pairs)[0]).toBe(0);
  });
});
