// What the leaderboard page says of who appears on it is the service's own rule: the provisional
// threshold of the configuration's default, and the games two newcomers need to pass it.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/app/config.ts';
import { initialRating, isProvisional, rateGame } from '../../src/ratings/glicko.ts';
import { translator } from './i18n.ts';
import { LEADERBOARD_RULE } from './rated-api.ts';

describe('the leaderboard says when a player appears', () => {
  it('at the service’s deviation, after the games two newcomers need', () => {
    const threshold = loadConfig({}).ratings.provisionalRd;
    expect(LEADERBOARD_RULE.rd).toBe(threshold);
    // Two newcomers playing each other, winning in turn: the games until neither is provisional.
    let [a, b] = [initialRating(), initialRating()];
    let games = 0;
    while (isProvisional(a, threshold) || isProvisional(b, threshold)) [a, b] = rateGame(a, b, ++games % 2 ? 1 : 0);
    expect(LEADERBOARD_RULE.games).toBe(games);
    for (const language of ['en', 'de'] as const) {
      const text = translator(language)('leaderboardRule', { ...LEADERBOARD_RULE });
      expect(text).toContain(String(threshold));
      expect(text).toContain(String(games));
    }
  });
});
