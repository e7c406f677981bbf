// Scoring: RULES.md's worked examples and the bidding rows as tables (each with the arithmetic),
// simple scoring, ramsch, kontra/re, resignations and passing in.
import { describe, expect, it } from 'vitest';
import { timeOut } from './decide.ts';
import { evolve } from './evolve.ts';
import { finalResult, matadors } from './score.ts';
import { legalMoves } from './legal.ts';
import { Game, cards, deckWith, fabricate, type Ending } from './testkit.ts';
import type { Result } from './types.ts';

const played = (e: Ending): Result => finalResult(fabricate(e), { kind: 'played' });
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

describe("RULES.md's worked examples (standard, classic)", () => {
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
      -432,
      'announcement missed: (4 + 1 + 1 + 1 + 1 + 1) × 24 = 216 × −2',
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
    expect(g.state.result).toMatchObject({ declarer: null, game: null, resigned: 'forehand', scores: { forehand: -60, dealer: 0 } });
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

  it('the declarer resigns: lost, no schneider counted (clubs with 2: 3 × 12 × −2 = −72)', () => {
    const g = classic().moves({ type: 'declare', game: 'clubs' }, { type: 'pass' });
    g.do('forehand', { type: 'resign' });
    expect(g.state.result).toMatchObject({ won: false, matadors: 2, multiplier: 3, value: 36, schneider: false, schwarz: false });
    expect(g.state.result!.scores).toEqual({ forehand: -72, dealer: 0 });
  });

  it('the defender resigns: the declarer wins (clubs with 2: +36)', () => {
    const g = classic().moves({ type: 'declare', game: 'clubs' }, { type: 'pass' });
    g.do('dealer', { type: 'resign' });
    expect(g.state.result).toMatchObject({ won: true, resigned: 'dealer', scores: { forehand: 36, dealer: 0 } });
  });

  it('after kontra: the factor counts (grand with 2, kontra: 72 × 2 = 144)', () => {
    const g = classic().moves({ type: 'declare', game: 'grand' }, { type: 'kontra' });
    g.do('dealer', { type: 'resign' });
    expect(g.state.result!.scores).toEqual({ forehand: 144, dealer: 0 });
  });

  it('in ramsch: like a lost ramsch with 60', () => {
    const g = classic().moves({ type: 'declare', game: 'ramsch' });
    g.do('dealer', { type: 'resign' });
    expect(g.state.result!.scores).toEqual({ forehand: 0, dealer: -60 });
    const s = classic({ scoring: 'simple' }).moves({ type: 'declare', game: 'ramsch' });
    s.do('forehand', { type: 'resign' });
    expect(s.state.result!.scores).toEqual({ forehand: 0, dealer: 2 });
  });

  // Bidding on the test vector: forehand holds CJ SJ (with 2).
  const bidding = () => Game.start({ variant: 'bidding' }).moves({ type: 'cut', at: 4 }, { type: 'pass' }, { type: 'bid', value: 18 });

  it('a resigning declarer still counts hand and announcements (grand hand, schneider announced: 5 × 24 × −2)', () => {
    const g = bidding().moves({ type: 'declare', game: 'grand', hand: true, schneider: true });
    g.do('forehand', { type: 'resign' });
    expect(g.state.result).toMatchObject({ won: false, multiplier: 5, value: 120, scores: { forehand: -240, dealer: 0 } });
  });

  it('after the bidding, before the game is named: like a lost ramsch with 60', () => {
    const g = bidding();
    g.do('forehand', { type: 'resign' });
    expect(g.state.result).toMatchObject({ game: null, scores: { forehand: -60, dealer: 0 } });
  });

  it('the defender resigns a game that needed schneider to reach the bid: the declarer still wins', () => {
    // The dealer bids 40, forehand holds and the dealer passes. Hearts with 2 is (2 + 1) × 10 = 30;
    // only schneider would reach 40. Resigning must not turn the declarer's win into an overbid.
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
    expect(g.state.result).toMatchObject({ declarer: 'forehand', won: true });
    expect(g.state.result!.scores.forehand).toBe(40);
  });
});

describe('running out of time (timeOut, claimed by the service)', () => {
  it('is scored like resigning: the declarer times out in clubs with 2 → −72', () => {
    const g = Game.start().moves({ type: 'cut', at: 4 }, { type: 'declare', game: 'clubs' }, { type: 'pass' });
    const d = timeOut(g.state, 'forehand');
    if (!d.ok) throw new Error(d.error.code);
    expect(d.events.map((e) => e.type)).toEqual(['timedOut', 'finished']);
    const end = d.events.reduce(evolve, g.state);
    expect(end.result).toMatchObject({ timedOut: 'forehand', resigned: null, won: false, scores: { forehand: -72, dealer: 0 } });
    expect(timeOut(end, 'dealer')).toMatchObject({ ok: false, error: { code: 'GAME_FINISHED' } });
  });
});

describe('passing in (bidding)', () => {
  it('ends the game with 0:0 and no declarer', () => {
    const g = Game.start({ variant: 'bidding' }).moves({ type: 'cut', at: 4 }, { type: 'pass' }, { type: 'pass' });
    expect(g.state.phase).toBe('finished');
    expect(g.state.result).toMatchObject({ passedIn: true, declarer: null, game: null, scores: { forehand: 0, dealer: 0 } });
  });
});
