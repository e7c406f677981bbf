// The small helpers of rated play: ratings as shown, changes with a true minus sign, which objects
// are rated, the export's address, the recent rated games with their changes, the quick-pairing
// grid, the seek that joins a waiting one, where a paired seek leads, the rating changes' lines.
import { describe, expect, it } from 'vitest';
import { translator } from './i18n.ts';
import { joiningSeek, QUICK_SECONDS, quickCells } from './quick-pairing.ts';
import { exportUrl, isRated, ratingDelta, recentRatedGames, shownRating, START_RATING, type PoolSeek } from './rated-api.ts';
import { ratingChangeLines, ratingChangesOf } from './rating-changes.ts';
import { tableOf } from './seeker.ts';

const en = translator('en');
const de = translator('de');

describe('ratings as shown', () => {
  it('rounds a rating, signs a change with a true minus', () => {
    expect(shownRating(1662.31)).toBe('1662');
    expect(ratingDelta(1500, 1662.31)).toBe('+162');
    expect(ratingDelta(1500, 1337.6)).toBe('−162');
    expect(ratingDelta(1500.2, 1499.9)).toBe('±0');
  });

  it('reads `rated` on the object or on its config', () => {
    expect(isRated({ rated: true })).toBe(true);
    expect(isRated({ config: { rated: true } })).toBe(true);
    expect(isRated({ rated: false, config: {} })).toBe(false);
    expect(isRated(null)).toBe(false);
  });

  it('the export address: the player, and the filters only when given', () => {
    expect(exportUrl('', 'p 1')).toBe('/v1/players/p%201/games/export');
    expect(exportUrl('https://skat.example', 'abc', { variant: 'classic', rated: true })).toBe('https://skat.example/v1/players/abc/games/export?variant=classic&rated=true');
  });
});

describe('the recent rated games', () => {
  const point = (gameId: string, at: string, rating: number) => ({ gameId, at, rating, rd: 100, volatility: 0.06 });
  it('newest first across the variants, each with the change it made (the first from the start rating)', () => {
    const recent = recentRatedGames({
      classic: [point('a', '2026-12-01T10:00:00Z', 1600), point('c', '2026-12-01T12:00:00Z', 1550)],
      bidding: [point('b', '2026-12-01T11:00:00Z', 1420)],
    });
    expect(recent.map((g) => g.gameId)).toEqual(['c', 'b', 'a']);
    expect(recent[0]).toMatchObject({ variant: 'classic', before: 1600, after: 1550 });
    expect(recent[1]).toMatchObject({ variant: 'bidding', before: START_RATING, after: 1420 });
    expect(recentRatedGames({ classic: [point('a', '2026-12-01T10:00:00Z', 1600), point('c', '2026-12-01T12:00:00Z', 1550)] }, 1)).toHaveLength(1);
  });
});

describe('quick pairing', () => {
  it('a cell for every variant and time, every time one a rated game may have (10–300 s)', () => {
    const cells = quickCells();
    expect(cells).toHaveLength(3 * QUICK_SECONDS.length);
    expect(new Set(cells.map((c) => `${c.variant}/${c.turnSeconds}`)).size).toBe(cells.length);
    for (const s of QUICK_SECONDS) expect(s >= 10 && s <= 300).toBe(true);
  });

  it('joining a waiting seek asks for exactly its options, nothing of its owner', () => {
    const seek: PoolSeek = {
      seekId: 's1',
      status: 'waiting',
      player: { playerId: 'p', name: 'Anna', bot: false },
      rating: 1500,
      variant: 'halfOpen',
      config: { variant: 'halfOpen', scoring: 'simple', kontra: true, spitzen: false, ramschTrumps: 'jacks', practice: false },
      turnSeconds: 30,
      rated: true,
      games: 1,
      ratingRange: [1400, 1600],
      whileConnected: true,
      createdAt: '2026-12-01T20:00:00Z',
      expiresAt: '2026-12-01T20:15:00Z',
      endedAt: null,
    };
    expect(joiningSeek(seek)).toEqual({ variant: 'halfOpen', scoring: 'simple', kontra: true, spitzen: false, ramschTrumps: 'jacks', turnSeconds: 30, rated: true, games: 1 });
    expect(joiningSeek({ ...seek, turnSeconds: null, rated: false, games: 6 })).not.toHaveProperty('turnSeconds');
  });

  it('a paired seek opens its match, or its game', () => {
    expect(tableOf({ gameId: 'g', matchId: 'm' })).toBe('/play/match/m');
    expect(tableOf({ gameId: 'g' })).toBe('/play/g');
    expect(tableOf({})).toBeNull();
  });
});

describe("a rated game's result", () => {
  it('a line a player, in both languages; none for a casual game', () => {
    const changes = { forehand: { before: 1500, after: 1662.4 }, dealer: { before: 1500, after: 1337.6 } };
    expect(ratingChangesOf({ ratingChanges: changes })).toEqual(changes);
    expect(ratingChangesOf({})).toBeNull();
    expect(ratingChangesOf({ ratingChanges: null })).toBeNull();
    const names = { forehand: 'Anna', dealer: 'Bert' };
    expect(ratingChangeLines(changes, names, en)).toEqual(['Anna: 1500 → 1662 (+162)', 'Bert: 1500 → 1338 (−162)']);
    expect(de('rated')).toBe('gewertet');
  });
});
