// What a process streams (GET /v1/games/{gameId}/stream), made once per version of a game and
// shared by every stream that sends the same: a commit wakes all of a game's streams at once, and
// each would otherwise build the same view, the same redacted events and their JSON again.
// - SharedViews: the view of a version per viewer (its JSON text).
// - SharedRounds: a stream's whole round (the events after a seq, and the view), per viewer.
import type { Viewer } from '../engine/index.ts';
import type { FeedItem } from '../platform/streams/feed.ts';
import { SharedByVersion } from '../platform/streams/shared-by-version.ts';
import type { Game } from './game.ts';

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
