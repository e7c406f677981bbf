// Playing tricks: turning covered cards, who leads next, and the early end of a null game.
import { describe, expect, it } from 'vitest';
import { legalMoves } from './legal.ts';
import { Game, cards, deckWith } from '../../test/support/testkit.ts';

describe('a trick on the test vector (classic grand, zero seed, cut 4)', () => {
  const start = () => Game.start({ kontra: false }).moves({ type: 'cut', at: 4 }, { type: 'declare', game: 'grand' });

  it('forehand may play any of its eight open cards first', () => {
    expect(legalMoves(start().state, 'forehand').map((m) => (m.type === 'play' ? m.card : ''))).toEqual(
      cards('DJ HT S9 CJ SJ CQ D8 HQ'),
    );
  });

  it('the dealer must follow hearts with H8 or HK (HJ is a trump)', () => {
    const g = start().play('HT');
    expect(legalMoves(g.state, 'dealer')).toEqual([
      { type: 'play', card: 'H8' },
      { type: 'play', card: 'HK' },
    ]);
  });

  it('after the trick the covered cards under both played stacks are turned, and the winner leads', () => {
    const g = start().play('HT');
    const events = g.do('dealer', { type: 'play', card: 'HK' });
    expect(events).toEqual([
      { type: 'played', seat: 'dealer', card: 'HK' },
      { type: 'trickTaken', winner: 'forehand', cards: cards('HT HK'), points: 14 },
      { type: 'turned', seat: 'forehand', stack: 1, card: 'DQ' },
      { type: 'turned', seat: 'dealer', stack: 6, card: 'C8' },
    ]);
    expect(g.state.open.forehand[1]).toBe('DQ');
    expect(g.state.covered.forehand[1]).toBeNull();
    expect(g.state.open.dealer[6]).toBe('C8');
    expect(g.state).toMatchObject({ toMove: 'forehand', points: { forehand: 14, dealer: 0 }, tricks: { forehand: 1, dealer: 0 } });
    expect(g.state.lastTrick).toEqual({ cards: [{ seat: 'forehand', card: 'HT' }, { seat: 'dealer', card: 'HK' }], winner: 'forehand' });
  });

  it('a stack whose covered card was turned becomes empty when that card is played', () => {
    const g = start().play('HT', 'HK', 'DQ');
    expect(g.state.open.forehand[1]).toBeNull();
    expect(g.state.covered.forehand[1]).toBeNull();
  });

  it('S9 led: the dealer follows with SA or SQ', () => {
    const g = start().play('S9');
    expect(legalMoves(g.state, 'dealer')).toEqual([{ type: 'play', card: 'SA' }, { type: 'play', card: 'SQ' }]);
  });
});

describe('a void player trumps (rigged classic grand)', () => {
  // Forehand open SA ST SK SQ, later CA CT CK CQ. The dealer open DJ HA HK HQ, later DA CJ SJ HJ:
  // no spade to play (its spades lie covered).
  const deck = deckWith('classic', {
    forehand: cards('H7 H8 H9 HT SA ST SK SQ D7 D8 D9 DT CA CT CK CQ'),
    dealer: cards('S7 S8 S9 C7 DJ HA HK HQ C8 C9 DQ DK DA CJ SJ HJ'),
  });

  it('SA led, the dealer has no spade: any card, and DJ wins', () => {
    const g = Game.rigged({ kontra: false }, deck).moves({ type: 'cut', at: 4 }, { type: 'declare', game: 'grand' }).play('SA');
    expect(legalMoves(g.state, 'dealer')).toHaveLength(8);
    g.play('DJ');
    expect(g.state.lastTrick!.winner).toBe('dealer');
    expect(g.state.toMove).toBe('dealer');
  });
});

describe('null ends as soon as the declarer takes a trick', () => {
  // Bidding. Forehand: covered C7 C8 C9 CT CJ, open SA H7 H8 H9 HT, hand D7 D8 D9 DT DJ.
  // Dealer: covered CQ CK CA HJ HQ, open S7 S8 S9 ST SJ, hand HK HA DQ DK DA. Stock SQ SK.
  const deck = deckWith('bidding', {
    forehand: cards('C7 C8 C9 CT CJ SA H7 H8 H9 HT D7 D8 D9 DT DJ'),
    dealer: cards('CQ CK CA HJ HQ S7 S8 S9 ST SJ HK HA DQ DK DA'),
    stock: cards('SQ SK'),
  });
  const nullHand = () =>
    Game.rigged({ variant: 'bidding' }, deck).moves(
      { type: 'cut', at: 4 },
      { type: 'pass' },
      { type: 'bid', value: 18 },
      { type: 'declare', game: 'null', hand: true },
      { type: 'pass' },
    );

  it('the defender taking a trick does not end it', () => {
    const g = nullHand().play('H7', 'HA');
    expect(g.state).toMatchObject({ phase: 'playing', toMove: 'dealer' });
  });

  it('the declarer leading SA takes the first trick: over after one trick, null hand lost −70', () => {
    const g = nullHand().play('SA');
    // In null the jack follows its own suit: SJ is a spade here.
    expect(legalMoves(g.state, 'dealer').map((m) => (m.type === 'play' ? m.card : ''))).toEqual(cards('S7 S8 S9 ST SJ'));
    g.play('S7');
    expect(g.state.phase).toBe('finished');
    expect(g.state.tricks).toEqual({ forehand: 1, dealer: 0 });
    expect(g.state.result).toMatchObject({ game: 'null', won: false, value: 35, scores: { forehand: -70, dealer: 0 } });
  });
});
