// An arena wave with bots: in an arena people play ("allow") two bots are never paired, whatever
// the scores, the ratings or the rematches (a hard rule of the matching); people are paired with
// whoever is free, people and bots alike, as many pairs as the rule allows; a bot league ("only")
// pairs bots with bots.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ArenaWaiter, pairArenaWave } from './arena-pairing.ts';

const bots = (players: readonly ArenaWaiter[]) => new Set(players.filter((p) => p.bot).map((p) => p.playerId));

/** The most pairs a wave can hold with no two bots together: every person paired, a bot only with a person. */
function mostPairs(players: readonly ArenaWaiter[]): number {
  const people = players.filter((p) => !p.bot).length;
  const botCount = players.length - people;
  // Each bot takes one person; the people left pair among themselves.
  const withBots = Math.min(people, botCount);
  return withBots + Math.floor((people - withBots) / 2);
}

const mixed = fc.integer({ min: 0, max: 12 }).chain((n) =>
  fc
    .record({
      scores: fc.array(fc.integer({ min: 0, max: 40 }), { minLength: n, maxLength: n }),
      bot: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      last: fc.array(fc.integer({ min: -1, max: Math.max(0, n - 1) }), { minLength: n, maxLength: n }),
    })
    .map(({ scores, bot, last }) =>
      scores.map((score, i): ArenaWaiter => ({ playerId: `p${i}`, score, rating: 1500, bot: bot[i], lastOpponent: last[i] < 0 || last[i] === i ? null : `p${last[i]}` })),
    ),
);

describe('an arena wave with bots', () => {
  it('never pairs two bots in an arena people play, and pairs as many as that allows', () => {
    fc.assert(
      fc.property(mixed, (players) => {
        const pairs = pairArenaWave(players, { botsMeet: false });
        const isBot = bots(players);
        for (const p of pairs) expect(isBot.has(p.first) && isBot.has(p.second), `${p.first}–${p.second}`).toBe(false);
        expect(pairs).toHaveLength(mostPairs(players));
        const ids = pairs.flatMap((p) => [p.first, p.second]);
        expect(new Set(ids).size).toBe(ids.length);
      }),
      { numRuns: 400 },
    );
  });

  it('leaves bots waiting for a person rather than pair them, even the two leaders', () => {
    const players: ArenaWaiter[] = [
      { playerId: 'b1', score: 60, rating: 1500, lastOpponent: null, bot: true },
      { playerId: 'b2', score: 60, rating: 1500, lastOpponent: null, bot: true },
      { playerId: 'b3', score: 2, rating: 1500, lastOpponent: null, bot: true },
    ];
    expect(pairArenaWave(players)).toEqual([]);
    // A person comes free: paired with a bot (the nearest in score), the others wait.
    const pairs = pairArenaWave([...players, { playerId: 'p', score: 4, rating: 1500, lastOpponent: null }]);
    expect(pairs).toEqual([{ first: 'p', second: 'b3' }]);
  });

  it('pairs a person with a bot or a person alike: two people and two bots free make two person–bot pairs', () => {
    const players: ArenaWaiter[] = [
      { playerId: 'p1', score: 0, rating: 1500, lastOpponent: null },
      { playerId: 'p2', score: 0, rating: 1500, lastOpponent: null },
      { playerId: 'b1', score: 0, rating: 1500, lastOpponent: null, bot: true },
      { playerId: 'b2', score: 0, rating: 1500, lastOpponent: null, bot: true },
    ];
    const pairs = pairArenaWave(players);
    expect(pairs).toHaveLength(2);
    for (const p of pairs) expect([p.first, p.second].filter((id) => id.startsWith('b'))).toHaveLength(1);
    // Only the two people free: they play each other.
    expect(pairArenaWave(players.slice(0, 2))).toHaveLength(1);
  });

  it('pairs bots with bots in a bot league', () => {
    const players = Array.from({ length: 6 }, (_, i): ArenaWaiter => ({ playerId: `b${i}`, score: i, rating: 1500, lastOpponent: null, bot: true }));
    expect(pairArenaWave(players, { botsMeet: true })).toHaveLength(3);
  });

  it('pairs a large mixed wave on its sparse graph: every person, never two bots (bots reach their nearest people)', () => {
    // 300 bots at the top of the table and 40 people below them: a bot's neighbours in the ranking are bots.
    const players = [
      ...Array.from({ length: 300 }, (_, i): ArenaWaiter => ({ playerId: `b${i}`, score: 100 + i, rating: 1500, lastOpponent: null, bot: true })),
      ...Array.from({ length: 40 }, (_, i): ArenaWaiter => ({ playerId: `p${i}`, score: i, rating: 1500, lastOpponent: null })),
    ];
    const pairs = pairArenaWave(players);
    const paired = new Set(pairs.flatMap((p) => [p.first, p.second]));
    for (let i = 0; i < 40; i++) expect(paired.has(`p${i}`), `p${i}`).toBe(true);
    for (const p of pairs) expect(p.first.startsWith('b') && p.second.startsWith('b')).toBe(false);
  });
});
