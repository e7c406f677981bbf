// Kontra and re: who may say them, when, and what they do to the game.
import { describe, expect, it } from 'vitest';
import { legalMoves } from './legal.ts';
import { Game } from '../../test/support/testkit.ts';
import type { Config } from './types.ts';

const classic = (over: Partial<Config> = {}) => Game.start(over).moves({ type: 'cut', at: 4 });
const bidding = (over: Partial<Config> = {}) =>
  Game.start({ variant: 'bidding', ...over }).moves({ type: 'cut', at: 4 }, { type: 'pass' }, { type: 'bid', value: 18 });

describe('classic and halfOpen', () => {
  it('given a declared suit game, the dealer may say kontra or pass', () => {
    const g = classic().moves({ type: 'declare', game: 'clubs' });
    expect(g.state).toMatchObject({ phase: 'kontra', toMove: 'dealer' });
    expect(legalMoves(g.state, 'dealer')).toEqual([{ type: 'kontra' }, { type: 'pass' }]);
    expect(legalMoves(g.state, 'forehand')).toEqual([]);
  });

  it('when the dealer passes, play starts with forehand leading, no re', () => {
    const g = classic().moves({ type: 'declare', game: 'clubs' }, { type: 'pass' });
    expect(g.state).toMatchObject({ phase: 'playing', toMove: 'forehand' });
    expect(g.state.contract).toMatchObject({ kontra: false, re: false });
  });

  it("when the dealer says kontra, forehand's second batch is dealt and forehand may say re", () => {
    const g = classic().moves({ type: 'declare', game: 'clubs' }, { type: 'kontra' });
    expect(g.state).toMatchObject({ phase: 're', toMove: 'forehand' });
    expect(g.state.open.forehand.every((c) => c !== null)).toBe(true);
    // The dealer's last four open cards wait for the re decision.
    expect(g.state.open.dealer.slice(4)).toEqual([null, null, null, null]);
    expect(legalMoves(g.state, 'forehand')).toEqual([{ type: 're' }, { type: 'pass' }]);
  });

  it("the dealer's last four open cards follow the re decision, said or not", () => {
    for (const decision of [{ type: 're' }, { type: 'pass' }] as const) {
      const g = classic().moves({ type: 'declare', game: 'clubs' }, { type: 'kontra' });
      const events = g.do('forehand', decision);
      expect(events.map((e) => e.type)).toEqual([decision.type === 're' ? 're' : 'passed', 'dealt']);
      expect(events[1]).toMatchObject({ seat: 'dealer', to: 'open', stacks: [4, 5, 6, 7], cards: ['HJ', 'DK', 'HK', 'SQ'] });
      expect(g.state.open.dealer.every((c) => c !== null)).toBe(true);
    }
  });

  it('re then play: the contract carries both', () => {
    const g = classic().moves({ type: 'declare', game: 'grand' }, { type: 'kontra' }, { type: 're' });
    expect(g.state).toMatchObject({ phase: 'playing', toMove: 'forehand' });
    expect(g.state.contract).toMatchObject({ kontra: true, re: true });
  });

  it('kontra, then re declined', () => {
    const g = classic().moves({ type: 'declare', game: 'grand' }, { type: 'kontra' }, { type: 'pass' });
    expect(g.state.phase).toBe('playing');
    expect(g.state.contract).toMatchObject({ kontra: true, re: false });
  });

  it("halfOpen: re comes after forehand's hand is dealt, the dealer's hand after re", () => {
    const g = Game.start({ variant: 'halfOpen' }).moves({ type: 'cut', at: 4 }, { type: 'declare', game: 'hearts' }, { type: 'kontra' });
    expect(g.state.phase).toBe('re');
    expect(g.state.hand.forehand).toHaveLength(8);
    expect(g.state.hand.dealer).toHaveLength(0);
    g.moves({ type: 'pass' });
    expect(g.state.phase).toBe('playing');
    expect(g.state.hand.dealer).toHaveLength(8);
  });

  it('ramsch has no kontra: play starts at once with the whole deal', () => {
    const g = classic().moves({ type: 'declare', game: 'ramsch' });
    expect(g.state).toMatchObject({ phase: 'playing', toMove: 'forehand' });
    expect(g.state.open.dealer.every((c) => c !== null)).toBe(true);
  });

  it('option kontra off: no kontra phase', () => {
    const g = classic({ kontra: false }).moves({ type: 'declare', game: 'clubs' });
    expect(g.state.phase).toBe('playing');
  });
});

describe('bidding', () => {
  it('after the declaration the defender may say kontra, then the declarer re', () => {
    const g = bidding().moves({ type: 'declare', game: 'spades', hand: true });
    expect(g.state).toMatchObject({ phase: 'kontra', toMove: 'dealer' });
    g.moves({ type: 'kontra' });
    expect(g.state).toMatchObject({ phase: 're', toMove: 'forehand' });
    g.moves({ type: 're' });
    expect(g.state).toMatchObject({ phase: 'playing', toMove: 'forehand' });
    expect(g.state.contract).toMatchObject({ kontra: true, re: true });
  });

  it('when the dealer is declarer, forehand says kontra and still leads', () => {
    const g = Game.start({ variant: 'bidding' }).moves(
      { type: 'cut', at: 4 },
      { type: 'bid', value: 18 },
      { type: 'pass' },
      { type: 'declare', game: 'grand', hand: true },
    );
    expect(g.state).toMatchObject({ phase: 'kontra', toMove: 'forehand' });
    g.moves({ type: 'kontra' });
    expect(g.state).toMatchObject({ phase: 're', toMove: 'dealer' });
    g.moves({ type: 'pass' });
    expect(g.state).toMatchObject({ phase: 'playing', toMove: 'forehand' });
  });

  it('kontra is allowed in null (the scoring line "then kontra/re")', () => {
    const g = bidding().moves({ type: 'declare', game: 'null', hand: true });
    expect(g.state.phase).toBe('kontra');
    g.moves({ type: 'kontra' });
    expect(g.state.contract).toMatchObject({ game: 'null', kontra: true });
  });

  it('option kontra off: play starts after the declaration', () => {
    const g = bidding({ kontra: false }).moves({ type: 'declare', game: 'null', hand: true });
    expect(g.state.phase).toBe('playing');
  });
});
