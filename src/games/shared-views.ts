// What a process streams (GET /v1/games/{gameId}/stream), made once per version of a game and
// shared by every stream that sends the same: a commit wakes all of a game's streams at once, and
// each would otherwise build the same view, the same redacted events and their JSON again.
// - SharedViews: the view of a version per viewer (its JSON text).
// - SharedRounds: a stream's whole round (the events after a seq, and the view), per viewer.
import type { Viewer } from '../engine/index.ts';
import type { FeedItem } from './feed.ts';
import type { Game } from './game.ts';

interface Entry<T> {
  version: number;
  value: Promise<T>;
}

/** Values made once per version of their key, kept for the newest version, at most `max` keys. */
export class SharedByVersion<T> {
  /** Insertion order is recency: the oldest entry goes past `max`. */
  private readonly entries = new Map<string, Entry<T>>();
  /** Values made, and values handed out again (tests, the benchmark). */
  readonly stats = { made: 0, shared: 0 };

  constructor(private readonly max = 4096) {}

  get(key: string, version: number, make: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && entry.version === version) {
      this.stats.shared++;
      return entry.value;
    }
    this.stats.made++;
    const value = make();
    // A stream still on an older version than the one kept (it woke late) gets its own.
    if (entry && entry.version > version) return value;
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    // biome-ignore lint/style/noNonNullAssertion: the map is over its size, so it has a first key
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    // A failed value is not kept: the next stream makes it again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}

export class SharedViews {
  private readonly shared: SharedByVersion<string>;

  constructor(
    private readonly make: (game: Game, viewer: Viewer) => Promise<unknown>,
    max = 4096,
  ) {
    this.shared = new SharedByVersion(max);
  }

  /** Views made, and views handed out again. */
  get stats() {
    return this.shared.stats;
  }

  /** The JSON text of `game` as `viewer` sees it: made once per version, then shared. */
  text(game: Game, viewer: Viewer): Promise<string> {
    return this.shared.get(`${game.row.id} ${viewer}`, game.row.version, () => this.make(game, viewer).then((view) => JSON.stringify(view)));
  }
}

/**
 * What a stream sends in one round: `first` (the view first, when views are sent), the events
 * after `from`, then the view after a change. One list per version, viewer, `from` and kind,
 * handed to every stream in the same place (the list is shared: nobody may change it).
 */
export type RoundKind = 'events' | 'first' | 'next';

export class SharedRounds {
  private readonly shared: SharedByVersion<readonly FeedItem[]>;

  constructor(
    private readonly make: (game: Game, viewer: Viewer, from: number, kind: RoundKind) => Promise<readonly FeedItem[]>,
    max = 1024,
  ) {
    this.shared = new SharedByVersion(max);
  }

  /** Rounds made, and rounds handed out again. */
  get stats() {
    return this.shared.stats;
  }

  items(game: Game, viewer: Viewer, from: number, kind: RoundKind): Promise<readonly FeedItem[]> {
    return this.shared.get(`${game.row.id} ${viewer} ${from} ${kind}`, game.row.version, () => this.make(game, viewer, from, kind));
  }
}
