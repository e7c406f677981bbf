// The bidding variant: saying and answering, passing in, the stock, hand games.
// Test vector (zero seed, cut 4): forehand hand S8 SK C8 D9 SJ, the stock HK SQ.
import { describe, expect, it } from 'vitest';
import { BID_VALUES } from './bids.ts';
import { legalMoves } from './legal.ts';
import { Game, cards } from '../../test/support/testkit.ts';
import { view } from './view.ts';

const cut = () => Game.start({ variant: 'bidding' }).moves({ type: 'cut', at: 4 });

describe('saying and answering', () => {
  it('given the cut, the dealer says first: any bid value, or pass', () => {
    const g = cut();
    expect(g.state).toMatchObject({ phase: 'bidding', toMove: 'dealer' });
    expect(legalMoves(g.state, 'dealer')).toEqual([...BID_VALUES.map((value) => ({ type: 'bid', value })), { type: 'pass' }]);
    expect(legalMoves(g.state, 'forehand')).toEqual([]);
  });

  it('when the dealer bids, forehand holds or passes', () => {
    const g = cut().moves({ type: 'bid', value: 20 });
    expect(g.state.toMove).toBe('forehand');
    expect(legalMoves(g.state, 'forehand')).toEqual([{ type: 'hold' }, { type: 'pass' }]);
  });

  it('when forehand holds, the dealer must go higher or pass', () => {
    const g = cut().moves({ type: 'bid', value: 20 }, { type: 'hold' });
    expect(g.state.toMove).toBe('dealer');
    const bids = legalMoves(g.state, 'dealer').filter((m) => m.type === 'bid');
    expect(bids[0]).toEqual({ type: 'bid', value: 22 });
    expect(bids).toHaveLength(BID_VALUES.length - 2);
  });

  it('when the dealer passes after forehand held, forehand plays at the held value', () => {
    const g = cut().moves({ type: 'bid', value: 20 }, { type: 'hold' }, { type: 'bid', value: 30 }, { type: 'hold' }, { type: 'pass' });
    expect(g.state).toMatchObject({ phase: 'stock', toMove: 'forehand' });
    expect(g.state.contract).toMatchObject({ declarer: 'forehand', bid: 30, game: null });
  });

  it('when forehand passes, the dealer plays at its bid', () => {
    const g = cut().moves({ type: 'bid', value: 20 }, { type: 'pass' });
    expect(g.state).toMatchObject({ phase: 'stock', toMove: 'dealer' });
    expect(g.state.contract).toMatchObject({ declarer: 'dealer', bid: 20 });
  });

  it('when the dealer passes at once, forehand may bid 18 or more and plays at it', () => {
    const g = cut().moves({ type: 'pass' });
    expect(g.state.toMove).toBe('forehand');
    expect(legalMoves(g.state, 'forehand')).toEqual([...BID_VALUES.map((value) => ({ type: 'bid', value })), { type: 'pass' }]);
    g.moves({ type: 'bid', value: 23 });
    expect(g.state).toMatchObject({ phase: 'stock', toMove: 'forehand' });
    expect(g.state.contract).toMatchObject({ declarer: 'forehand', bid: 23 });
  });

  it('when both pass, the game is passed in: finished, 0:0, everything shown', () => {
    const g = cut().moves({ type: 'pass' }, { type: 'pass' });
    expect(g.state.phase).toBe('finished');
    expect(g.state.result).toMatchObject({ passedIn: true, scores: { forehand: 0, dealer: 0 } });
    expect(g.events.at(-1)).toMatchObject({ type: 'finished', serverSeed: g.state.serverSeed });
    expect(view(g.state, 'spectator').stock).toEqual(cards('HK SQ'));
    for (const seat of ['forehand', 'dealer'] as const) expect(legalMoves(g.state, seat)).toEqual([]);
  });
});

describe('the stock', () => {
  const won = () => cut().moves({ type: 'pass' }, { type: 'bid', value: 18 });

  it('the declarer picks it up or plays hand', () => {
    const moves = legalMoves(won().state, 'forehand');
    expect(moves[0]).toEqual({ type: 'pickUpStock' });
    expect(moves).toContainEqual({ type: 'declare', game: 'grand', hand: true, schneider: true, schwarz: true });
    expect(moves).toContainEqual({ type: 'declare', game: 'null', hand: true });
    expect(moves).not.toContainEqual({ type: 'declare', game: 'null', hand: true, schneider: true });
  });

  it('picked up: seven hand cards, then any two are discarded face down', () => {
    const g = won().moves({ type: 'pickUpStock' });
    expect(g.state.hand.forehand).toEqual(cards('S8 SK C8 D9 SJ HK SQ'));
    expect(g.state.stock).toEqual([]);
    expect(legalMoves(g.state, 'forehand')).toHaveLength(21);
    g.moves({ type: 'discard', cards: cards('HK SJ') });
    expect(g.state.hand.forehand).toEqual(cards('S8 SK C8 D9 SQ'));
    expect(g.state.discards).toEqual(cards('HK SJ'));
    expect(g.state).toMatchObject({ phase: 'declaring', toMove: 'forehand' });
    expect(legalMoves(g.state, 'forehand')).toEqual(
      ['clubs', 'spades', 'hearts', 'diamonds', 'grand', 'null'].map((game) => ({ type: 'declare', game })),
    );
  });

  it('a declaration after picking up is no hand game', () => {
    const g = won().moves({ type: 'pickUpStock' }, { type: 'discard', cards: cards('HK SQ') }, { type: 'declare', game: 'hearts' });
    expect(g.state.contract).toMatchObject({ game: 'hearts', hand: false, schneider: false, bid: 18 });
  });

  it('hand: the stock stays, announcements are allowed; schwarz includes schneider', () => {
    const g = won().moves({ type: 'declare', game: 'clubs', hand: true, schwarz: true });
    expect(g.state.stock).toEqual(cards('HK SQ'));
    expect(g.state.contract).toMatchObject({ game: 'clubs', hand: true, schneider: true, schwarz: true });
  });

  it('forehand leads the first trick even when the dealer declares', () => {
    const g = cut().moves({ type: 'bid', value: 18 }, { type: 'pass' }, { type: 'declare', game: 'grand', hand: true }, { type: 'pass' });
    expect(g.state).toMatchObject({ phase: 'playing', toMove: 'forehand' });
    expect(g.state.contract!.declarer).toBe('dealer');
  });
});
