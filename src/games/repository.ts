// Where games come from and go to: the store (one database read per load), the group commit (a
// move's append, keyed or not), this process's copies (games/cache.ts) and the announcement of every
// write (platform/streams/notifier.ts). Above this file nobody touches any of them for a game.
import { IdempotencyConflictError, VersionConflictError } from '../platform/db/errors.ts';
import { rowAfterAppend, type GameListQuery, type GamePage, type GameStore, type NewGame, type NewIdempotencyRecord, type OpenGame, type SeatPatch, type RatedEnd } from './store.ts';
import { RatingsMovedError } from './rated.ts';
import type { GuardedAppend } from './guarded-append.ts';
import { waitPast, type Notifier } from '../platform/streams/notifier.ts';
import { announceNoticed, type NoticedVersions, type PlayerNotice } from '../platform/streams/player-events.ts';
import type { GameStatus, IdempotencyRecord } from './tables.ts';
import { evolve, type GameEvent, type State } from '../engine/index.ts';
import { DomainError } from '../platform/errors.ts';
import type { GameCache } from './cache.ts';
import { gameOf, statusOf, type Game } from './game.ts';
import { Cancellation } from '../platform/cancellation.ts';

/** What a command adds to a game: its events, the seats it fills, the answer to keep. */
export interface Change {
  events: GameEvent[];
  patch?: SeatPatch;
  /** What the players hear of it on their own streams (written in the same transaction). */
  notices?: PlayerNotice[];
  /** The answer to a request sent with an Idempotency-Key, kept with the append. */
  idempotency?: NewIdempotencyRecord;
  /** A rated game's end: the new ratings, written in the same transaction (ratings/rated-end.ts). */
  rated?: RatedEnd;
  /** The time of the change by the service clock. */
  at: Date;
}

/**
 * The change applied, or why it was not: another write came first, the key was used, or (a rated
 * end) another rated game of one of its players ended first, so it is rated again.
 */
export type Appended = { ok: true; game: Game } | { ok: false; lost: 'version' | 'idempotencyKey' | 'ratings' };

export const gameNotFound = (gameId: string) => new DomainError('GAME_NOT_FOUND', `there is no game ${gameId}`);

/** The append the store makes of a change: guarded by the version it was decided at. */
function guardedAppendOf(game: Game, change: Change, state: State): GuardedAppend {
  const status: GameStatus = statusOf({ ...game.row, ...change.patch }, state);
  return { gameId: game.row.id, expectedVersion: game.row.version, events: change.events, status, at: change.at };
}

const isPast = (game: Game, version: number) => game.row.version > version || game.state.phase === 'finished';

export class GameRepository {
  constructor(
    private readonly store: GameStore,
    private readonly cache: GameCache,
    private readonly notifier: Notifier,
  ) {}

  /**
   * The game; a copy of this process's when `fresh` is false and one is current (nothing newer
   * announced), else read from the database. Null when there is no such game.
   */
  async find(gameId: string, { fresh }: { fresh: boolean }): Promise<Game | null> {
    if (!fresh) {
      const copy = this.cache.current(gameId);
      if (copy) return copy;
    }
    return this.cache.read(gameId, async () => {
      const loaded = await this.store.loadGame(gameId);
      return loaded && gameOf(loaded.game, loaded.events);
    });
  }

  /** As `find`, but a missing game is refused (GAME_NOT_FOUND). */
  async load(gameId: string, options: { fresh: boolean }): Promise<Game> {
    const game = await this.find(gameId, options);
    if (!game) throw gameNotFound(gameId);
    return game;
  }

  /** This process's copy of the game, if nothing newer has been announced since it was made. */
  copy(gameId: string): Game | null {
    return this.cache.current(gameId);
  }

  /** The game after `change`, as the append writes it: the same fold, the same row update. */
  preview(game: Game, change: Change): Game {
    const state = change.events.reduce(evolve, game.state);
    return { row: rowAfterAppend(game.row, guardedAppendOf(game, change, state), change.patch), events: [...game.events, ...change.events], state };
  }

  /**
   * Appends `change` to `game` if the game is still at the version it was decided at, and
   * announces the new version. `after` is `preview(game, change)` when the caller has it.
   */
  async append(game: Game, change: Change, after: Game = this.preview(game, change)): Promise<Appended> {
    const guarded = guardedAppendOf(game, change, after.state);
    let noticed: NoticedVersions = [];
    try {
      // A move goes through the group commit, its answer for an Idempotency-Key kept in the same
      // statement; a join, a claim or a change the players hear of is a statement of its own.
      // A game's end (always told to its players) is such a statement, a rated one in a transaction
      // with the ratings.
      if (change.patch || change.notices?.length || change.rated || change.events.length === 0)
        noticed = (await this.store.write({ ...guarded, patch: change.patch, idempotency: change.idempotency, notices: change.notices, rated: change.rated })).noticed;
      else await this.store.appendMove(change.idempotency ? { ...guarded, idempotency: change.idempotency } : guarded);
    } catch (e) {
      if (e instanceof VersionConflictError) return { ok: false, lost: 'version' };
      if (e instanceof RatingsMovedError) return { ok: false, lost: 'ratings' };
      if (e instanceof IdempotencyConflictError) return { ok: false, lost: 'idempotencyKey' };
      throw e;
    }
    this.cache.written(after);
    await this.notifier.publish(game.row.id, after.row.version);
    await announceNoticed(this.notifier, noticed);
    return { ok: true, game: after };
  }

  /**
   * A new game, as written (its first events and its players' notices included). `capWaiting`:
   * its creator leaves it waiting, and may have no more than the cap allows (checked as it is written).
   */
  async create(game: NewGame, capWaiting?: { creatorId: string; check: (open: number) => void }): Promise<Game> {
    const { row, noticed } = await this.store.insert(game, capWaiting);
    await announceNoticed(this.notifier, noticed);
    return gameOf(row, game.events ?? []);
  }


  /** The rematch of a finished game: created by the first to ask, found by everyone after. */
  async createRematch(game: NewGame & { rematchOf: string }): Promise<{ game: Game; created: boolean }> {
    const { row, created, noticed } = await this.store.createRematch(game);
    await announceNoticed(this.notifier, noticed);
    return { game: created ? gameOf(row, game.events ?? []) : await this.load(row.id, { fresh: true }), created };
  }

  /** Waiting games created before `before` (to expire), and the kept answers made before `forgetBefore` go. */
  waitingSince(before: Date, limit: number): Promise<string[]> {
    return this.store.waitingSince(before, limit);
  }

  forgetIdempotentBefore(before: Date): Promise<number> {
    return this.store.forgetIdempotentBefore(before);
  }

  /** The games of a player not over yet (a deletion ends them). */
  openGamesOf(playerId: string): Promise<OpenGame[]> {
    return this.store.openGamesOf(playerId);
  }

  /** A page of games, newest first (the lobby). */
  page(query: GameListQuery): Promise<GamePage> {
    return this.store.listGames(query);
  }

  idempotentAnswer(playerId: string, key: string): Promise<IdempotencyRecord | null> {
    return this.store.getIdempotent(playerId, key);
  }

  /** The stored version of a game (null: none), read after registering a waiter (streams). */
  async version(gameId: string): Promise<number | null> {
    return (await this.store.getGame(gameId))?.version ?? null;
  }

  /**
   * A long poll's read: the game once it has moved past `version` (or as it is when `timeoutMs`
   * ends or `cancel` is cancelled). The waiter is registered before the one look, so a move committed
   * in between is never missed. The look is the copy when it is at `version` itself and nothing
   * newer was announced (any later commit is announced and wakes the waiter), else the database;
   * a wait that ran out on a copy reads the database once more. With the waiter cap reached (the
   * process's, or that of `client`: who waits) it reads first, and only a request that really has
   * to wait is refused.
   */
  async waitPast(gameId: string, version: number, timeoutMs: number, cancel?: Cancellation, client?: string): Promise<Game> {
    const known = this.cache.after(gameId, version);
    if (known) return known;
    const read = async () => this.cache.after(gameId, version) ?? (await this.load(gameId, { fresh: true }));
    if (!this.notifier.hasRoom(client)) {
      const game = await this.load(gameId, { fresh: true });
      if (isPast(game, version)) return game;
      const moved = await waitPast(this.notifier, gameId, version, timeoutMs, () => this.version(gameId), cancel, client);
      return moved ? read() : game;
    }
    const { cancellation: done, off } = Cancellation.linkedTo(cancel);
    // Looked at in the same turn as the waiter is registered: no announcement can fall between.
    const copy = this.cache.current(gameId);
    const moved = this.notifier.wait(gameId, version, timeoutMs, done, client);
    try {
      let game: Game;
      try {
        game = copy && copy.row.version === version ? copy : await this.load(gameId, { fresh: true });
      } catch (e) {
        done.cancel();
        await moved;
        throw e;
      }
      if (isPast(game, version)) {
        done.cancel();
        await moved;
        return game;
      }
      if (await moved) return await read();
      // The wait ran out. A copy is looked up once more in the database: an announcement that
      // never came (a writer that crashed before sending it) is caught here.
      return game === copy && !cancel?.cancelled ? await this.load(gameId, { fresh: true }) : game;
    } finally {
      off();
    }
  }
}
