// The games this process has lately loaded or written, each at its version. Every write of a game
// bumps its version (a join and a claim append events too), so a game at a version never changes
// and a copy of it is never wrong, only possibly old. What a copy may be used for:
// - a long poll for version N answers with any copy newer than N: that state was committed;
// - a long poll for the copy's own version N waits without reading the database when nothing
//   newer has been announced: a later commit anywhere is announced (LISTEN/NOTIFY) and wakes it;
// - a move is decided on the copy, but only the guarded append (version = N) makes it count, and
//   any refusal decided on a copy is checked again on a fresh read (see moves.ts).
// Other reads (a plain GET, the record, the log) go to the database.
import type { VersionObserver } from '../notifier.ts';
import type { LoadedGame } from './game.ts';

interface Entry {
  game: LoadedGame | null;
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
  /** The ids of the finished copies put, oldest first (see FINISHED_KEPT). */
  private finished: string[] = [];

  constructor(private readonly max: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The copy, if no newer version of the game has been announced since it was made. */
  current(gameId: string): LoadedGame | null {
    const entry = this.entries.get(gameId);
    if (!entry?.game || entry.heard > entry.game.row.version) return null;
    this.touch(gameId, entry);
    return entry.game;
  }

  /** A copy newer than `version` (committed, so a right answer to a long poll for it). */
  after(gameId: string, version: number): LoadedGame | null {
    const game = this.entries.get(gameId)?.game;
    return game && game.row.version > version ? game : null;
  }

  /**
   * Call before reading a game from the database: announcements arriving during the read are
   * kept, so a read that raced a newer commit is not taken for current.
   */
  expect(gameId: string): void {
    if (!this.entries.has(gameId)) this.touch(gameId, { game: null, heard: -1 });
  }

  /** Keeps a copy read or written by this process, unless a newer one is already kept. */
  put(game: LoadedGame): void {
    const entry = this.entries.get(game.row.id);
    // Evicted while it was read: announcements may have been missed, so do not keep it.
    if (!entry) return;
    const wasFinished = entry.game?.state.phase === 'finished';
    if (!entry.game || entry.game.row.version < game.row.version) entry.game = game;
    this.touch(game.row.id, entry);
    if (!wasFinished && entry.game.state.phase === 'finished') this.keepFinished(game.row.id);
  }

  private keepFinished(gameId: string): void {
    this.finished.push(gameId);
    if (this.finished.length <= FINISHED_KEPT) return;
    const oldest = this.finished.shift()!;
    if (this.entries.get(oldest)?.game?.state.phase === 'finished') this.entries.delete(oldest);
  }

  /** A read that found no game: its placeholder goes (unknown ids must not evict real copies). */
  abandon(gameId: string): void {
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
    this.entries.delete(gameId);
    this.entries.set(gameId, entry);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}
