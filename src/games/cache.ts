// The games this process has lately loaded or written, each at its version. Every write of a game
// bumps its version (a join and a claim append events too), so a game at a version never changes
// and a copy of it is never wrong, only possibly old. What a copy may be used for:
// - a long poll for version N answers with any copy newer than N: that state was committed;
// - a long poll for the copy's own version N waits without reading the database when nothing
//   newer has been announced: a later commit anywhere is announced (LISTEN/NOTIFY) and wakes it;
// - a command is decided on the copy, but only the guarded append (version = N) makes it count,
//   and any refusal decided on a copy is decided again on a fresh read (games/commands.ts).
// Other reads (a plain GET, the record, the log) go to the database.
import type { VersionObserver } from '../platform/streams/notifier.ts';
import type { Game } from './game.ts';

interface Entry {
  game: Game | null;
  /** The highest version announced since the entry was made. */
  heard: number;
}

/**
 * Finished games kept at most: a finished game is asked for once more (the opponent's waiting
 * long poll), then rarely, and must not crowd out the games being played.
 */
const FINISHED_KEPT = 64;

export class GameCache implements VersionObserver {
  /** Insertion order is recency: a use re-inserts, the oldest is evicted. */
  private readonly entries = new Map<string, Entry>();
  /** The id touched last: the last in `entries` while its entry is there (only touch inserts). */
  private newest: string | null = null;
  /** The ids of the finished copies kept, oldest first (see FINISHED_KEPT). */
  private finished: string[] = [];

  constructor(private readonly max: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** How often `current` had a copy to give, and how often not (the service's metrics). */
  readonly stats = { hits: 0, misses: 0 };

  /** The copy, if no newer version of the game has been announced since it was made. */
  current(gameId: string): Game | null {
    const entry = this.entries.get(gameId);
    if (!entry?.game || entry.heard > entry.game.row.version) {
      this.stats.misses++;
      return null;
    }
    this.stats.hits++;
    this.touch(gameId, entry);
    return entry.game;
  }

  /** A copy newer than `version` (committed, so a right answer to a long poll for it). */
  after(gameId: string, version: number): Game | null {
    const game = this.entries.get(gameId)?.game;
    return game && game.row.version > version ? game : null;
  }

  /**
   * The game as `load` reads it from the database, kept for the next request. The entry is made
   * before the read, so announcements arriving during it are kept: a read that raced a newer
   * commit is not taken for current. A game that is not found leaves no entry behind (unknown
   * ids must not evict real copies).
   */
  async read(gameId: string, load: () => Promise<Game | null>): Promise<Game | null> {
    if (!this.entries.has(gameId)) this.touch(gameId, { game: null, heard: -1 });
    let game: Game | null;
    try {
      game = await load();
    } catch (e) {
      this.forgetPlaceholder(gameId);
      throw e;
    }
    if (game) this.keep(game);
    else this.forgetPlaceholder(gameId);
    return game;
  }

  /** A game this process has just written: newer than any copy, so it is kept over it. */
  written(game: Game): void {
    this.keep(game);
  }

  /** Keeps a copy read or written by this process, unless a newer one is already kept. */
  private keep(game: Game): void {
    const entry = this.entries.get(game.row.id);
    // Evicted while it was read (or never read here): announcements may have been missed.
    if (!entry) return;
    const wasFinished = entry.game?.state.phase === 'finished';
    if (!entry.game || entry.game.row.version < game.row.version) entry.game = game;
    this.touch(game.row.id, entry);
    if (!wasFinished && entry.game.state.phase === 'finished') this.keepFinished(game.row.id);
  }

  private keepFinished(gameId: string): void {
    this.finished.push(gameId);
    if (this.finished.length <= FINISHED_KEPT) return;
    // biome-ignore lint/style/noNonNullAssertion: the list is longer than FINISHED_KEPT, so not empty
    const oldest = this.finished.shift()!;
    if (this.entries.get(oldest)?.game?.state.phase === 'finished') this.entries.delete(oldest);
  }

  private forgetPlaceholder(gameId: string): void {
    if (this.entries.get(gameId)?.game === null) this.entries.delete(gameId);
  }

  heard(key: string, version: number): void {
    const entry = this.entries.get(key);
    if (entry && version > entry.heard) entry.heard = version;
  }

  reset(): void {
    this.entries.clear();
    this.finished = [];
  }

  private touch(gameId: string, entry: Entry): void {
    // The newest already (a commit's streams each look at their game's copy): the map stays as is.
    if (gameId === this.newest && this.entries.get(gameId) === entry) return;
    this.newest = gameId;
    this.entries.delete(gameId);
    this.entries.set(gameId, entry);
    // biome-ignore lint/style/noNonNullAssertion: the map is over its size, so not empty
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}
