// Worked examples of the standings, computed by hand (the random events are in swiss.test.ts).
import { describe, expect, it } from 'vitest';
import { type ArenaResult, type SwissResult, arenaStandings, swissStandings } from './standings.ts';

const present = (...ids: string[]) => ids.map((playerId) => ({ playerId, withdrawn: false }));
const row = (rank: number, playerId: string, score: number, games: number, tiebreaks: object, withdrawn = false) => ({ rank, playerId, score, games, tiebreaks, withdrawn });

describe('Swiss standings', () => {
  // Five players, three rounds, a bye each round:
  //   1: A beats B, C draws D, E bye     → A 1,  B 0, C ½,  D ½,  E 1
  //   2: E beats A, C beats B, D bye     → A 1,  B 0, C 1½, D 1½, E 2
  //   3: E draws C, A beats D, B bye     → A 2,  B 1, C 2,  D 1½, E 2½
  // Buchholz (opponents' final scores, a bye 0): A = B 1 + E 2½ + D 1½ = 5, B = A 2 + C 2 = 4,
  //   C = D 1½ + B 1 + E 2½ = 5, D = C 2 + A 2 = 4, E = A 2 + C 2 = 4.
  // Sonneborn–Berger (beaten opponents' scores, half the drawn ones'): A = B 1 + D 1½ = 2½,
  //   B = 0, C = ½·1½ + 1 + ½·2½ = 3, D = ½·2 = 1, E = A 2 + ½·2 = 3.
  // A and C: 2 points and Buchholz 5 each; Sonneborn–Berger puts C (3) above A (2½).
  const results: SwissResult[] = [
    { round: 1, first: 'A', second: 'B', firstPoints: 120, secondPoints: 80 },
    { round: 1, first: 'D', second: 'C', firstPoints: 60, secondPoints: 60 },
    { round: 1, first: 'E', second: null, firstPoints: 0, secondPoints: 0 },
    { round: 2, first: 'A', second: 'E', firstPoints: 40, secondPoints: 90 },
    { round: 2, first: 'C', second: 'B', firstPoints: 71, secondPoints: 70 },
    { round: 2, first: 'D', second: null, firstPoints: 0, secondPoints: 0 },
    { round: 3, first: 'C', second: 'E', firstPoints: 0, secondPoints: 0 },
    { round: 3, first: 'D', second: 'A', firstPoints: 30, secondPoints: 100 },
    { round: 3, first: 'B', second: null, firstPoints: 0, secondPoints: 0 },
  ];

  it('ranks by score, then Buchholz, then Sonneborn–Berger; a bye is a point but no game and no tiebreak', () => {
    expect(swissStandings([...present('A', 'B', 'C'), { playerId: 'D', withdrawn: true }, ...present('E')], results)).toEqual([
      row(1, 'E', 2.5, 2, { buchholz: 4, sonnebornBerger: 3 }),
      row(2, 'C', 2, 3, { buchholz: 5, sonnebornBerger: 3 }),
      row(3, 'A', 2, 3, { buchholz: 5, sonnebornBerger: 2.5 }),
      row(4, 'D', 1.5, 2, { buchholz: 4, sonnebornBerger: 1 }, true),
      row(5, 'B', 1, 2, { buchholz: 4, sonnebornBerger: 0 }),
    ]);
  });

  it('gives players equal in score and both tiebreaks the same rank, listed by id', () => {
    const drawn: SwissResult[] = [
      { round: 1, first: 'd', second: 'c', firstPoints: 60, secondPoints: 60 },
      { round: 1, first: 'a', second: 'b', firstPoints: 0, secondPoints: 0 },
    ];
    expect(swissStandings(present('d', 'c', 'b', 'a', 'e'), drawn)).toEqual([
      row(1, 'a', 0.5, 1, { buchholz: 0.5, sonnebornBerger: 0.25 }),
      row(1, 'b', 0.5, 1, { buchholz: 0.5, sonnebornBerger: 0.25 }),
      row(1, 'c', 0.5, 1, { buchholz: 0.5, sonnebornBerger: 0.25 }),
      row(1, 'd', 0.5, 1, { buchholz: 0.5, sonnebornBerger: 0.25 }),
      // Entered, never paired yet.
      row(5, 'e', 0, 0, { buchholz: 0, sonnebornBerger: 0 }),
    ]);
  });
});

describe('arena standings', () => {
  it.each<[string, ArenaResult[], ReturnType<typeof row>[]]>([
    [
      'a win 2, a draw 1 each, a game passed in 1 each; the tiebreak is the sum of sheet points',
      [
        { first: 'A', second: 'B', firstPoints: 100, secondPoints: 40, winner: 'A' },
        { first: 'B', second: 'C', firstPoints: 0, secondPoints: 0, winner: null, passedIn: true },
        { first: 'C', second: 'A', firstPoints: 60, secondPoints: 60, winner: null },
      ],
      [row(1, 'A', 3, 2, { sheetPoints: 160 }), row(2, 'C', 2, 2, { sheetPoints: 60 }), row(3, 'B', 1, 2, { sheetPoints: 40 }), row(4, 'D', 0, 0, { sheetPoints: 0 })],
    ],
    [
      'equal scores split by sheet points, and shared when those are equal too',
      [
        { first: 'A', second: 'B', firstPoints: 70, secondPoints: 50, winner: 'A' },
        { first: 'C', second: 'D', firstPoints: 90, secondPoints: 30, winner: 'C' },
        { first: 'B', second: 'D', firstPoints: 20, secondPoints: 40, winner: 'D' },
      ],
      [row(1, 'C', 2, 1, { sheetPoints: 90 }), row(2, 'A', 2, 1, { sheetPoints: 70 }), row(2, 'D', 2, 2, { sheetPoints: 70 }), row(4, 'B', 0, 2, { sheetPoints: 70 })],
    ],
    [
      // A loser may have more sheet points (a lost game still counts its points): the score decides first.
      'the score before the sheet points',
      [{ first: 'A', second: 'B', firstPoints: 30, secondPoints: 120, winner: 'A' }],
      [row(1, 'A', 2, 1, { sheetPoints: 30 }), row(2, 'B', 0, 1, { sheetPoints: 120 }), row(3, 'C', 0, 0, { sheetPoints: 0 }), row(3, 'D', 0, 0, { sheetPoints: 0 })],
    ],
  ])('%s', (_, results, expected) => {
    expect(arenaStandings(present('A', 'B', 'C', 'D'), results)).toEqual(expected);
  });

  it('keeps a withdrawn player with the score made', () => {
    const results: ArenaResult[] = [{ first: 'A', second: 'B', firstPoints: 10, secondPoints: 80, winner: 'B' }];
    expect(arenaStandings([{ playerId: 'A', withdrawn: false }, { playerId: 'B', withdrawn: true }], results)).toEqual([
      row(1, 'B', 2, 1, { sheetPoints: 80 }, true),
      row(2, 'A', 0, 1, { sheetPoints: 10 }),
    ]);
  });
});
