// What a process streams (GET /v1/games/{gameId}/stream), made once per version of a game and
// shared by every stream that sends the same: a commit wakes all of a game's streams at once, and
// each would otherwise build the same view, the same redacted events and their JSON again.
// - SharedViews: the view of a version per viewer (its JSON text).
// - SharedRounds: a stream's whole round (the events after a seq, and the view), per viewer.
import type { Viewer } from '../engine/index.ts';
import type { FeedItem } from '../platform/streams/feed.ts';
import type { Game } from './game.ts';

interface Entry<T> {
  version: number;
  value: Promise<T>;
  /** The value once made (a commit's push to streams takes it without a promise). */
  made?: T;
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
    const kept: Entry<T> = { version, value };
    this.keep(key, kept);
    value.then(
      (made) => {
        kept.made = made;
      },
      // A failed value is not kept: the next stream makes it again.
      () => {
        if (this.entries.get(key) === kept) this.entries.delete(key);
      },
    );
    return value;
  }

  /**
   * The value of `key` at `version` at once: the one made already, or `make`'s (undefined: it
   * cannot be made without waiting, nor is it made yet; `get` then).
   */
  now(key: string, version: number, make: () => T | undefined): T | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.version === version) {
      if (entry.made === undefined) return undefined;
      this.stats.shared++;
      return entry.made;
    }
    const made = make();
    if (made === undefined) return undefined;
    this.stats.made++;
    if (!entry || entry.version < version) this.keep(key, { version, value: Promise.resolve(made), made });
    return made;
  }

  private keep(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    // biome-ignore lint/style/noNonNullAssertion: the map is over its size, so it has a first key
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}

export class SharedViews {
  private readonly shared: SharedByVersion<string>;

  constructor(
    private readonly make: (game: Game, viewer: Viewer) => Promise<unknown>,
    max = 4096,
    /** The view at once, when it can be made without waiting (undefined: it cannot). */
    private readonly makeNow: (game: Game, viewer: Viewer) => unknown = () => undefined,
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

  /** As `text`, at once: undefined when it is neither made nor can be made without waiting. */
  textNow(game: Game, viewer: Viewer): string | undefined {
    return this.shared.now(`${game.row.id} ${viewer}`, game.row.version, () => {
      const view = this.makeNow(game, viewer);
      return view === undefined ? undefined : JSON.stringify(view);
    });
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
    /** The round at once, when it can be made without waiting (undefined: it cannot). */
    private readonly makeNow: (game: Game, viewer: Viewer, from: number, kind: RoundKind) => readonly FeedItem[] | undefined = () => undefined,
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

  /** As `items`, at once: undefined when the round is neither made nor can be made without waiting. */
  itemsNow(game: Game, viewer: Viewer, from: number, kind: RoundKind): readonly FeedItem[] | undefined {
    // A commit's push asks for one round for each of a game's streams, one after another: the
    // round asked for last is answered again without building its key.
    const last = this.last;
    if (last && last.game === game && last.viewer === viewer && last.from === from && last.kind === kind) {
      this.shared.stats.shared++;
      return last.items;
    }
    const items = this.shared.now(`${game.row.id} ${viewer} ${from} ${kind}`, game.row.version, () => this.makeNow(game, viewer, from, kind));
    this.last = items === undefined ? null : { game, viewer, from, kind, items };
    return items;
  }

  /** The round itemsNow answered last (a game's copy at a version is never changed: see cache.ts). */
  private last: { game: Game; viewer: Viewer; from: number; kind: RoundKind; items: readonly FeedItem[] } | null = null;
}
