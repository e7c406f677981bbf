// Scoring: the worked examples of docs/rules.md as tables (each with the arithmetic),
// failed announcements, simple scoring, ramsch, kontra/re, draws, giving up and passing in.
import { describe, expect, it } from 'vitest';
import { timeOut } from './decide.ts';
import { evolve } from './evolve.ts';
import { finalResult, matadors } from './score.ts';
import { legalMoves } from './legal.ts';
import { Game, cards, deckWith, fabricate, type Ending } from '../../test/support/testkit.ts';
import type { Result } from './types.ts';

const played = (e: Ending): Result => finalResult(fabricate(e), { kind: 'played' });
/** The state of `e` (tricks still to come) ended by the declarer's or the defender's giving up. */
const gaveUp = (e: Ending, side: 'declarer' | 'defender', kind: 'resigned' | 'timedOut' = 'resigned'): Result => {
  const declarer = e.declarer ?? 'forehand';
  const seat = side === 'declarer' ? declarer : declarer === 'forehand' ? 'dealer' : 'forehand';
  return finalResult(fabricate(e), { kind, seat });
};
/** What the declarer (index 0) and the defender (index 1) have written. */
const written = (r: Result): [number, number] => {
  const d = r.declarer ?? 'forehand';
  return [r.scores[d], r.scores[d === 'forehand' ? 'dealer' : 'forehand']];
};

type Row = [label: string, ending: Ending, declarerScore: number, why: string];
const named = (rows: Row[]) => rows.map(([label, ending, score, why]) => ({ label, ending, score, why }));

/** Card points → tricks that fit them: every trick to the declarer at 120, none at 0. */
const split = (p: number): Pick<Ending, 'points' | 'tricks'> => ({
  points: [p, 120 - p],
  tricks: p === 120 ? [16, 0] : p === 0 ? [0, 16] : [8, 8],
});

describe('the worked examples (standard, classic)', () => {
  const table: Row[] = [
    ['clubs, with 1, 61', { game: 'clubs', holds: cards('CJ HJ DJ'), ...split(61) }, 24, '(1 + 1) × 12'],
    ['clubs, with 1, 60', { game: 'clubs', holds: cards('CJ'), ...split(60) }, -48, '60 loses: (1 + 1) × 12 × −2'],
    ['clubs, with 1, 90', { game: 'clubs', holds: cards('CJ'), ...split(90) }, 36, 'defender 30: schneider, (1 + 1 + 1) × 12'],
    ['clubs, with 1, 120', { game: 'clubs', holds: cards('CJ'), ...split(120) }, 48, 'schneider, schwarz: 4 × 12'],
    ['hearts, with 1, 29', { game: 'hearts', holds: cards('CJ'), ...split(29) }, -60, 'declarer schneider: 3 × 10 × −2'],
    ['spades, without 2, 70', { game: 'spades', holds: cards('HJ'), ...split(70) }, 33, 'without 2: (2 + 1) × 11'],
    ['grand, with 2, 80', { game: 'grand', holds: cards('CJ SJ'), ...split(80) }, 72, '(2 + 1) × 24'],
    ['diamonds, with 4, 75', { game: 'diamonds', holds: cards('CJ SJ HJ DJ'), ...split(75) }, 45, '(4 + 1) × 9'],
    [
      'clubs, all jacks, CA CT, not CK, spitzen off',
      { game: 'clubs', holds: cards('CJ SJ HJ DJ CA CT'), ...split(61) },
      60,
      'with 4 (jacks only): 5 × 12',
    ],
    [
      'clubs, all jacks, CA CT, not CK, spitzen on',
      { game: 'clubs', spitzen: true, holds: cards('CJ SJ HJ DJ CA CT'), ...split(61) },
      84,
      'with 6 (CJ SJ HJ DJ CA CT): 7 × 12',
    ],
    ['clubs, with 1, 61, kontra', { game: 'clubs', holds: cards('CJ'), kontra: true, ...split(61) }, 48, '24 × 2'],
    ['clubs, with 1, 61, kontra and re', { game: 'clubs', holds: cards('CJ'), re: true, ...split(61) }, 96, '24 × 4'],
  ];
  it.each(named(table))('$label → $score ($why)', ({ ending, score }) => {
    const r = played(ending);
    expect(written(r)).toEqual([score, 0]);
    expect(r.won).toBe(score > 0);
  });
});

describe('more standard rows', () => {
  const table: Row[] = [
    ['grand, without 4, 61', { game: 'grand', holds: [], ...split(61) }, 120, 'without 4: (4 + 1) × 24'],
    [
      'spades, spitzen, without 11',
      { game: 'spades', spitzen: true, holds: cards('H7 H8 H9 HT HQ HK HA D7 D8 D9 DT DQ DK DA C7 C8'), ...split(61) },
      132,
      'no jack, no spade: (11 + 1) × 11',
    ],
    ['grand, spitzen: still at most 4', { game: 'grand', spitzen: true, holds: cards('CJ SJ HJ DJ'), ...split(61) }, 120, '(4 + 1) × 24'],
    ['hearts, with 1, 0 points, no trick', { game: 'hearts', holds: cards('CJ'), ...split(0) }, -80, 'lost schwarz: 4 × 10 × −2'],
    ['clubs, with 1, 50, kontra', { game: 'clubs', holds: cards('CJ'), kontra: true, ...split(50) }, -96, '−48 × 2'],
    ['clubs, with 1, 50, re', { game: 'clubs', holds: cards('CJ'), re: true, ...split(50) }, -192, '−48 × 4'],
    [
      'dealer declares clubs, with 1, 61',
      { game: 'clubs', declarer: 'dealer', variant: 'bidding', bid: 18, holds: cards('CJ'), ...split(61) },
      24,
      'the declarer need not be forehand (bidding)',
    ],
    [
      'clubs, 90 points but only 15 tricks to one side',
      { game: 'clubs', holds: cards('CJ'), points: [90, 30], tricks: [15, 1] },
      36,
      'schneider, not schwarz: 3 × 12',
    ],
  ];
  it.each(named(table))('$label → $score ($why)', ({ ending, score }) => {
    expect(written(played(ending))).toEqual([score, 0]);
  });
});

describe('the bidding rows (standard)', () => {
  const table: Row[] = [
    [
      'bid 22, diamonds without 1, 89',
      { game: 'diamonds', bid: 22, holds: cards('SJ HJ DJ'), ...split(89) },
      -54,
      '(1 + 1) × 9 = 18 < 22: overbid, 3 × 9 = 27 is the first multiple ≥ 22, × −2',
    ],
    [
      'bid 22, diamonds without 1, 90',
      { game: 'diamonds', bid: 22, holds: cards('SJ HJ DJ'), ...split(90) },
      27,
      'schneider: (1 + 1 + 1) × 9 = 27 ≥ 22',
    ],
    [
      'grand hand with 4, 120, schwarz announced and made',
      { game: 'grand', bid: 18, hand: true, schwarz: true, holds: cards('CJ SJ HJ DJ'), points: [120, 0], tricks: [15, 0] },
      240,
      '(4 + game + hand + schneider + announced + schwarz + announced = 10) × 24',
    ],
    [
      'grand hand with 4, schwarz announced, one trick lost',
      { game: 'grand', bid: 18, hand: true, schwarz: true, holds: cards('CJ SJ HJ DJ'), points: [110, 10], tricks: [14, 1] },
      -480,
      'announcement missed, lost at its level: (4 + game + hand + schneider + announced + schwarz + announced = 10) × 24 = 240 × −2',
    ],
    [
      'grand hand with 1, schneider announced, 91',
      { game: 'grand', bid: 18, hand: true, schneider: true, holds: cards('CJ'), ...split(91) },
      120,
      '(1 + game + hand + schneider + announced) = 5 × 24',
    ],
    ['null won', { game: 'null', bid: 18, points: [0, 120], tricks: [0, 15] }, 23, 'null: 23'],
    ['null hand won', { game: 'null', bid: 18, hand: true, points: [0, 120], tricks: [0, 15] }, 35, 'null hand: 35'],
    ['null lost', { game: 'null', bid: 18, points: [10, 0], tricks: [1, 3] }, -46, '23 × −2'],
    ['null hand lost', { game: 'null', bid: 18, hand: true, points: [10, 0], tricks: [1, 3] }, -70, '35 × −2'],
    ['null lost, kontra', { game: 'null', bid: 18, kontra: true, points: [10, 0], tricks: [1, 3] }, -92, '23 × −2 × 2'],
    ['null won, kontra and re', { game: 'null', bid: 18, re: true, points: [0, 120], tricks: [0, 15] }, 92, '23 × 4'],
    [
      'null at bid 24',
      { game: 'null', bid: 24, points: [0, 120], tricks: [0, 15] },
      -92,
      'overbid: 23 < 24, 2 × 23 = 46 × −2, although no trick was taken',
    ],
    [
      'held 24, hearts, CJ found in the stock',
      {
        game: 'hearts',
        bid: 24,
        declarer: 'forehand',
        holds: [],
        stock: cards('CJ S7'),
        discards: cards('S7 D7'),
        points: [70, 50],
        tricks: [8, 7],
      },
      -60,
      'with 1 (the stock counts): 2 × 10 = 20 < 24: overbid, 3 × 10 = 30 × −2',
    ],
    [
      'the discards count for the declarer',
      { game: 'clubs', bid: 18, holds: cards('CJ'), stock: cards('S7 S8'), discards: cards('SA ST'), points: [40, 59], tricks: [7, 8] },
      24,
      '40 + SA 11 + ST 10 = 61: (1 + 1) × 12',
    ],
    [
      'a hand game: the stock counts for the declarer',
      { game: 'clubs', bid: 18, hand: true, holds: cards('CJ'), stock: cards('SA ST'), points: [40, 59], tricks: [7, 8] },
      36,
      '40 + 21 = 61: (1 + 1 + hand) × 12',
    ],
  ];
  it.each(named(table))('$label → $score ($why)', ({ ending, score }) => {
    const r = played(ending);
    expect(written(r)).toEqual([score, 0]);
    expect(r.won).toBe(score > 0);
  });

  it('marks an overbid and reports the raised value', () => {
    const r = played({ game: 'diamonds', bid: 22, holds: cards('SJ HJ DJ'), ...split(89) });
    expect(r).toMatchObject({ overbid: true, won: false, matadors: -1, multiplier: 2, value: 27 });
  });
});

// A missed announcement loses at the announced level or the level reached, whichever is higher;
// a level counts once. Clubs hand (bidding, bid 18) with 2 (CJ SJ) unless noted.
describe('announcements that fail (standard)', () => {
  const hand = (over: Partial<Ending>): Ending => ({ game: 'clubs', bid: 18, hand: true, holds: cards('CJ SJ'), points: [0, 120], tricks: [0, 15], ...over });
  const table: Row[] = [
    [
      'schneider announced, 40 points',
      hand({ schneider: true, points: [40, 80], tricks: [5, 10] }),
      -144,
      'lost at the announced level: (2 + game + hand + schneider + announced = 6) × 12 = 72 × −2',
    ],
    [
      'schneider announced, 20 points',
      hand({ schneider: true, points: [20, 100], tricks: [3, 12] }),
      -144,
      'the declarer is schneider itself: the same level, counted once: 6 × 12 = 72 × −2',
    ],
    [
      'schneider announced, 85 points',
      hand({ schneider: true, points: [85, 35], tricks: [11, 4] }),
      -144,
      'won on card points, the announcement missed (defender 35): 6 × 12 = 72 × −2',
    ],
    [
      'schneider announced, no trick',
      hand({ schneider: true, points: [0, 120], tricks: [0, 15] }),
      -168,
      'schwarz reached, above the announced level: (2 + 1 + hand + schneider + announced + schwarz = 7) × 12 = 84 × −2',
    ],
    [
      'schwarz announced, 40 points',
      hand({ schwarz: true, points: [40, 80], tricks: [5, 10] }),
      -192,
      '(2 + 1 + hand + schneider + announced + schwarz + announced = 8) × 12 = 96 × −2',
    ],
    [
      'schwarz announced, 20 points',
      hand({ schwarz: true, points: [20, 100], tricks: [3, 12] }),
      -192,
      'the declarer schneider: already in the announced level, 8 × 12 = 96 × −2',
    ],
    [
      'schwarz announced, no trick',
      hand({ schwarz: true, points: [0, 120], tricks: [0, 15] }),
      -192,
      'the declarer schwarz: already in the announced level, 8 × 12 = 96 × −2',
    ],
    [
      'schwarz announced, 110 points, one trick lost',
      hand({ schwarz: true, points: [110, 10], tricks: [14, 1] }),
      -192,
      'the defender (the side that lost on card points) is schneider: in the level, 8 × 12 = 96 × −2',
    ],
    [
      'with 1, schneider announced, bid 72, 40 points',
      hand({ holds: cards('CJ'), schneider: true, bid: 72, points: [40, 80], tricks: [5, 10] }),
      -144,
      '(1 + 1 + hand + schneider + announced = 5) × 12 = 60 < 72: overbid, 6 × 12 = 72 × −2',
    ],
    [
      'diamonds without 1, bid 30, 95 points',
      { game: 'diamonds', bid: 30, holds: cards('SJ HJ DJ'), points: [95, 25], tricks: [12, 3] },
      -72,
      'the defender lost on card points and is schneider: (1 + 1 + schneider) × 9 = 27 < 30: overbid, 4 × 9 = 36 × −2',
    ],
  ];
  it.each(named(table))('$label → $score ($why)', ({ ending, score }) => {
    const r = played(ending);
    expect(written(r)).toEqual([score, 0]);
    expect(r).toMatchObject({ won: false, draw: false, end: 'played' });
  });

  it('simple scoring: a missed announcement is lost at its level (3 for schneider, 4 for schwarz)', () => {
    const simple = (over: Partial<Ending>) => written(played(hand({ scoring: 'simple', points: [85, 35], tricks: [11, 4], ...over })));
    expect(simple({ schneider: true })).toEqual([0, 3]);
    expect(simple({ schwarz: true })).toEqual([0, 4]);
  });
});

// Giving up hands every card not yet in a completed trick to the other side (in ramsch to the
// quitter), with the tricks still to come, and the game is scored from there.
describe('giving up (standard): the rest goes to the other side, scored normally', () => {
  type GaveUpRow = [label: string, ending: Ending, side: 'declarer' | 'defender', declarerScore: number, why: string];
  const diamonds = (points: [number, number], tricks: [number, number], over: Partial<Ending> = {}): Ending => ({
    game: 'diamonds',
    holds: cards('CJ'),
    points,
    tricks,
    ...over,
  });
  const table: GaveUpRow[] = [
    [
      'the declarer resigns at 20 : 60 (diamonds with 1)',
      diamonds([20, 60], [2, 4]),
      'declarer',
      -54,
      'the defender takes the other 40: 20 : 100, declarer schneider: (1 + 1 + 1) × 9 = 27 × −2 (played out the same: −54)',
    ],
    [
      'the declarer resigns without a trick',
      diamonds([0, 30], [0, 3]),
      'declarer',
      -72,
      'declarer schwarz: (1 + 1 + schneider + schwarz) × 9 = 36 × −2',
    ],
    ['the declarer resigns at 40 : 50', diamonds([40, 50], [4, 4]), 'declarer', -36, '40 : 80, no schneider: 2 × 9 × −2'],
    [
      'the declarer resigns with 61 in its tricks',
      diamonds([61, 30], [7, 3]),
      'declarer',
      18,
      'it keeps 61: won, 2 × 9 (giving up cannot lose what is already taken)',
    ],
    [
      'the defender resigns at 20 (declarer 50)',
      diamonds([50, 20], [5, 3]),
      'defender',
      27,
      'the declarer takes the other 50: 100 : 20, schneider: 3 × 9',
    ],
    ['the defender resigns without a trick', diamonds([30, 0], [4, 0]), 'defender', 36, '120 : 0, schwarz: 4 × 9'],
    [
      'the defender resigns with 60 in its tricks',
      diamonds([30, 60], [4, 5]),
      'defender',
      -36,
      'the declarer reaches only 60: lost, 2 × 9 × −2',
    ],
    [
      'the declarer resigns at 20 : 60, kontra',
      diamonds([20, 60], [2, 4], { kontra: true }),
      'declarer',
      -108,
      '−54 × 2',
    ],
    [
      'bidding: the declarer resigns with 10 in its tricks and SA ST discarded',
      { game: 'clubs', bid: 18, holds: cards('CJ'), stock: cards('S7 S8'), discards: cards('SA ST'), points: [10, 50], tricks: [2, 5] },
      'declarer',
      -48,
      'the discards stay the declarer\'s: 10 + 21 = 31, no schneider: (1 + 1) × 12 × −2',
    ],
    [
      'bidding: the defender resigns at 35 (declarer 40), hearts with 2, bid 40',
      { game: 'hearts', bid: 40, holds: cards('CJ SJ'), points: [40, 35], tricks: [4, 4] },
      'defender',
      -80,
      '85 : 35, no schneider: (2 + 1) × 10 = 30 < 40: overbid, 4 × 10 = 40 × −2',
    ],
    [
      'bidding: the defender resigns at 20 (declarer 40), hearts with 2, bid 40',
      { game: 'hearts', bid: 40, holds: cards('CJ SJ'), points: [40, 20], tricks: [4, 3] },
      'defender',
      40,
      '100 : 20, schneider: (2 + 1 + 1) × 10 = 40 ≥ 40',
    ],
    [
      'bidding: the declarer resigns a hand game, schneider announced, at 40 points',
      { game: 'clubs', bid: 18, hand: true, schneider: true, holds: cards('CJ SJ'), points: [40, 30], tricks: [4, 4] },
      'declarer',
      -144,
      '40 : 80, lost at the announced level: (2 + 1 + hand + schneider + announced = 6) × 12 = 72 × −2',
    ],
    ['null: the declarer resigns', { game: 'null', bid: 18, points: [0, 20], tricks: [0, 3] }, 'declarer', -46, 'as if it took a trick: 23 × −2'],
    ['null: the defender resigns', { game: 'null', bid: 18, points: [0, 20], tricks: [0, 3] }, 'defender', 23, 'the declarer takes no more trick: +23'],
    [
      'null at bid 24: the defender resigns',
      { game: 'null', bid: 24, points: [0, 20], tricks: [0, 3] },
      'defender',
      -92,
      'still overbid: 2 × 23 = 46 × −2',
    ],
  ];
  const rows = table.map(([label, ending, side, score, why]) => ({ label, ending, side, score, why }));
  it.each(rows)('$label → $score ($why)', ({ ending, side, score }) => {
    const quitter = (ending.declarer ?? 'forehand') === 'forehand' ? (side === 'declarer' ? 'forehand' : 'dealer') : side === 'declarer' ? 'dealer' : 'forehand';
    const r = gaveUp(ending, side);
    expect(written(r)).toEqual([score, 0]);
    expect(r).toMatchObject({ end: 'resigned', resigned: quitter, timedOut: null, draw: false });
    // Running out of time is the same.
    const t = gaveUp(ending, side, 'timedOut');
    expect(t).toEqual({ ...r, end: 'timedOut', resigned: null, timedOut: quitter });
  });

  it('reports the card points after the hand-over, and schneider and schwarz as reached', () => {
    expect(gaveUp(diamonds([20, 60], [2, 4]), 'declarer')).toMatchObject({ declarerPoints: 20, defenderPoints: 100, schneider: true, schwarz: false, multiplier: 3 });
    expect(gaveUp(diamonds([30, 0], [4, 0]), 'defender')).toMatchObject({ declarerPoints: 120, defenderPoints: 0, schneider: true, schwarz: true, won: true });
  });
});

describe('giving up (simple): schneider and schwarz count', () => {
  type SimpleRow = [label: string, ending: Ending, side: 'declarer' | 'defender', scores: [number, number], why: string];
  const clubs = (points: [number, number], tricks: [number, number]): Ending => ({ game: 'clubs', scoring: 'simple', holds: cards('CJ'), points, tricks });
  const table: SimpleRow[] = [
    ['the defender resigns at 20 (declarer 50)', clubs([50, 20], [5, 3]), 'defender', [3, 0], '100 : 20, the defender schneider: 3 to the declarer (not 2)'],
    ['the defender resigns without a trick', clubs([30, 0], [4, 0]), 'defender', [4, 0], 'schwarz: 4 to the declarer'],
    ['the declarer resigns at 20 : 60', clubs([20, 60], [2, 4]), 'declarer', [0, 3], '20 : 100: 3 to the defender'],
    ['the declarer resigns without a trick', clubs([0, 30], [0, 3]), 'declarer', [0, 4], 'schwarz: 4 to the defender'],
    ['the declarer resigns at 40 : 50', clubs([40, 50], [4, 4]), 'declarer', [0, 2], '40 : 80: 2 to the defender'],
  ];
  const rows = table.map(([label, ending, side, scores, why]) => ({ label, ending, side, scores, why }));
  it.each(rows)('$label → $scores ($why)', ({ ending, side, scores }) => {
    expect(written(gaveUp(ending, side))).toEqual(scores);
  });
});

describe('giving up in ramsch: the quitter takes the rest and loses with it', () => {
  type RamschRow = [label: string, ending: Ending, quitter: 'chooser' | 'other', scores: [number, number], why: string];
  const ramsch = (points: [number, number], tricks: [number, number], over: Partial<Ending> = {}): Ending => ({ game: 'ramsch', points, tricks, ...over });
  const table: RamschRow[] = [
    ['the chooser resigns at 88 : 4 after 10 tricks', ramsch([88, 4], [7, 3]), 'chooser', [-116, 0], 'it takes the other 28: −116, as played out (not −60)'],
    ['the chooser resigns at 10 : 80', ramsch([10, 80], [2, 6]), 'chooser', [-40, 0], 'it takes the other 30 and loses with 40, though it has fewer'],
    ['the other resigns before the first trick', ramsch([0, 0], [0, 0]), 'other', [0, -120], 'it takes all 120: no durchmarsch, −120'],
    ['the other resigns; the chooser has no trick', ramsch([0, 50], [0, 6]), 'other', [0, -120], 'every trick is the quitter\'s, still no durchmarsch'],
    ['simple: the chooser resigns', ramsch([10, 80], [2, 6], { scoring: 'simple' }), 'chooser', [0, 2], 'the other wins: 2'],
  ];
  const rows = table.map(([label, ending, quitter, scores, why]) => ({ label, ending, quitter, scores, why }));
  it.each(rows)('$label → $scores ($why)', ({ ending, quitter, scores }) => {
    const r = gaveUp(ending, quitter === 'chooser' ? 'declarer' : 'defender');
    expect(written(r)).toEqual(scores);
    expect(r).toMatchObject({ durchmarsch: false, won: quitter !== 'chooser', value: ending.scoring === 'simple' ? 2 : -Math.min(...scores) });
  });
});

describe('draws and how the game ended', () => {
  it('simple 60:60 is a draw: draw true, won null, 1 each', () => {
    const r = played({ game: 'spades', scoring: 'simple', holds: cards('CJ'), points: [60, 60], tricks: [8, 8] });
    expect(r).toMatchObject({ draw: true, won: null, end: 'played', scores: { forehand: 1, dealer: 1 } });
  });

  it('standard 60:60 is lost, not a draw', () => {
    expect(played({ game: 'spades', holds: cards('CJ'), points: [60, 60], tricks: [8, 8] })).toMatchObject({ draw: false, won: false });
  });

  it('simple 60:60 with schneider announced is lost, not a draw', () => {
    const r = played({ game: 'clubs', scoring: 'simple', bid: 18, hand: true, schneider: true, holds: cards('CJ'), points: [60, 60], tricks: [8, 7] });
    expect(r).toMatchObject({ draw: false, won: false, scores: { forehand: 0, dealer: 3 } });
  });
});

describe('held 24, hearts, CJ in the stock: a real game', () => {
  // Forehand is dealt no jack; the stock holds CJ; the dealer gets SJ HJ DJ.
  const deck = deckWith('bidding', {
    forehand: cards('CA CT S7 S8 C7 HA HT H7 H8 H9 D7 D8 DA S9 HK'),
    stock: cards('CJ SQ'),
  });

  it('is played with 1 (2 × 10 = 20 < 24): overbid, 30 × −2 = −60', () => {
    const g = Game.rigged({ variant: 'bidding' }, deck).moves(
      { type: 'cut', at: 4 },
      { type: 'bid', value: 24 },
      { type: 'hold' },
      { type: 'pass' },
      { type: 'pickUpStock' },
      { type: 'discard', cards: cards('S9 SQ') },
      { type: 'declare', game: 'hearts' },
      { type: 'pass' },
    );
    while (g.state.phase !== 'finished') g.do(g.state.toMove!, legalMoves(g.state, g.state.toMove!)[0]);
    const r = g.state.result!;
    // Neither side schneider, which would make it 3 × 10 = 30 ≥ 24.
    expect(r.declarerPoints).toBeGreaterThan(30);
    expect(r.declarerPoints).toBeLessThan(90);
    expect(r).toMatchObject({ declarer: 'forehand', matadors: 1, overbid: true, won: false, value: 30 });
    expect(r.scores).toEqual({ forehand: -60, dealer: 0 });
  });
});

describe('matadors', () => {
  const table: [string, string, boolean, number][] = [
    ['clubs', 'CJ SJ HJ DJ', false, 4],
    ['clubs', 'CJ SJ HJ DJ CA CT CK CQ C9 C8 C7', true, 11],
    ['clubs', 'CJ SJ DJ', false, 2],
    ['clubs', 'SJ HJ DJ', false, -1],
    ['clubs', '', false, -4],
    ['clubs', '', true, -11],
    ['clubs', 'C7', true, -10],
    ['grand', '', true, -4],
    ['hearts', 'CJ SJ HJ DJ HT', true, 4],
  ];
  it.each(table)('%s holding [%s], spitzen %s → %i', (game, held, spitzen, n) => {
    expect(matadors(game as 'clubs', cards(held), spitzen)).toBe(n);
  });
});

describe('simple scoring', () => {
  const simple = (e: Ending): Ending => ({ ...e, scoring: 'simple' });
  const table: [string, Ending, [number, number], string][] = [
    ['clubs won, 61', simple({ game: 'clubs', holds: cards('CJ'), ...split(61) }), [2, 0], 'the winner gets 2'],
    ['won with schneider', simple({ game: 'clubs', holds: cards('CJ'), ...split(90) }), [3, 0], 'schneider: 3'],
    ['won schwarz', simple({ game: 'grand', holds: cards('CJ'), ...split(120) }), [4, 0], 'schwarz: 4'],
    ['lost, 59', simple({ game: 'clubs', holds: cards('CJ'), ...split(59) }), [0, 2], 'the defender wins: 2'],
    ['lost, 30', simple({ game: 'clubs', holds: cards('CJ'), ...split(30) }), [0, 3], 'declarer schneider: 3 to the defender'],
    ['lost schwarz', simple({ game: 'clubs', holds: cards('CJ'), ...split(0) }), [0, 4], 'declarer schwarz: 4 to the defender'],
    ['60:60', simple({ game: 'spades', holds: cards('CJ'), ...split(60) }), [1, 1], 'a draw: 1 each'],
    ['60:60, kontra', simple({ game: 'grand', holds: cards('CJ'), kontra: true, ...split(60) }), [2, 2], 'a draw × 2'],
    ['60:60, re', simple({ game: 'grand', holds: cards('CJ'), re: true, ...split(60) }), [4, 4], 'a draw × 4'],
    ['won, kontra', simple({ game: 'clubs', holds: cards('CJ'), kontra: true, ...split(61) }), [4, 0], '2 × 2'],
    ['lost, re', simple({ game: 'clubs', holds: cards('CJ'), re: true, ...split(40) }), [0, 8], '2 × 4 to the defender'],
    ['null won', simple({ game: 'null', bid: 18, points: [0, 120], tricks: [0, 15] }), [2, 0], 'null won: 2'],
    ['null lost', simple({ game: 'null', bid: 18, points: [0, 0], tricks: [1, 0] }), [0, 2], 'null lost: 2 to the defender'],
    [
      'overbid',
      simple({ game: 'diamonds', bid: 22, holds: cards('SJ HJ DJ'), ...split(89) }),
      [0, 2],
      'an overbid is a lost game',
    ],
  ];
  const rows = table.map(([label, ending, scores, why]) => ({ label, ending, scores, why }));
  it.each(rows)('$label → $scores ($why)', ({ ending, scores }) => {
    expect(written(played(ending))).toEqual(scores);
  });
});

describe('ramsch', () => {
  const ramsch = (chooser: number, other: number, extra: Partial<Ending> = {}): Ending => ({
    game: 'ramsch',
    points: [chooser, other],
    tricks: chooser === 120 ? [16, 0] : other === 120 ? [0, 16] : [8, 8],
    ...extra,
  });
  type RamschRow = [string, Ending, [number, number], Partial<Result>, string];
  const table: RamschRow[] = [
    ['chooser 50, other 70', ramsch(50, 70), [0, -70], { won: true, value: 70 }, 'fewer points win; the loser writes minus its own points'],
    ['chooser 70, other 50', ramsch(70, 50), [-70, 0], { won: false, value: 70 }, '−70 for the chooser'],
    ['60:60', ramsch(60, 60), [-60, 0], { won: false, value: 60 }, 'at 60:60 the chooser loses'],
    ['chooser takes every trick', ramsch(120, 0), [120, 0], { won: true, durchmarsch: true, value: 120 }, 'durchmarsch: +120'],
    ['the other takes every trick', ramsch(0, 120), [0, 120], { won: false, durchmarsch: true, value: 120 }, 'durchmarsch: +120'],
    ['simple: chooser 50', ramsch(50, 70, { scoring: 'simple' }), [2, 0], { won: true, value: 2 }, 'the winner gets 2'],
    ['simple: 60:60', ramsch(60, 60, { scoring: 'simple' }), [0, 2], { won: false, value: 2 }, 'the chooser loses'],
    ['simple: durchmarsch', ramsch(0, 120, { scoring: 'simple' }), [0, 4], { durchmarsch: true, value: 4 }, 'durchmarsch: 4'],
    ['no trumps, chooser 80', ramsch(80, 40, { ramschTrumps: 'none' }), [-80, 0], { value: 80 }, 'scored alike without trumps'],
    [
      'a player with no trick and 0 points',
      ramsch(0, 120, { tricks: [0, 16] }),
      [0, 120],
      { durchmarsch: true },
      'a durchmarsch needs every trick, and has them',
    ],
  ];
  const rows = table.map(([label, ending, scores, more, why]) => ({ label, ending, scores, more, why }));
  it.each(rows)('$label → $scores ($why)', ({ ending, scores, more }) => {
    const r = played(ending);
    expect(written(r)).toEqual(scores);
    expect(r).toMatchObject({ game: 'ramsch', matadors: 0, ...more });
  });

  it('is no durchmarsch when the other took a trick worth nothing', () => {
    const r = played(ramsch(120, 0, { tricks: [15, 1] }));
    expect(r.durchmarsch).toBe(false);
    expect(written(r)).toEqual([-120, 0]);
  });
});

// Real games on the test vector (zero seed, cut 4). Classic: forehand holds CJ SJ DJ (with 2).
describe('resigning (real games on the test vector)', () => {
  const classic = (over: Parameters<typeof Game.start>[0] = {}) => Game.start(over).moves({ type: 'cut', at: 4 });

  it('before any game is fixed: like a lost ramsch with 60 (standard −60)', () => {
    const g = classic();
    g.do('forehand', { type: 'resign' });
    expect(g.state.result).toMatchObject({ declarer: null, game: null, resigned: 'forehand', end: 'resigned', scores: { forehand: -60, dealer: 0 } });
  });

  it('before any game is fixed, simple: the other player +2', () => {
    const g = classic({ scoring: 'simple' });
    g.do('forehand', { type: 'resign' });
    expect(g.state.result!.scores).toEqual({ forehand: 0, dealer: 2 });
  });

  it('before the cut, out of turn: the dealer may resign too', () => {
    const g = Game.start();
    g.do('dealer', { type: 'resign' });
    expect(g.state.result!.scores).toEqual({ forehand: 0, dealer: -60 });
  });

  it('the declarer resigns before the first card: all 120 to the defender, schwarz (clubs with 2: 5 × 12 × −2 = −120)', () => {
    const g = classic().moves({ type: 'declare', game: 'clubs' }, { type: 'pass' });
    g.do('forehand', { type: 'resign' });
    expect(g.state.result).toMatchObject({ won: false, matadors: 2, multiplier: 5, value: 60, schneider: true, schwarz: true });
    expect(g.state.result).toMatchObject({ declarerPoints: 0, defenderPoints: 120 });
    expect(g.state.result!.scores).toEqual({ forehand: -120, dealer: 0 });
  });

  it('the defender resigns before the first card: the declarer takes all, schwarz (clubs with 2: 5 × 12 = +60)', () => {
    const g = classic().moves({ type: 'declare', game: 'clubs' }, { type: 'pass' });
    g.do('dealer', { type: 'resign' });
    expect(g.state.result).toMatchObject({ won: true, resigned: 'dealer', end: 'resigned', scores: { forehand: 60, dealer: 0 } });
  });

  it('during the deal, after kontra: the cards not yet dealt go to the other side too (grand with 2: 5 × 24 × 2 = 240)', () => {
    const g = classic().moves({ type: 'declare', game: 'grand' }, { type: 'kontra' });
    expect(g.state.open.dealer[7]).toBeNull();
    g.do('dealer', { type: 'resign' });
    expect(g.state.result).toMatchObject({ declarerPoints: 120, schwarz: true, multiplier: 5, kontra: true });
    expect(g.state.result!.scores).toEqual({ forehand: 240, dealer: 0 });
  });

  it('with a trick in progress: its cards go to the other side; the resigner keeps its completed tricks', () => {
    const g = classic().moves({ type: 'declare', game: 'clubs' }, { type: 'pass' });
    for (let i = 0; i < 5; i++) g.do(g.state.toMove!, legalMoves(g.state, g.state.toMove!)[0]);
    expect(g.state.trick).toHaveLength(1);
    const leader = g.state.trick[0].seat;
    const kept = g.state.points[leader];
    g.do(leader, { type: 'resign' });
    const r = g.state.result!;
    expect(leader === 'forehand' ? r.declarerPoints : r.defenderPoints).toBe(kept);
  });

  it('in ramsch: the resigner takes every card and loses with them, no durchmarsch (−120; simple: the other +2)', () => {
    const g = classic().moves({ type: 'declare', game: 'ramsch' });
    g.do('dealer', { type: 'resign' });
    expect(g.state.result).toMatchObject({ durchmarsch: false, won: true, value: 120, scores: { forehand: 0, dealer: -120 } });
    const s = classic({ scoring: 'simple' }).moves({ type: 'declare', game: 'ramsch' });
    s.do('forehand', { type: 'resign' });
    expect(s.state.result!.scores).toEqual({ forehand: 0, dealer: 2 });
  });

  // Bidding on the test vector: forehand holds CJ SJ (with 2); the stock is HK SQ (7 points).
  const bidding = () => Game.start({ variant: 'bidding' }).moves({ type: 'cut', at: 4 }, { type: 'pass' }, { type: 'bid', value: 18 });

  it('a resigning declarer keeps the stock; hand, announcement and schwarz count (7 × 24 × −2)', () => {
    const g = bidding().moves({ type: 'declare', game: 'grand', hand: true, schneider: true });
    g.do('forehand', { type: 'resign' });
    // 7 : 113 and no trick: (2 + game + hand + schneider + announced + schwarz) = 7 × 24 = 168 × −2.
    expect(g.state.result).toMatchObject({ won: false, declarerPoints: 7, multiplier: 7, value: 168, scores: { forehand: -336, dealer: 0 } });
  });

  it('after the bidding, before the game is named: like a lost ramsch with 60', () => {
    const g = bidding();
    g.do('forehand', { type: 'resign' });
    expect(g.state.result).toMatchObject({ game: null, scores: { forehand: -60, dealer: 0 } });
  });

  it('the defender resigns a game that needs schneider to reach the bid: the declarer takes all and reaches it', () => {
    // The dealer bids 40, forehand holds and the dealer passes. Hearts with 2 is (2 + 1) × 10 = 30;
    // the declarer takes all 120 and every trick: (2 + 1 + schneider + schwarz) × 10 = 50 ≥ 40.
    const g = Game.start({ variant: 'bidding' }).moves(
      { type: 'cut', at: 4 },
      { type: 'bid', value: 40 },
      { type: 'hold' },
      { type: 'pass' },
      { type: 'pickUpStock' },
      { type: 'discard', cards: cards('S8 C8') },
      { type: 'declare', game: 'hearts' },
      { type: 'pass' },
    );
    g.do('dealer', { type: 'resign' });
    expect(g.state.result).toMatchObject({ declarer: 'forehand', won: true, overbid: false, value: 50 });
    expect(g.state.result!.scores.forehand).toBe(50);
  });
});

describe('running out of time (timeOut, claimed by the service)', () => {
  it('is scored like resigning: the declarer times out in clubs with 2 → −120', () => {
    const g = Game.start().moves({ type: 'cut', at: 4 }, { type: 'declare', game: 'clubs' }, { type: 'pass' });
    const d = timeOut(g.state, 'forehand');
    if (!d.ok) throw new Error(d.error.code);
    expect(d.events.map((e) => e.type)).toEqual(['timedOut', 'finished']);
    const end = d.events.reduce(evolve, g.state);
    expect(end.result).toMatchObject({ timedOut: 'forehand', resigned: null, end: 'timedOut', won: false, scores: { forehand: -120, dealer: 0 } });
    expect(timeOut(end, 'dealer')).toMatchObject({ ok: false, error: { code: 'GAME_FINISHED' } });
    // The same as a resignation at the same point, but for who and how.
    const resigned = g.do('forehand', { type: 'resign' });
    const r = (resigned.at(-1) as { result: Result }).result;
    expect(end.result).toEqual({ ...r, end: 'timedOut', resigned: null, timedOut: 'forehand' });
  });
});

describe('passing in (bidding)', () => {
  it('ends the game with 0:0 and no declarer', () => {
    const g = Game.start({ variant: 'bidding' }).moves({ type: 'cut', at: 4 }, { type: 'pass' }, { type: 'pass' });
    expect(g.state.phase).toBe('finished');
    expect(g.state.result).toMatchObject({ passedIn: true, end: 'passedIn', declarer: null, game: null, scores: { forehand: 0, dealer: 0 } });
  });
});
