import { describe, expect, it } from 'vitest';
import { initialRating, rateGame, ratePeriod, type Rating } from './glicko.ts';
import { scoresOf } from './outcome.ts';
import type { Result } from '../engine/index.ts';

const r = (rating: number, rd: number, volatility = 0.06): Rating => ({ rating, rd, volatility, games: 0 });

describe('Glicko-2', () => {
  it("matches the worked example of Glickman's paper (2013)", () => {
    // 1500/200 beats 1400/30, loses to 1550/100 and to 1700/300, in one rating period (τ = 0.5).
    const after = ratePeriod(r(1500, 200), [
      { opponent: r(1400, 30), score: 1 },
      { opponent: r(1550, 100), score: 0 },
      { opponent: r(1700, 300), score: 0 },
    ]);
    // The paper rounds its steps to four places on the Glicko-2 scale (μ' = −0.2069, φ' = 0.8722,
    // σ' = 0.05999), so its 1464.06 and 151.52 hold to within a hundredth; exact arithmetic gives
    // 1464.0507 and 151.5165.
    // σ' = 0.059996 exactly; the paper prints 0.05999.
    const scale = 173.7178;
    expect(Math.abs(after.rating - 1464.06)).toBeLessThan(0.01);
    expect(Math.abs(after.rd - 151.52)).toBeLessThan(0.01);
    expect(((after.rating - 1500) / scale).toFixed(4)).toBe('-0.2069');
    expect((after.rd / scale).toFixed(4)).toBe('0.8722');
    // σ' = 0.059996 exactly; the paper prints 0.05999.
    expect(Math.abs(after.volatility - 0.05999)).toBeLessThan(0.00001);
    expect(after.games).toBe(3);
  });

  it('rates one game as one period for both, from both values before it', () => {
    const [a, b] = rateGame(initialRating(), initialRating(), 1);
    // Symmetric from the same start; the winner gains what the loser loses.
    expect(a.rating - 1500).toBeCloseTo(1500 - b.rating, 9);
    expect(a.rating).toBeGreaterThan(1500);
    expect(a.rd).toBeCloseTo(b.rd, 9);
    expect(a.rd).toBeLessThan(350);
    expect([a.games, b.games]).toEqual([1, 1]);
    // Each side's period sees the other's values before the game, not after.
    const strong = r(1800, 60);
    const [s, w] = rateGame(strong, initialRating(), 0);
    expect(s).toEqual(ratePeriod(strong, [{ opponent: initialRating(), score: 0 }]));
    expect(w).toEqual(ratePeriod(initialRating(), [{ opponent: strong, score: 1 }]));
  });

  it('a draw between equals moves nobody', () => {
    const [a, b] = rateGame(initialRating(), initialRating(), 0.5);
    expect(a.rating).toBeCloseTo(1500, 9);
    expect(b.rating).toBeCloseTo(1500, 9);
  });
});

describe('what a result scores', () => {
  const base = { passedIn: false, draw: false, won: true, declarer: 'dealer', resigned: null, timedOut: null } as unknown as Result;
  it('the winner 1, the loser 0, a draw 0.5 each', () => {
    expect(scoresOf(base)).toEqual({ forehand: 0, dealer: 1 });
    expect(scoresOf({ ...base, won: false })).toEqual({ forehand: 1, dealer: 0 });
    expect(scoresOf({ ...base, won: null, draw: true })).toEqual({ forehand: 0.5, dealer: 0.5 });
  });
  it('a resign or a timeout loses, whoever declared; a passed-in game is not rated', () => {
    expect(scoresOf({ ...base, resigned: 'dealer' })).toEqual({ forehand: 1, dealer: 0 });
    expect(scoresOf({ ...base, declarer: null, won: false, timedOut: 'forehand' })).toEqual({ forehand: 0, dealer: 1 });
    expect(scoresOf({ ...base, declarer: null, won: false, passedIn: true })).toBeNull();
  });
});
