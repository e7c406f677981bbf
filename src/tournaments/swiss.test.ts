// Random Swiss events (fast-check) played round by round through pairSwissRound with random
// results and withdrawals: no repeat pairing, at most one bye each, every present player paired
// (null only when a brute-force search finds no legal pairing either), the bye to the lowest
// player who can take it, and the standings equal to a plain recomputation from the raw results.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SwissResult, swissStandings } from './standings.ts';
import { type SwissEntrant, type SwissPairing, pairSwissRound } from './swiss-pairing.ts';

interface Entry {
  playerId: string;
  rating: number;
  withdrawn: boolean;
}

/** Whether the players can all be paired without a repeat, with at most one bye for someone who had none. */
function pairable(players: readonly SwissEntrant[]): boolean {
  const met = (a: SwissEntrant, b: SwissEntrant) => a.opponents.includes(b.playerId) || b.opponents.includes(a.playerId);
  const search = (left: readonly SwissEntrant[], byeLeft: boolean): boolean => {
    if (left.length === 0) return !byeLeft;
    const [head, ...rest] = left;
    if (byeLeft && !head.hadBye && search(rest, false)) return true;
    return rest.some((other, k) => !met(head, other) && search([...rest.slice(0, k), ...rest.slice(k + 1)], byeLeft));
  };
  return search(players, players.length % 2 === 1);
}

/** The round as entrants see it: the score, opponents, bye and first/second balance of the results so far. */
function entrantsOf(entries: readonly Entry[], results: readonly SwissResult[]): SwissEntrant[] {
  return entries
    .filter((e) => !e.withdrawn)
    .map((e) => {
      let score = 0;
      let firstBalance = 0;
      let hadBye = false;
      const opponents: string[] = [];
      for (const r of results) {
        if (r.second === null) {
          if (r.first === e.playerId) (score += 1), (hadBye = true);
          continue;
        }
        const won = r.firstPoints > r.secondPoints ? r.first : r.firstPoints < r.secondPoints ? r.second : null;
        if (r.first === e.playerId || r.second === e.playerId) {
          opponents.push(r.first === e.playerId ? r.second : r.first);
          firstBalance += r.first === e.playerId ? 1 : -1;
          score += won === e.playerId ? 1 : won === null ? 0.5 : 0;
        }
      }
      return { playerId: e.playerId, rating: e.rating, score, opponents, hadBye, firstBalance };
    });
}

/** The standings, written out plainly from the raw results (no shared code with standings.ts). */
function recompute(entries: readonly Entry[], results: readonly SwissResult[]) {
  const points = (r: SwissResult, id: string): number => {
    if (r.second === null) return 1;
    const mine = r.first === id ? r.firstPoints : r.secondPoints;
    const theirs = r.first === id ? r.secondPoints : r.firstPoints;
    return mine > theirs ? 1 : mine === theirs ? 0.5 : 0;
  };
  const mineOf = (id: string) => results.filter((r) => r.first === id || r.second === id);
  const score = (id: string) => mineOf(id).reduce((s, r) => s + points(r, id), 0);
  const rows = entries.map((e) => {
    const played = mineOf(e.playerId).filter((r) => r.second !== null);
    const opponentOf = (r: SwissResult) => (r.first === e.playerId ? (r.second as string) : r.first);
    return {
      playerId: e.playerId,
      withdrawn: e.withdrawn,
      score: score(e.playerId),
      games: played.length,
      buchholz: played.reduce((s, r) => s + score(opponentOf(r)), 0),
      sonnebornBerger: played.reduce((s, r) => s + points(r, e.playerId) * score(opponentOf(r)), 0),
    };
  });
  rows.sort((a, b) => b.score - a.score || b.buchholz - a.buchholz || b.sonnebornBerger - a.sonnebornBerger || a.playerId.localeCompare(b.playerId));
  return rows.map((row) => {
    // Competition ranking: one more than the number of players strictly ahead.
    const ahead = rows.filter(
      (o) => o.score > row.score || (o.score === row.score && (o.buchholz > row.buchholz || (o.buchholz === row.buchholz && o.sonnebornBerger > row.sonnebornBerger))),
    ).length;
    return { rank: ahead + 1, playerId: row.playerId, score: row.score, games: row.games, tiebreaks: { buchholz: row.buchholz, sonnebornBerger: row.sonnebornBerger }, withdrawn: row.withdrawn };
  });
}

/** The round's pairing keeps the rules for these present players. */
function checkRound(present: readonly SwissEntrant[], pairing: SwissPairing, smallField: boolean) {
  const seen = pairing.pairs.flatMap((p) => [p.first, p.second]);
  if (pairing.bye !== null) seen.push(pairing.bye);
  expect([...seen].sort()).toEqual(present.map((p) => p.playerId).sort());
  const byId = new Map(present.map((p) => [p.playerId, p]));
  for (const { first, second } of pairing.pairs) expect(byId.get(first)?.opponents).not.toContain(second);
  expect(pairing.bye === null).toBe(present.length % 2 === 0);
  if (pairing.bye === null) return;
  expect(byId.get(pairing.bye)?.hadBye).toBe(false);
  if (!smallField) return;
  // The bye is the lowest-ranked player (score, then rating) without one whose absence leaves a legal pairing.
  const ranked = [...present].sort((a, b) => a.score - b.score || a.rating - b.rating || b.playerId.localeCompare(a.playerId));
  const expected = ranked.find((p) => !p.hadBye && pairable(present.filter((q) => q !== p).map((q) => ({ ...q, hadBye: true }))));
  expect(pairing.bye).toBe(expected?.playerId);
}

const events = fc.integer({ min: 8, max: 40 }).chain((players) =>
  fc.record({
    ratings: fc.array(fc.integer({ min: 800, max: 2200 }), { minLength: players, maxLength: players }),
    rounds: fc.integer({ min: 3, max: Math.min(9, players - 1) }),
    seed: fc.integer(),
    withdrawal: fc.constantFrom(0, 0.05, 0.2),
  }),
);

/** A small deterministic generator for an event's results (fast-check gives the seed). */
function generator(seed: number) {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Plays an event through pairSwissRound, checking each round; returns its entries and results. */
function play(ratings: number[], rounds: number, seed: number, withdrawal: number, smallField: boolean) {
  const random = generator(seed);
  const entries: Entry[] = ratings.map((rating, i) => ({ playerId: `p${String(i).padStart(2, '0')}`, rating, withdrawn: false }));
  const results: SwissResult[] = [];
  for (let round = 1; round <= rounds; round++) {
    if (round > 1) for (const e of entries) if (random() < withdrawal) e.withdrawn = true;
    const present = entrantsOf(entries, results);
    const pairing = pairSwissRound(present);
    if (pairing === null) {
      expect(pairable(present)).toBe(false);
      break;
    }
    checkRound(present, pairing, smallField);
    for (const { first, second } of pairing.pairs) {
      // Score-sheet points over the pairing's games; equal ones are a drawn round.
      const firstPoints = Math.floor(random() * 4) * 30;
      const secondPoints = Math.floor(random() * 4) * 30;
      results.push({ round, first, second, firstPoints, secondPoints });
    }
    if (pairing.bye !== null) results.push({ round, first: pairing.bye, second: null, firstPoints: 0, secondPoints: 0 });
  }
  return { entries, results };
}

describe('a Swiss event', () => {
  it('pairs every present player each round, never twice the same two, one bye at most each, and its standings recompute', () => {
    fc.assert(
      fc.property(events, ({ ratings, rounds, seed, withdrawal }) => {
        const { entries, results } = play(ratings, rounds, seed, withdrawal, ratings.length <= 14);
        expect(swissStandings(entries, results)).toEqual(recompute(entries, results));
      }),
      { numRuns: 60 },
    );
  });

  it('pairs large fields on the sparse graph just as legally (150 players, 9 rounds)', () => {
    const random = generator(7);
    const ratings = Array.from({ length: 151 }, () => 1000 + Math.floor(random() * 1000));
    const { entries, results } = play(ratings, 9, 11, 0.02, false);
    expect(new Set(results.map((r) => r.round)).size).toBe(9);
    expect(swissStandings(entries, results)).toEqual(recompute(entries, results));
  });

  it('finds the one legal pairing that the sparse graph misses', () => {
    // 70 players on 0 points; the top seed has met everyone but the last: only the full graph pairs them.
    const ids = Array.from({ length: 70 }, (_, i) => `p${String(i).padStart(2, '0')}`);
    const players: SwissEntrant[] = ids.map((playerId, i) => ({
      playerId,
      score: 0,
      rating: 2000 - i,
      opponents: i === 0 ? ids.slice(1, 69) : i < 69 ? ['p00'] : [],
      hadBye: false,
      firstBalance: 0,
    }));
    const pairing = pairSwissRound(players);
    expect(pairing?.pairs).toContainEqual(expect.objectContaining({ first: expect.stringMatching(/p00|p69/), second: expect.stringMatching(/p00|p69/) }));
    checkRound(players, pairing as SwissPairing, false);
  });

  it.each<[string, SwissEntrant[], SwissPairing | null]>([
    [
      'round one: top half against bottom half, the first seat alternating by board',
      [entrant('a', 0, 2000), entrant('b', 0, 1900), entrant('c', 0, 1800), entrant('d', 0, 1700)],
      { pairs: [{ first: 'a', second: 'c' }, { first: 'd', second: 'b' }], bye: null },
    ],
    [
      'the last round, where pairing from the top fails: a meets d so that b and c can play',
      [entrant('a', 2, 2000, ['b', 'c']), entrant('b', 2, 1900, ['a', 'd']), entrant('c', 1, 1800, ['a', 'd']), entrant('d', 1, 1700, ['b', 'c'])],
      { pairs: [{ first: 'a', second: 'd' }, { first: 'c', second: 'b' }], bye: null },
    ],
    [
      'the bye to the lowest score without one',
      [entrant('a', 1, 2000), entrant('b', 0, 1900), entrant('c', 0, 1800, [], true)],
      { pairs: [{ first: 'a', second: 'c' }], bye: 'b' },
    ],
    [
      'the one who sat first less often sits first',
      [entrant('a', 1, 2000, [], false, 1), entrant('b', 1, 1900, [], false, -1)],
      { pairs: [{ first: 'b', second: 'a' }], bye: null },
    ],
    ['no legal pairing: all three have met', [entrant('a', 1, 2000, ['b', 'c']), entrant('b', 1, 1900, ['a', 'c']), entrant('c', 1, 1800, ['a', 'b'])], null],
    ['no legal pairing: every one of three had a bye', [entrant('a', 1, 2000, [], true), entrant('b', 1, 1900, [], true), entrant('c', 1, 1800, [], true)], null],
  ])('%s', (_, players, expected) => {
    expect(pairSwissRound(players)).toEqual(expected);
  });
});

function entrant(playerId: string, score: number, rating: number, opponents: string[] = [], hadBye = false, firstBalance = 0): SwissEntrant {
  return { playerId, score, rating, opponents, hadBye, firstBalance };
}
