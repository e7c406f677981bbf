import { describe, expect, it } from 'vitest';
import type { Card } from '@offiziersskat/client';
import { sortHand } from './hand-order.ts';
import { cardKeys, slotsPerRow } from './layout.ts';
import type { SeatModel } from './model.ts';

const seat = (open: (Card | null)[], hand: Card[] | { count: number } = []): SeatModel => ({
  name: 'x',
  stacks: open.map((o) => ({ open: o, covered: 'hidden' })),
  hand,
  tricks: 0,
  points: 0,
});

describe('keys', () => {
  it('classic: stack i has key i, whatever has left the other stacks', () => {
    const keys = cardKeys(seat(['CJ', null, 'HA', 'D7', null, 'ST', 'S9', 'CK']), 'classic');
    expect([...keys]).toEqual([
      ['CJ', '1'],
      ['HA', '3'],
      ['D7', '4'],
      ['ST', '6'],
      ['S9', '7'],
      ['CK', '8'],
    ]);
  });

  it('half open and bidding: the hand after the stacks', () => {
    const half = cardKeys(seat(['CJ', 'SJ', null, 'HA'], ['C7', 'C8', 'C9', 'CT', 'CQ', 'CK', 'CA', 'S7']), 'halfOpen');
    expect([...half.values()]).toEqual(['1', '2', '4', '5', '6', '7', '8', '9', '0', 'q', 'w']);
    const bidding = cardKeys(seat([null, 'SJ', 'HJ', 'DJ', 'CA'], ['C7', 'C8', 'C9', 'CT', 'CQ', 'CK', 'S7']), 'bidding');
    expect(bidding.get('SJ')).toBe('2');
    expect(bidding.get('C7')).toBe('6');
    expect(bidding.get('S7')).toBe('w');
  });

  it('the opponent’s hand (a count) has no keys', () => {
    expect(cardKeys(seat(['CJ'], { count: 5 }), 'bidding').size).toBe(1);
  });
});

describe('slots', () => {
  it('the widest row of each variant', () => {
    expect(slotsPerRow('classic')).toBe(8);
    expect(slotsPerRow('halfOpen')).toBe(8);
    expect(slotsPerRow('bidding')).toBe(7);
  });
});

describe('a sorted hand', () => {
  const hand: Card[] = ['D7', 'HJ', 'CA', 'SJ', 'HT', 'C7', 'CT', 'HA', 'DQ'];
  it('suit game: jacks, then the trump suit, then the rest, high to low', () => {
    expect(sortHand(hand, 'hearts')).toEqual(['SJ', 'HJ', 'HA', 'HT', 'CA', 'CT', 'C7', 'DQ', 'D7']);
  });
  it('grand, and before a game is fixed: jacks first', () => {
    expect(sortHand(hand, 'grand')).toEqual(['SJ', 'HJ', 'CA', 'CT', 'C7', 'HA', 'HT', 'DQ', 'D7']);
    expect(sortHand(hand, null)).toEqual(sortHand(hand, 'grand'));
  });
  it('null, and ramsch without trumps: jacks in their suits, A K Q J 10 9 8 7', () => {
    expect(sortHand(hand, 'null')).toEqual(['CA', 'CT', 'C7', 'SJ', 'HA', 'HJ', 'HT', 'DQ', 'D7']);
    expect(sortHand(hand, 'ramsch', 'none')).toEqual(sortHand(hand, 'null'));
  });
});
