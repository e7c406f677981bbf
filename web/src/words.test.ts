// The words the table, the log, the result and the score sheet use (issue 22): the contract in
// full with its trump, a declaration that reads as one, ramsch by names, a true minus sign, the
// laid-away cards in the declarer's tally.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@offiziersskat/client';
import type { ContractView, Result } from '../../src/engine/index.ts';
import { contractWords, gameWithTrump } from './contract-text.ts';
import { describeEvent } from './event-text.ts';
import { translator } from './i18n.ts';
import { countedAside, tallyPoints } from './model.ts';
import { describeResult, signedFigure } from './result.ts';

const en = translator('en');
const de = translator('de');
const names = { forehand: 'Alice', dealer: 'Bob' };
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

describe('the contract in words', () => {
  it('names the trump suit as trump, and Grand and Null say theirs', () => {
    expect(gameWithTrump(en, 'clubs')).toBe('Trump: Clubs');
    expect(gameWithTrump(de, 'hearts')).toBe('Trumpf: Herz');
    expect(gameWithTrump(en, 'grand')).toMatch(/Grand.*jacks.*trump/);
    expect(gameWithTrump(en, 'null')).toMatch(/Null.*no trump/);
    expect(gameWithTrump(en, 'ramsch')).toBe('Ramsch');
  });

  it('lists every word: hand, schneider or schwarz, kontra, re and the bid, none left out', () => {
    const c = contract({ game: 'spades', hand: true, schneider: true, kontra: true, re: true, bid: 33 });
    expect(contractWords(en, { ...c, game: 'spades' })).toEqual(['Trump: Spades', 'Hand', 'Schneider', 'Kontra', 'Re', 'bid 33']);
    expect(contractWords(de, { ...contract({ schwarz: true, schneider: true }), game: 'clubs' })).toEqual(['Trumpf: Kreuz', 'Schwarz']);
  });
});

describe('the log', () => {
  it('says a declaration as one, not as a card played', () => {
    const declared = { type: 'declared', seat: 'forehand', game: 'clubs', hand: true } as unknown as GameEvent;
    expect(describeEvent(declared, names, en)).toBe('Alice declares: Trump: Clubs · Hand');
    expect(describeEvent(declared, names, en)).not.toMatch(/plays/);
    expect(describeEvent(declared, names, de)).toBe('Alice sagt an: Trumpf: Kreuz · Hand');
  });
});

describe('the result and the sheet', () => {
  const result = (over: Partial<Result>): Result => ({
    declarer: 'forehand',
    game: 'ramsch',
    won: false,
    draw: false,
    end: 'played',
    declarerPoints: 70,
    defenderPoints: 50,
    schneider: false,
    schwarz: false,
    matadors: 0,
    multiplier: 1,
    value: 70,
    kontra: false,
    re: false,
    overbid: false,
    durchmarsch: false,
    passedIn: false,
    resigned: null,
    timedOut: null,
    scores: { forehand: -70, dealer: 0 },
    ...over,
  });

  it('ramsch names the players, never a declarer or a defender', () => {
    const d = describeResult(result({}), contract({ game: 'ramsch' }), { scoring: 'standard' }, names, en);
    const text = [d.headline, ...d.lines].join('\n');
    expect(text).toContain('Card points: Alice 70, Bob 50');
    expect(text).not.toMatch(/declarer|defender/i);
  });

  it('writes a negative figure with a true minus sign, as the sheet does', () => {
    expect(signedFigure(-84)).toBe('−84');
    expect(signedFigure(12)).toBe('+12');
  });
});

describe('the deal in words', () => {
  it('says what the stock is, and counts covered cards instead of drawing ▮', () => {
    const stock = { type: 'dealt', to: 'stock', cards: ['hidden', 'hidden'] } as unknown as GameEvent;
    for (const t of [en, de]) expect(describeEvent(stock, names, t)).not.toMatch(/▮/);
    expect(describeEvent(stock, names, en)).toMatch(/^Two cards go face down to the stock \(Skat\): the declarer may pick them up/);
    expect(describeEvent(stock, names, de)).toMatch(/^Zwei Karten gehen verdeckt in den Skat/);
    const covered = { type: 'dealt', to: 'covered', seat: 'dealer', cards: ['hidden', 'hidden', 'hidden'] } as unknown as GameEvent;
    expect(describeEvent(covered, names, en)).toBe('Dealt to Bob, covered: 3 covered cards');
    const known = { type: 'dealt', to: 'stock', cards: ['CJ', 'D7'] } as unknown as GameEvent;
    expect(describeEvent(known, names, en)).toBe('The stock (Skat), two cards set aside for the declarer: Jack of Clubs, Seven of Diamonds');
  });
});

describe("the declarer's tally", () => {
  it('counts the laid-away cards once the table shows them', () => {
    const seat = (points: number) => ({ name: 'x', stacks: [], hand: [], tricks: 2, points });
    const model = { seats: { forehand: seat(35), dealer: seat(70) }, contract: contract({ declarer: 'forehand' }), discards: ['ST', 'HK'] as const };
    expect(tallyPoints(model as never, 'forehand')).toBe(35 + 10 + 4);
    expect(tallyPoints(model as never, 'dealer')).toBe(70);
    // Hidden from this viewer: nothing to add.
    expect(tallyPoints({ ...model, discards: { count: 2 } } as never, 'forehand')).toBe(35);
  });

  it('counts the untouched stock of a hand game for the declarer, as the result does (77 on the table was 80 in the result)', () => {
    const seat = (points: number) => ({ name: 'x', stacks: [], hand: [], tricks: 2, points });
    const model = { seats: { forehand: seat(77), dealer: seat(40) }, contract: contract({ declarer: 'forehand', hand: true }), stock: ['D9', 'HQ'], discards: [] };
    expect(tallyPoints(model as never, 'forehand')).toBe(80);
    expect(countedAside(model as never)).toEqual({ kind: 'stock', cards: ['D9', 'HQ'], points: 3 });
    expect(tallyPoints({ ...model, stock: { count: 2 } } as never, 'forehand')).toBe(77);
  });
});
