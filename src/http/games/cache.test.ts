// The game cache on its own: which copy may be taken for current, which for a long poll's
// answer, what a racing announcement, an eviction or a reset does to a read in flight.
import { describe, expect, it } from 'vitest';
import { LocalNotifier } from '../notifier.ts';
import { GameCache } from './cache.ts';
import type { LoadedGame } from './game.ts';

/** Just what the cache looks at: the row's id and version. */
const copy = (id: string, version: number): LoadedGame => ({ row: { id, version }, events: [], state: {} }) as unknown as LoadedGame;

/** A read through the cache as readGame does it: expect, then put what the database gave. */
function read(cache: GameCache, game: LoadedGame): LoadedGame {
  cache.expect(game.row.id);
  cache.put(game);
  return game;
}

describe('current', () => {
  it('knows nothing of a game never read', () => {
    const cache = new GameCache(10);
    expect(cache.current('g')).toBeNull();
    expect(cache.after('g', 0)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('is the copy read, as long as nothing newer was announced', () => {
    const cache = new GameCache(10);
    const game = read(cache, copy('g', 3));
    expect(cache.current('g')).toBe(game);
    expect(cache.size).toBe(1);
    // Announcements of this version or older change nothing.
    cache.heard('g', 3);
    cache.heard('g', 1);
    expect(cache.current('g')).toBe(game);
  });

  it('is gone once a newer version is announced, until a copy of it is put', () => {
    const cache = new GameCache(10);
    read(cache, copy('g', 3));
    cache.heard('g', 4);
    expect(cache.current('g')).toBeNull();
    // An older announcement arriving late does not bring the old copy back.
    cache.heard('g', 2);
    expect(cache.current('g')).toBeNull();
    const newer = read(cache, copy('g', 4));
    expect(cache.current('g')).toBe(newer);
  });

  it('is not made current by a copy still older than what was announced', () => {
    const cache = new GameCache(10);
    read(cache, copy('g', 3));
    cache.heard('g', 6);
    cache.put(copy('g', 5));
    expect(cache.current('g')).toBeNull();
    const latest = copy('g', 6);
    cache.put(latest);
    expect(cache.current('g')).toBe(latest);
  });

  it('ignores announcements of other games', () => {
    const cache = new GameCache(10);
    const game = read(cache, copy('g', 3));
    cache.heard('h', 9);
    cache.heard('match:g', 9);
    expect(cache.current('g')).toBe(game);
    expect(cache.current('h')).toBeNull();
    // Hearing of a game makes no entry for it.
    expect(cache.size).toBe(1);
  });
});

describe('after', () => {
  it('is a copy newer than the version asked for, whatever was announced since', () => {
    const cache = new GameCache(10);
    const game = read(cache, copy('g', 5));
    expect(cache.after('g', 4)).toBe(game);
    expect(cache.after('g', 0)).toBe(game);
    expect(cache.after('g', 5)).toBeNull();
    expect(cache.after('g', 6)).toBeNull();
    // A newer version announced: the copy is no longer current, yet still a committed state.
    cache.heard('g', 7);
    expect(cache.current('g')).toBeNull();
    expect(cache.after('g', 4)).toBe(game);
    expect(cache.after('g', 5)).toBeNull();
  });

  it('has nothing while the first read is in flight', () => {
    const cache = new GameCache(10);
    cache.expect('g');
    expect(cache.after('g', 0)).toBeNull();
    expect(cache.current('g')).toBeNull();
  });
});

describe('a read racing an announcement', () => {
  it('is not taken for current when a newer version was announced during the read', () => {
    const cache = new GameCache(10);
    cache.expect('g');
    // The read started; meanwhile another process commits version 5 and announces it.
    cache.heard('g', 5);
    const stale = copy('g', 4);
    cache.put(stale);
    expect(cache.current('g')).toBeNull();
    // It is still a committed state for a long poll.
    expect(cache.after('g', 3)).toBe(stale);
    // The next read sees version 5 and is current.
    const fresh = read(cache, copy('g', 5));
    expect(cache.current('g')).toBe(fresh);
  });

  it('keeps what was heard when a game already kept is read again', () => {
    const cache = new GameCache(10);
    read(cache, copy('g', 3));
    cache.expect('g');
    cache.heard('g', 4);
    cache.put(copy('g', 3));
    expect(cache.current('g')).toBeNull();
  });

  it('does not make an outdated copy current again when the game is read once more', () => {
    const cache = new GameCache(10);
    read(cache, copy('g', 3));
    cache.heard('g', 4);
    // Another read starts (its answer not yet put): the copy at 3 is still outdated.
    cache.expect('g');
    expect(cache.current('g')).toBeNull();
    cache.put(copy('g', 4));
    expect(cache.current('g')?.row.version).toBe(4);
  });

  it('is current when the announcement was of the version read', () => {
    const cache = new GameCache(10);
    cache.expect('g');
    cache.heard('g', 4);
    const game = copy('g', 4);
    cache.put(game);
    expect(cache.current('g')).toBe(game);
  });
});

describe('put', () => {
  it('ignores a copy older than the one kept', () => {
    const cache = new GameCache(10);
    const newer = read(cache, copy('g', 5));
    cache.put(copy('g', 3));
    expect(cache.current('g')).toBe(newer);
    expect(cache.after('g', 4)).toBe(newer);
  });

  it('keeps the first of two copies of one version', () => {
    const cache = new GameCache(10);
    const first = read(cache, copy('g', 5));
    cache.put(copy('g', 5));
    expect(cache.current('g')).toBe(first);
  });

  it('takes a newer copy (a write of this process)', () => {
    const cache = new GameCache(10);
    read(cache, copy('g', 5));
    const written = copy('g', 7);
    cache.put(written);
    expect(cache.current('g')).toBe(written);
  });

  it('ignores a game that was never expected', () => {
    const cache = new GameCache(10);
    cache.put(copy('g', 5));
    expect(cache.current('g')).toBeNull();
    expect(cache.after('g', 0)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('ignores a copy whose entry was evicted while it was read', () => {
    const cache = new GameCache(2);
    cache.expect('a');
    // While a is read, two other games are read: a is evicted (and would miss announcements).
    read(cache, copy('b', 1));
    read(cache, copy('c', 1));
    cache.put(copy('a', 1));
    expect(cache.current('a')).toBeNull();
    expect(cache.after('a', 0)).toBeNull();
    expect(cache.size).toBe(2);
    expect(cache.current('b')).not.toBeNull();
    expect(cache.current('c')).not.toBeNull();
  });
});

describe('reset', () => {
  it('forgets every copy', () => {
    const cache = new GameCache(10);
    read(cache, copy('a', 1));
    read(cache, copy('b', 2));
    cache.reset();
    expect(cache.size).toBe(0);
    expect(cache.current('a')).toBeNull();
    expect(cache.after('b', 0)).toBeNull();
  });

  it('drops a read in flight across it', () => {
    const cache = new GameCache(10);
    cache.expect('a');
    cache.reset();
    cache.put(copy('a', 1));
    expect(cache.current('a')).toBeNull();
    expect(cache.size).toBe(0);
  });
});

describe('eviction', () => {
  it('evicts the least recently read past the maximum', () => {
    const cache = new GameCache(3);
    for (const id of ['a', 'b', 'c', 'd']) read(cache, copy(id, 1));
    expect(cache.size).toBe(3);
    expect(cache.current('a')).toBeNull();
    for (const id of ['b', 'c', 'd']) expect(cache.current(id)).not.toBeNull();
  });

  it('counts a use as recent: the copy taken for current stays, the one not used goes', () => {
    const cache = new GameCache(2);
    read(cache, copy('a', 1));
    read(cache, copy('b', 1));
    expect(cache.current('a')).not.toBeNull();
    read(cache, copy('c', 1));
    expect(cache.current('b')).toBeNull();
    expect(cache.current('a')).not.toBeNull();
    expect(cache.current('c')).not.toBeNull();
  });

  it('counts a put (a write) as recent', () => {
    const cache = new GameCache(2);
    read(cache, copy('a', 1));
    read(cache, copy('b', 1));
    cache.put(copy('a', 2));
    read(cache, copy('c', 1));
    expect(cache.after('a', 1)?.row.version).toBe(2);
    expect(cache.after('b', 0)).toBeNull();
  });

  it('counts a read in flight as an entry', () => {
    const cache = new GameCache(2);
    read(cache, copy('a', 1));
    cache.expect('b');
    cache.expect('c');
    expect(cache.size).toBe(2);
    expect(cache.current('a')).toBeNull();
  });

  it('drops the placeholder of a read that found no game, so unknown ids evict nothing', () => {
    const cache = new GameCache(2);
    read(cache, copy('a', 1));
    for (const id of ['x', 'y', 'z']) {
      cache.expect(id);
      cache.abandon(id);
    }
    expect(cache.size).toBe(1);
    expect(cache.current('a')).not.toBeNull();
    cache.abandon('a'); // a kept copy is not a placeholder
    expect(cache.current('a')).not.toBeNull();
  });

  it('keeps only the 64 finished games put last, however large the cache', () => {
    const cache = new GameCache(1000);
    const finished = (id: string) => ({ ...copy(id, 9), state: { phase: 'finished' } }) as unknown as LoadedGame;
    read(cache, copy('playing', 3));
    for (let i = 0; i < 100; i++) {
      read(cache, copy(`f${i}`, 8));
      cache.put(finished(`f${i}`));
      cache.put(finished(`f${i}`)); // a second put of the same finished copy counts once
    }
    expect(cache.size).toBe(65);
    expect(cache.after('f35', 0)).toBeNull();
    expect(cache.after('f36', 0)?.row.version).toBe(9);
    expect(cache.after('f99', 0)?.row.version).toBe(9);
    expect(cache.current('playing')?.row.version).toBe(3);
  });

  it('keeps nothing with a maximum of 0', () => {
    const cache = new GameCache(0);
    const game = copy('g', 1);
    read(cache, game);
    cache.put(game);
    cache.heard('g', 1);
    expect(cache.size).toBe(0);
    expect(cache.current('g')).toBeNull();
    expect(cache.after('g', 0)).toBeNull();
  });
});

describe('as an observer of a notifier', () => {
  it('hears what is published and forgets on reset', async () => {
    const notifier = new LocalNotifier(10);
    const cache = new GameCache(10);
    notifier.observe(cache);
    read(cache, copy('g', 2));
    await notifier.publish('g', 2);
    expect(cache.current('g')).not.toBeNull();
    await notifier.publish('g', 3);
    expect(cache.current('g')).toBeNull();
    expect(cache.after('g', 1)?.row.version).toBe(2);
    cache.reset();
    expect(cache.after('g', 1)).toBeNull();
    await notifier.close();
  });
});
