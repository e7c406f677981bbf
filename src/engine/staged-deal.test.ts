// The staged deal: which cards exist, and which each viewer sees, at each decision point.
// Test vector (zero seed) cut at 4; see seed.test.ts for the whole deal.
import { describe, expect, it } from 'vitest';
import { Game, cards } from '../../test/support/testkit.ts';
import type { Card, GameEvent, Viewer } from './types.ts';
import { view, viewEvent, visibleCards } from './view.ts';

const VIEWERS: Viewer[] = ['forehand', 'dealer', 'spectator'];
const sorted = (cs: readonly Card[]) => [...cs].sort();
const sees = (g: Game, viewer: Viewer) => sorted(visibleCards(view(g.state, viewer)));
/** The cards an event shows a viewer while the game runs. */
const shown = (events: GameEvent[], viewer: Viewer) =>
  events.flatMap((e) => {
    const v = viewEvent(e, viewer, false);
    return v.type === 'dealt' ? v.cards.filter((c) => c !== 'hidden') : [];
  });

describe('classic', () => {
  const cut = () => Game.start();

  it('before the cut nothing is dealt', () => {
    for (const viewer of VIEWERS) expect(sees(cut(), viewer)).toEqual([]);
  });

  it('when forehand declares it sees only its own first four open cards (everyone sees the same)', () => {
    const g = cut();
    const events = g.do('forehand', { type: 'cut', at: 4 });
    for (const viewer of VIEWERS) {
      expect(sees(g, viewer)).toEqual(sorted(cards('DJ HT S9 CJ')));
      expect(shown(events, viewer)).toEqual(cards('DJ HT S9 CJ'));
      const t = view(g.state, viewer).table;
      expect(t.forehand.stacks.map((s) => s.covered)).toEqual(['hidden', 'hidden', 'hidden', 'hidden', null, null, null, null]);
      expect(t.dealer.stacks.map((s) => s.covered)).toEqual(['hidden', 'hidden', 'hidden', 'hidden', null, null, null, null]);
      expect(t.dealer.stacks.map((s) => s.open)).toEqual(new Array(8).fill(null));
    }
  });

  it("the dealer's first four open cards appear before kontra", () => {
    const g = cut().moves({ type: 'cut', at: 4 });
    const events = g.do('forehand', { type: 'declare', game: 'grand' });
    expect(g.state.phase).toBe('kontra');
    for (const viewer of VIEWERS) {
      expect(sees(g, viewer)).toEqual(sorted(cards('DJ HT S9 CJ H8 SA D7 CK')));
      expect(shown(events, viewer)).toEqual(cards('H8 SA D7 CK'));
    }
  });

  it('the rest is dealt after the kontra decision: eight open cards each, all covered hidden', () => {
    const g = cut().moves({ type: 'cut', at: 4 }, { type: 'declare', game: 'grand' });
    const events = g.do('dealer', { type: 'pass' });
    for (const viewer of VIEWERS) {
      expect(sees(g, viewer)).toEqual(sorted(cards('DJ HT S9 CJ SJ CQ D8 HQ H8 SA D7 CK HJ DK HK SQ')));
      expect(shown(events, viewer)).toEqual(cards('SJ CQ D8 HQ HJ DK HK SQ'));
      expect(view(g.state, viewer).table.forehand.stacks.every((s) => s.covered === 'hidden')).toBe(true);
    }
  });

  it("after a kontra forehand decides re on its own second batch: the dealer's last four open cards follow", () => {
    const g = cut().moves({ type: 'cut', at: 4 }, { type: 'declare', game: 'grand' });
    const kontra = g.do('dealer', { type: 'kontra' });
    expect(g.state.phase).toBe('re');
    for (const viewer of VIEWERS) {
      // Positions 16–27: covered 16–23 hidden to all, forehand's open 24–27 public; 28–31 not dealt.
      expect(sees(g, viewer)).toEqual(sorted(cards('DJ HT S9 CJ SJ CQ D8 HQ H8 SA D7 CK')));
      expect(shown(kontra, viewer)).toEqual(cards('SJ CQ D8 HQ'));
      const t = view(g.state, viewer).table;
      expect(t.dealer.stacks.slice(4)).toEqual(new Array(4).fill({ open: null, covered: 'hidden' }));
    }
    const re = g.do('forehand', { type: 're' });
    for (const viewer of VIEWERS) {
      expect(shown(re, viewer)).toEqual(cards('HJ DK HK SQ'));
      expect(sees(g, viewer)).toHaveLength(16);
    }
  });

  it('without kontra the whole deal follows the declaration at once', () => {
    const g = Game.start({ kontra: false }).moves({ type: 'cut', at: 4 }, { type: 'declare', game: 'clubs' });
    expect(g.state.phase).toBe('playing');
    expect(sees(g, 'spectator')).toHaveLength(16);
  });

  it('after the end every card is visible', () => {
    const g = cut().moves({ type: 'cut', at: 4 }, { type: 'declare', game: 'grand' }, { type: 'pass' });
    g.do('dealer', { type: 'resign' });
    for (const viewer of VIEWERS) expect(sees(g, viewer)).toHaveLength(32);
  });
});

describe('halfOpen', () => {
  const declared = () => Game.start({ variant: 'halfOpen' }).moves({ type: 'cut', at: 4 }, { type: 'declare', game: 'grand' });

  it('deals four stacks each and pauses twice, like classic', () => {
    const g = Game.start({ variant: 'halfOpen' }).moves({ type: 'cut', at: 4 });
    expect(sees(g, 'dealer')).toEqual(sorted(cards('DJ HT S9 CJ')));
    expect(sees(declared(), 'forehand')).toEqual(sorted(cards('DJ HT S9 CJ H8 SA D7 CK')));
  });

  const open = cards('DJ HT S9 CJ H8 SA D7 CK');
  const forehandHand = cards('DA CA S7 H7 S8 SK C8 D9');
  const dealerHand = cards('SJ CQ D8 HQ HJ DK HK SQ');

  it('after a kontra forehand gets its hand and decides re; the dealer has no hand yet', () => {
    const g = declared();
    const events = g.do('dealer', { type: 'kontra' });
    expect(g.state.phase).toBe('re');
    expect(sees(g, 'forehand')).toEqual(sorted([...open, ...forehandHand]));
    expect(sees(g, 'dealer')).toEqual(sorted(open));
    expect(sees(g, 'spectator')).toEqual(sorted(open));
    expect(view(g.state, 'forehand').table.dealer.hand).toEqual({ count: 0 });
    expect(view(g.state, 'spectator').table.forehand.hand).toEqual({ count: 8 });
    expect(shown(events, 'forehand')).toEqual(forehandHand);
    expect(shown(events, 'dealer')).toEqual([]);
    expect(shown(events, 'spectator')).toEqual([]);
  });

  it("the dealer's hand follows the re decision: each player sees its own eight hand cards, the other a count", () => {
    const g = declared().moves({ type: 'kontra' });
    const events = g.do('forehand', { type: 'pass' });
    expect(sees(g, 'forehand')).toEqual(sorted([...open, ...forehandHand]));
    expect(sees(g, 'dealer')).toEqual(sorted([...open, ...dealerHand]));
    expect(sees(g, 'spectator')).toEqual(sorted(open));
    expect(view(g.state, 'forehand').table.dealer.hand).toEqual({ count: 8 });
    expect(shown(events, 'forehand')).toEqual([]);
    expect(shown(events, 'dealer')).toEqual(dealerHand);
  });

  it('without kontra both hands follow the kontra decision at once', () => {
    const g = declared();
    g.do('dealer', { type: 'pass' });
    expect(g.state.phase).toBe('playing');
    expect(sees(g, 'dealer')).toEqual(sorted([...open, ...dealerHand]));
    expect(sees(g, 'forehand')).toEqual(sorted([...open, ...forehandHand]));
  });
});

describe('bidding', () => {
  const open = cards('S9 CJ H8 SA D7 CK DA CA S7 H7');
  const forehandHand = cards('S8 SK C8 D9 SJ');
  const dealerHand = cards('CQ D8 HQ HJ DK');

  it('deals everything before the bidding: ten open cards, five hand cards each, the stock hidden', () => {
    const g = Game.start({ variant: 'bidding' });
    const events = g.do('forehand', { type: 'cut', at: 4 });
    expect(sees(g, 'forehand')).toEqual(sorted([...open, ...forehandHand]));
    expect(sees(g, 'dealer')).toEqual(sorted([...open, ...dealerHand]));
    expect(sees(g, 'spectator')).toEqual(sorted(open));
    for (const viewer of VIEWERS) expect(view(g.state, viewer).stock).toEqual({ count: 2 });
    expect(shown(events, 'spectator')).toEqual(open);
  });

  it('the stock goes to the declarer only, the discards are the declarer\'s secret', () => {
    const g = Game.start({ variant: 'bidding' }).moves({ type: 'cut', at: 4 }, { type: 'pass' }, { type: 'bid', value: 18 });
    const picked = g.do('forehand', { type: 'pickUpStock' });
    expect(sees(g, 'forehand')).toEqual(sorted([...open, ...forehandHand, ...cards('HK SQ')]));
    expect(sees(g, 'dealer')).toEqual(sorted([...open, ...dealerHand]));
    expect(viewEvent(picked[0], 'forehand', false)).toMatchObject({ cards: cards('HK SQ') });
    expect(viewEvent(picked[0], 'dealer', false)).toMatchObject({ cards: ['hidden', 'hidden'] });
    expect(viewEvent(picked[0], 'spectator', false)).toMatchObject({ cards: ['hidden', 'hidden'] });

    const discarded = g.do('forehand', { type: 'discard', cards: cards('HK S8') });
    expect(view(g.state, 'forehand').discards).toEqual(cards('HK S8'));
    expect(view(g.state, 'dealer').discards).toEqual({ count: 2 });
    expect(view(g.state, 'spectator').discards).toEqual({ count: 2 });
    expect(viewEvent(discarded[0], 'dealer', false)).toMatchObject({ cards: ['hidden', 'hidden'] });
    expect(viewEvent(discarded[0], 'forehand', false)).toMatchObject({ cards: cards('HK S8') });
    expect(sees(g, 'dealer')).not.toContain('HK');
  });

  it('a hand game leaves the stock hidden until the end, then shows it', () => {
    const g = Game.start({ variant: 'bidding' }).moves(
      { type: 'cut', at: 4 },
      { type: 'pass' },
      { type: 'bid', value: 18 },
      { type: 'declare', game: 'grand', hand: true },
    );
    expect(sees(g, 'forehand')).not.toContain('HK');
    g.do('dealer', { type: 'resign' });
    expect(view(g.state, 'dealer').stock).toEqual(cards('HK SQ'));
    expect(sees(g, 'spectator')).toHaveLength(32);
  });
});
