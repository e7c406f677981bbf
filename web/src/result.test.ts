import { describe, expect, it } from 'vitest';
import type { ContractView, Result } from '../../src/engine/index.ts';
import { translator } from './i18n.ts';
import { arithmetic, describeResult } from './result.ts';

const result = (over: Partial<Result>): Result => ({
  declarer: 'forehand',
  game: 'clubs',
  won: true,
  draw: false,
  end: 'played',
  declarerPoints: 61,
  defenderPoints: 59,
  schneider: false,
  schwarz: false,
  matadors: 1,
  multiplier: 2,
  value: 24,
  kontra: false,
  re: false,
  overbid: false,
  durchmarsch: false,
  passedIn: false,
  resigned: null,
  timedOut: null,
  scores: { forehand: 24, dealer: 0 },
  ...over,
});
const contract = (over: Partial<ContractView> = {}): ContractView => ({
  declarer: 'forehand',
  game: 'clubs',
  hand: false,
  schneider: false,
  schwarz: false,
  bid: null,
  kontra: false,
  re: false,
  ...over,
});
const standard = { scoring: 'standard' as const };
const names = { forehand: 'Anna', dealer: 'Bert' };

describe('the arithmetic of a result (RULES.md worked examples)', () => {
  it('clubs with 1, 61 points: (1 + 1) × 12 = +24', () => {
    expect(arithmetic(result({}), contract(), standard)).toMatchObject({
      kind: 'suit',
      terms: [['matadorsWith', 1], ['game', 1]],
      multiplier: 2,
      base: 12,
      figure: 24,
    });
  });

  it('clubs with 1, 60 points: lost, × −2 = −48', () => {
    const r = result({ won: false, declarerPoints: 60, defenderPoints: 60, scores: { forehand: -48, dealer: 0 } });
    expect(arithmetic(r, contract(), standard)).toMatchObject({ kind: 'suit', lost: true, figure: -48 });
  });

  it('spades without 2, 70 points: (2 + 1) × 11 = +33', () => {
    const r = result({ game: 'spades', matadors: -2, multiplier: 3, value: 33, declarerPoints: 70, defenderPoints: 50, scores: { forehand: 33, dealer: 0 } });
    expect(arithmetic(r, contract({ game: 'spades' }), standard)).toMatchObject({ terms: [['matadorsWithout', 2], ['game', 1]], figure: 33 });
  });

  it('clubs with 1, all tricks: schneider and schwarz, (1 + 1 + 1 + 1) × 12 = +48', () => {
    const r = result({ declarerPoints: 120, defenderPoints: 0, schneider: true, schwarz: true, multiplier: 4, value: 48, scores: { forehand: 48, dealer: 0 } });
    expect(arithmetic(r, contract(), standard)).toMatchObject({ terms: [['matadorsWith', 1], ['game', 1], ['schneider', 1], ['schwarz', 1]], figure: 48 });
  });

  it('clubs with 1, kontra and re: +96', () => {
    const r = result({ kontra: true, re: true, scores: { forehand: 96, dealer: 0 } });
    const a = arithmetic(r, contract({ kontra: true, re: true }), standard);
    expect(a).toMatchObject({ kind: 'suit', factor: 4, figure: 96 });
    const lines = describeResult(r, contract({ kontra: true, re: true }), standard, names, translator('en')).lines;
    expect(lines).toEqual(['Card points: declarer 61, defender 59', 'with 1 + game 1 = multiplier 2', 'multiplier 2 × base value 12 = 24', 'Kontra × 2 = +48', 'Re × 2 = +96']);
  });

  it('a hand game with schneider announced counts hand, schneider and the announcement', () => {
    const r = result({ declarerPoints: 95, defenderPoints: 25, schneider: true, multiplier: 5, value: 60, scores: { forehand: 60, dealer: 0 } });
    expect(arithmetic(r, contract({ hand: true, schneider: true }), standard)).toMatchObject({
      terms: [['matadorsWith', 1], ['game', 1], ['hand', 1], ['schneider', 1], ['schneiderAnnounced', 1]],
      multiplier: 5,
    });
  });

  it('an overbid: at least the bid, lost twice over', () => {
    // Bid 30, clubs with 1: worth 24 → the next multiple of 12 that reaches 30 is 36; lost: −72.
    const r = result({ won: false, overbid: true, value: 36, declarerPoints: 70, defenderPoints: 50, scores: { forehand: -72, dealer: 0 } });
    const a = arithmetic(r, contract({ bid: 30 }), standard);
    expect(a).toMatchObject({ kind: 'suit', overbidTo: 36, lost: true, figure: -72 });
    expect(describeResult(r, contract({ bid: 30 }), standard, names, translator('de')).lines).toContain('überreizt: mindestens das Gebot 30 → 36');
  });

  it('null, ramsch, passed in, given up early', () => {
    const nul = result({ game: 'null', matadors: 0, multiplier: 1, value: 23, won: false, scores: { forehand: -46, dealer: 0 } });
    expect(arithmetic(nul, contract({ game: 'null' }), standard)).toMatchObject({ kind: 'null', figure: -46 });
    const ramsch = result({ game: 'ramsch', matadors: 0, multiplier: 1, value: 70, won: false, scores: { forehand: -70, dealer: 0 } });
    expect(arithmetic(ramsch, contract({ game: 'ramsch' }), standard)).toMatchObject({ kind: 'ramsch', durchmarsch: false });
    expect(arithmetic(result({ passedIn: true, declarer: null, game: null }), null, standard)).toEqual({ kind: 'passedIn' });
    const early = result({ declarer: null, game: null, resigned: 'dealer', scores: { forehand: 0, dealer: -60 } });
    expect(arithmetic(early, null, standard)).toEqual({ kind: 'unfixed' });
    expect(describeResult(early, null, standard, names, translator('en')).headline).toBe('Bert resigned');
  });

  it('a game given up by the clock before it was declared says so once, never as a resignation too', () => {
    const timedOut = result({ declarer: null, game: null, timedOut: 'dealer', end: 'timedOut', scores: { forehand: 0, dealer: -60 } } as Partial<Result>);
    for (const lang of ['en', 'de'] as const) {
      const d = describeResult(timedOut, null, standard, names, translator(lang));
      const all = [d.headline, ...d.lines];
      expect(d.headline).toBe(lang === 'en' ? 'Bert ran out of time' : 'Bert hat die Zeit überschritten');
      expect(all.filter((l) => /Bert/.test(l))).toHaveLength(1);
    }
    // Declared, then out of time: the game's result, and the clock once beside it.
    const late = result({ timedOut: 'forehand', won: false, scores: { forehand: -48, dealer: 0 } } as Partial<Result>);
    const d = describeResult(late, contract(), standard, names, translator('en'));
    expect([d.headline, ...d.lines].filter((l) => /ran out of time|resigned/.test(l))).toEqual(['Anna ran out of time']);
  });

  it('figures that do not add up the way this page knows are shown without a derivation', () => {
    const odd = result({ scores: { forehand: 25, dealer: 0 } });
    expect(arithmetic(odd, contract(), standard)).toEqual({ kind: 'plain' });
    const lines = describeResult(odd, contract(), standard, names, translator('en'));
    expect(lines.lines).toEqual(['Card points: declarer 61, defender 59']);
    expect(lines.scores).toEqual(['Anna: +25', 'Bert: 0']);
  });

  it('simple scoring: points to the winner, doubled by kontra', () => {
    const r = result({ kontra: true, scores: { forehand: 4, dealer: 0 } });
    const d = describeResult(r, contract({ kontra: true }), { scoring: 'simple' }, names, translator('en'));
    expect(d.headline).toBe('Clubs: Anna won');
    expect(d.lines).toContain('Simple scoring: 2 points to the winner');
    expect(d.lines).toContain('Kontra × 2 = 4');
  });

  it('simple scoring, 60 to 60: a draw, a point each, no winner to derive', () => {
    const r = result({ won: null, draw: true, declarerPoints: 60, defenderPoints: 60, scores: { forehand: 1, dealer: 1 } });
    expect(arithmetic(r, contract(), { scoring: 'simple' })).toEqual({ kind: 'plain' });
    const d = describeResult(r, contract(), { scoring: 'simple' }, names, translator('en'));
    expect(d.headline).toBe('Clubs: a draw, 60 to 60: a point each');
    expect(d.scores).toEqual(['Anna: +1', 'Bert: +1']);
    expect(describeResult(r, contract(), { scoring: 'simple' }, names, translator('de')).headline).toBe('Kreuz: unentschieden, 60 zu 60: je ein Punkt');
  });
});
