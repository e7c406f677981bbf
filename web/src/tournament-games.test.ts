import { describe, expect, it } from 'vitest';
import type { Standing } from './tournament-api.ts';
import { outcomeFor, sideOf, tournamentGames, withEntry, type TournamentGame } from './tournament-games.ts';

const anna = { playerId: 'a', name: 'Anna', bot: false };
const bert = { playerId: 'b', name: 'Bert', bot: false };
const game = (over: Partial<TournamentGame> = {}): TournamentGame => ({
  round: 1,
  first: anna,
  second: bert,
  gameId: 'g1',
  matchId: null,
  finished: true,
  firstPoints: 61,
  secondPoints: 0,
  winner: 'a',
  passedIn: false,
  ...over,
});
const row = (playerId: string, score: number, rank: number, withdrawn = false): Standing => ({ rank, playerId, name: playerId, bot: false, score, games: score, tiebreaks: { sheetPoints: score }, withdrawn });

describe("a player's side of a tournament game", () => {
  it('is won, lost, drawn, passed in, being played, or a bye; the opponent and the points theirs first', () => {
    expect(outcomeFor(game(), 'a')).toBe('won');
    expect(outcomeFor(game(), 'b')).toBe('lost');
    expect(outcomeFor(game({ winner: null }), 'b')).toBe('drawn');
    expect(outcomeFor(game({ winner: null, passedIn: true }), 'a')).toBe('passedIn');
    expect(outcomeFor(game({ finished: false, winner: null }), 'a')).toBe('playing');
    expect(outcomeFor(game({ second: null }), 'a')).toBe('bye');
    expect(sideOf(game(), 'a')).toEqual({ opponent: bert, points: [61, 0] });
    expect(sideOf(game(), 'b')).toEqual({ opponent: anna, points: [0, 61] });
  });
});

describe('an entry the stream tells', () => {
  const table = [row('x', 4, 1), row('y', 0, 2)];
  it('adds a newcomer with nothing scored, tied with those who scored nothing', () => {
    const after = withEntry(table, { type: 'join', entrant: { playerId: 'z', name: 'Zoe', bot: true, rating: 1500 }, players: 3 });
    expect(after.at(-1)).toEqual({ rank: 2, playerId: 'z', name: 'Zoe', bot: true, score: 0, games: 0, tiebreaks: { sheetPoints: 0 }, withdrawn: false });
    expect(withEntry([], { type: 'join', entrant: { playerId: 'z', name: 'Zoe', bot: false, rating: null }, players: 1 })).toEqual([
      { rank: 1, playerId: 'z', name: 'Zoe', bot: false, score: 0, games: 0, tiebreaks: {}, withdrawn: false },
    ]);
    expect(table).toHaveLength(2);
    // Among the tied, in playerId order.
    expect(withEntry(table, { type: 'join', entrant: { playerId: 'w', name: 'Wim', bot: false, rating: null }, players: 3 }).map((s) => s.playerId)).toEqual(['x', 'w', 'y']);
  });
  it('marks a withdrawal, and a return', () => {
    const out = withEntry(table, { type: 'withdraw', playerId: 'x' });
    expect(out.map((s) => s.withdrawn)).toEqual([true, false]);
    expect(withEntry(out, { type: 'join', entrant: { playerId: 'x', name: 'x', bot: false, rating: null }, players: 2 }).map((s) => s.withdrawn)).toEqual([false, false]);
  });
});

it('reads every page of the games, with the filters asked for', async () => {
  const asked: string[] = [];
  const pages: Record<string, { items: TournamentGame[]; nextCursor: string | null }> = {
    '': { items: [game()], nextCursor: 'c1' },
    c1: { items: [game({ round: 2 })], nextCursor: null },
  };
  const client = {
    request: async <T>(_method: string, path: string) => {
      asked.push(path);
      return pages[new URL(path, 'http://x').searchParams.get('cursor') ?? ''] as T;
    },
  };
  const got = await tournamentGames(client as never, 't 1', { player: 'a' });
  expect(got.map((g) => g.round)).toEqual([1, 2]);
  expect(asked).toEqual(['/v1/tournaments/t%201/games?limit=100&player=a', '/v1/tournaments/t%201/games?limit=100&player=a&cursor=c1']);
});
