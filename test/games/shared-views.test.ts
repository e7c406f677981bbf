// The views and rounds of streams are made once per version per viewer and shared.
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/games/game.ts';
import { SharedRounds, SharedViews } from '../../src/games/shared-views.ts';

const gameAt = (id: string, version: number) => ({ row: { id, version } }) as unknown as Game;

describe('SharedViews', () => {
  it('makes a view once per version of a game per viewer, and hands the same text to every stream', async () => {
    const made: string[] = [];
    const views = new SharedViews(async (game, viewer) => {
      made.push(`${game.row.id}@${game.row.version}:${viewer}`);
      return { id: game.row.id, version: game.row.version, you: viewer };
    });
    const texts = await Promise.all([1, 2, 3].map(() => views.text(gameAt('g', 4), 'forehand')));
    expect(new Set(texts).size).toBe(1);
    expect(JSON.parse(texts[0])).toEqual({ id: 'g', version: 4, you: 'forehand' });
    await views.text(gameAt('g', 4), 'dealer');
    await views.text(gameAt('g', 5), 'forehand');
    await views.text(gameAt('g', 5), 'forehand');
    expect(made).toEqual(['g@4:forehand', 'g@4:dealer', 'g@5:forehand']);
    expect(views.stats).toEqual({ made: 3, shared: 3 });
    // A stream that woke late, on an older version, gets its own view; the newer one stays kept.
    await views.text(gameAt('g', 4), 'forehand');
    await views.text(gameAt('g', 5), 'forehand');
    expect(views.stats).toEqual({ made: 4, shared: 4 });
  });

  it('keeps at most `max` games, and no view that failed', async () => {
    let fail = true;
    const views = new SharedViews(async (game) => {
      if (fail) throw new Error('names away');
      return game.row.id;
    }, 2);
    await expect(views.text(gameAt('a', 1), 'spectator')).rejects.toThrow('names away');
    fail = false;
    expect(await views.text(gameAt('a', 1), 'spectator')).toBe('"a"');
    await views.text(gameAt('b', 1), 'spectator');
    await views.text(gameAt('c', 1), 'spectator');
    await views.text(gameAt('a', 1), 'spectator'); // evicted: made again
    expect(views.stats).toEqual({ made: 5, shared: 0 });
  });
});

describe('SharedRounds', () => {
  it('makes a round once per version, viewer, place and kind, and hands the same list to every stream there', async () => {
    const made: string[] = [];
    const rounds = new SharedRounds(async (game, viewer, from, kind) => {
      made.push(`${game.row.id}@${game.row.version}:${viewer}:${from}:${kind}`);
      return [{ seq: from + 1, type: 'played', payload: { viewer } }];
    });
    const lists = await Promise.all([1, 2, 3].map(() => rounds.items(gameAt('g', 7), 'spectator', 6, 'next')));
    expect(new Set(lists).size).toBe(1);
    // Another place, kind, viewer or version is another round.
    await rounds.items(gameAt('g', 7), 'spectator', 5, 'next');
    await rounds.items(gameAt('g', 7), 'spectator', 6, 'first');
    await rounds.items(gameAt('g', 7), 'dealer', 6, 'next');
    await rounds.items(gameAt('g', 8), 'spectator', 6, 'next');
    expect(made).toEqual(['g@7:spectator:6:next', 'g@7:spectator:5:next', 'g@7:spectator:6:first', 'g@7:dealer:6:next', 'g@8:spectator:6:next']);
    expect(rounds.stats).toEqual({ made: 5, shared: 2 });
  });
});

describe('SharedRounds.itemsNow (a commit pushed to streams)', () => {
  it('answers a round at once when it is made, or can be made without waiting; else undefined, and the promised round is kept', async () => {
    let now = true;
    const rounds = new SharedRounds(
      async (game, viewer, from) => [{ seq: from + 1, type: `async ${game.row.version} ${viewer}`, payload: null }],
      undefined,
      (game, viewer, from) => (now ? [{ seq: from + 1, type: `now ${game.row.version} ${viewer}`, payload: null }] : undefined),
    );
    const first = rounds.itemsNow(gameAt('g', 3), 'dealer', 0, 'next');
    expect(first).toEqual([{ seq: 1, type: 'now 3 dealer', payload: null }]);
    // The same round again (another stream at the same place): the same list; a promise of it too.
    expect(rounds.itemsNow(gameAt('g', 3), 'dealer', 0, 'next')).toBe(first);
    expect(await rounds.items(gameAt('g', 3), 'dealer', 0, 'next')).toBe(first);
    expect(rounds.stats).toEqual({ made: 1, shared: 2 });
    // Not at hand and not makeable at once: undefined, until the promised one is made.
    now = false;
    expect(rounds.itemsNow(gameAt('g', 4), 'dealer', 1, 'next')).toBeUndefined();
    const promised = rounds.items(gameAt('g', 4), 'dealer', 1, 'next');
    expect(rounds.itemsNow(gameAt('g', 4), 'dealer', 1, 'next')).toBeUndefined();
    const made = await promised;
    expect(rounds.itemsNow(gameAt('g', 4), 'dealer', 1, 'next')).toBe(made);
    // Another viewer, place or kind is another round.
    expect(rounds.itemsNow(gameAt('g', 4), 'forehand', 1, 'next')).toBeUndefined();
    expect(rounds.itemsNow(gameAt('g', 4), 'dealer', 2, 'next')).toBeUndefined();
    expect(rounds.itemsNow(gameAt('g', 4), 'dealer', 1, 'events')).toBeUndefined();
    // An older version than the one kept is made, not kept over it.
    now = true;
    expect(rounds.itemsNow(gameAt('g', 3), 'dealer', 1, 'next')).toEqual([{ seq: 2, type: 'now 3 dealer', payload: null }]);
    expect(rounds.itemsNow(gameAt('g', 4), 'dealer', 1, 'next')).toBe(made);
  });
});

