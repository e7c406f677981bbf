// The replay and the analysis meet at cards: the position after the n-th card played, and the
// number of cards played at a position, each the other's inverse.
import { describe, expect, it } from 'vitest';
import { playedRecord } from '../../test/support/test-record.ts';
import { ReplayModel } from './replay-model.ts';

describe('the replay by cards played', () => {
  it('after the n-th card is the position of its event; the cards played there are n', () => {
    for (const variant of ['classic', 'halfOpen', 'bidding'] as const) {
      const replay = new ReplayModel(playedRecord(variant, 5));
      const plays = replay.events.flatMap((e, i) => (e.type === 'played' ? [i] : []));
      expect(plays.length).toBeGreaterThan(0);
      plays.forEach((at, i) => {
        expect(replay.afterCard(i + 1)).toBe(at + 1);
        expect(replay.events[replay.afterCard(i + 1) - 1].type).toBe('played');
        expect(replay.cardsAt(replay.afterCard(i + 1))).toBe(i + 1);
      });
      // Before any card: the start of play; past the last card: the end.
      expect(replay.afterCard(0)).toBe(plays[0]);
      expect(replay.cardsAt(plays[0])).toBe(0);
      expect(replay.afterCard(plays.length + 5)).toBe(replay.last);
      expect(replay.cardsAt(replay.last)).toBe(plays.length);
    }
  });
});
