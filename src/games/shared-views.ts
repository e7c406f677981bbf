// The views a process streams (GET /v1/games/{gameId}/stream?views=true), made once per version
// of a game per viewer and shared by every stream of that viewer here: a commit wakes all of a
// game's streams at once, and each would otherwise build the same view and its JSON again.
import type { Viewer } from '../engine/index.ts';
import type { Game } from './game.ts';

interface Entry {
  version: number;
  /** The view's JSON text, as every stream sends it. */
  text: Promise<string>;
}

export class SharedViews {
  /** Insertion order is recency: the oldest entry goes past `max`. */
  private readonly entries = new Map<string, Entry>();
  /** Views made, and views handed out again (tests, the benchmark). */
  readonly stats = { made: 0, shared: 0 };

  constructor(
    private readonly make: (game: Game, viewer: Viewer) => Promise<unknown>,
    private readonly max = 4096,
  ) {}

  /** The JSON text of `game` as `viewer` sees it: made once per version, then shared. */
  text(game: Game, viewer: Viewer): Promise<string> {
    const key = `${game.row.id} ${viewer}`;
    const entry = this.entries.get(key);
    if (entry && entry.version === game.row.version) {
      this.stats.shared++;
      return entry.text;
    }
    this.stats.made++;
    const text = this.make(game, viewer).then((view) => JSON.stringify(view));
    // A stream still on an older version than the one kept (it woke late) gets its own.
    if (entry && entry.version > game.row.version) return text;
    this.entries.delete(key);
    this.entries.set(key, { version: game.row.version, text });
    // biome-ignore lint/style/noNonNullAssertion: the map is over its size, so it has a first key
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    // A failed view is not kept: the next stream makes it again.
    text.catch(() => {
      if (this.entries.get(key)?.text === text) this.entries.delete(key);
    });
    return text;
  }
}
