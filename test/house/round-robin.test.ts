// The ladder's round robin: pairs and variants in rounds, seats alternating, busy bots passed over.
import { describe, expect, it } from 'vitest';
import { countKey, nextLadderGame, type LadderCounts } from '../../src/house/round-robin.ts';

const play = (counts: LadderCounts, pick: NonNullable<ReturnType<typeof nextLadderGame>>) => {
  const [forehand, dealer] = pick.seat === 'forehand' ? [pick.challenger, pick.opponent] : [pick.opponent, pick.challenger];
  const key = countKey(pick.variant, forehand, dealer);
  counts.set(key, (counts.get(key) ?? 0) + 1);
};

describe('the ladder round robin', () => {
  it('plays every pair in every variant once a round, each pair at both seats in turn', () => {
    const players = ['a', 'b', 'c', 'd', 'e'];
    const counts: LadderCounts = new Map();
    const picks = [];
    for (let i = 0; i < 2 * 10 * 2; i++) {
      const pick = nextLadderGame(players, ['classic', 'bidding'], counts, new Set());
      if (!pick) throw new Error('no pick');
      picks.push(pick);
      play(counts, pick);
    }
    // Two rounds of 10 pairs × 2 variants: every pair and variant twice, once at each seat.
    for (const variant of ['classic', 'bidding'] as const)
      for (let i = 0; i < players.length; i++)
        for (let j = i + 1; j < players.length; j++) {
          expect(counts.get(countKey(variant, players[i]!, players[j]!))).toBe(1);
          expect(counts.get(countKey(variant, players[j]!, players[i]!))).toBe(1);
        }
    expect(picks[0]).toEqual({ challenger: 'a', opponent: 'b', variant: 'classic', seat: 'forehand' });
  });

  it('passes over busy bots, and waits rather than let a free pair run a round ahead', () => {
    const counts: LadderCounts = new Map();
    expect(nextLadderGame(['a', 'b', 'c'], ['classic'], counts, new Set(['a']))).toMatchObject({ challenger: 'b', opponent: 'c' });
    counts.set(countKey('classic', 'b', 'c'), 1);
    // a-b and a-c are behind; with a busy, nothing (b-c would run ahead).
    expect(nextLadderGame(['a', 'b', 'c'], ['classic'], counts, new Set(['a']))).toBeNull();
    expect(nextLadderGame(['a', 'b', 'c'], ['classic'], counts, new Set())).toMatchObject({ challenger: 'a', opponent: 'b' });
    // Fewer than two levels: no game.
    expect(nextLadderGame(['a'], ['classic'], new Map(), new Set())).toBeNull();
  });
});
