// The games: their rows, their event logs, the answers kept for idempotent moves, the lobby.
// Stateless: any number of processes may share one database, so every write that races is
// guarded in SQL, never in memory.

import { and, asc, desc, eq, isNull, lt, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { GameEvent } from '../engine/types.ts';
import type { Database, Db, Query } from '../platform/db/client.ts';
import { decodeCursor, encodeCursor } from '../platform/db/cursor.ts';
import { IdempotencyConflictError, pgErrorOf, UNIQUE_VIOLATION, VersionConflictError } from '../platform/db/errors.ts';
import { storedEvent } from '../platform/db/events.ts';
import type { GuardedAppend } from './guarded-append.ts';
import { GUARDED_WRITE_TEXT, guardedWriteParams, type GuardedWrite, type NewIdempotencyRecord, type SeatPatch } from './guarded-write.ts';
import { NEW_GAME_TEXT, newGameParams, newGameRow, type NewGame } from './new-game.ts';
import { writtenAndNoticed, type NoticedVersions } from '../platform/streams/player-events.ts';
import { gameEvents, games, idempotencyKeys, type GameRow, type GameStatus, type IdempotencyRecord, type RatingChanges } from './tables.ts';

/**
 * A rated game's end as the games see it: the rating changes its result shows, and the ratings'
 * own write (the ratings feature's), done in the transaction of the game's end around its guarded
 * write. The write throws RatingsMovedError when a rating is not the one the game was rated from.
 */
export interface RatedEnd {
  changes: RatingChanges;
  write(query: Query, guarded: () => Promise<void>): Promise<void>;
}

/** A game not over yet, as the end of one of its players' (a deletion) sees it. */
export type OpenGame = Pick<GameRow, 'id' | 'status' | 'forehandPlayerId' | 'dealerPlayerId' | 'reservedPlayerId'>;


/** A write and the versions of the players' logs it appended to (to announce). */
export interface Written {
  row: GameRow;
  noticed: NoticedVersions;
}

export type { NewGame, NewIdempotencyRecord, SeatPatch };

/** A write of the game's log (guarded-write.ts), its time by the service clock (default: now). */
export interface AppendInput extends Omit<GuardedWrite, 'at'> {
  at?: Date;
  /** A rated game's end: the ratings move in the same transaction (ratings/rated-end.ts). */
  rated?: RatedEnd;
}

/**
 * A plain move's append: no seat to fill, no player to tell, at least one event; maybe an answer
 * to keep for its Idempotency-Key (written in the same statement, games/guarded-append.ts).
 */
export type PlainAppend = Omit<AppendInput, 'patch' | 'notices' | 'rated'>;

/** Another way to make plain appends (MoveBatcher: several games' moves per statement). */
export interface MoveAppender {
  /** Resolves with the new version, or rejects with VersionConflictError (IdempotencyConflictError: the key was taken). */
  append(append: PlainAppend): Promise<number>;
}

export interface GameListQuery {
  status?: GameStatus;
  /** Only games where this player sits or is the reserved opponent. */
  playerId?: string;
  /** Only games not reserved for anyone but this player (null: reserved for nobody). */
  openTo?: string | null;
  limit: number;
  cursor?: string;
}

export interface GamePage {
  games: GameRow[];
  nextCursor: string | null;
}

/**
 * The row as the guarded append leaves it: what its update sets (games/guarded-append.ts), and the
 * seats a join fills. The one copy of that update in memory, for the process that wrote it.
 */
export function rowAfterAppend(row: GameRow, append: GuardedAppend, patch: SeatPatch = {}): GameRow {
  return { ...row, ...patch, version: append.expectedVersion + append.events.length, status: append.status, updatedAt: append.at };
}

/**
 * A game row with its log. One statement sees one snapshot, so the events are exactly the log
 * the row's version describes; `seq <= version` keeps it so should that ever change.
 */
function prepareLoadGame(db: Db) {
  return db
    .select({
      game: games,
      events: sql<GameEvent[] | null>`(select json_agg(${gameEvents.payload} order by ${gameEvents.seq}) from ${gameEvents}
        where ${gameEvents.gameId} = ${games.id} and ${lte(gameEvents.seq, games.version)})`,
    })
    .from(games)
    .where(eq(games.id, sql.placeholder('id')))
    .prepare('store_load_game');
}

/** The answer kept for an Idempotency-Key (see getIdempotent). */
function prepareIdempotent(db: Db) {
  return db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.playerId, sql.placeholder('playerId')), eq(idempotencyKeys.key, sql.placeholder('key'))))
    .prepare('store_get_idempotent');
}

/** A lost race as the store reports it: the version moved, or the key was used. */
export function raceError(error: unknown, gameId: string, expectedVersion: number, idempotency?: NewIdempotencyRecord): unknown {
  const pg = pgErrorOf(error);
  if (pg?.code !== UNIQUE_VIOLATION) return error;
  if (pg.constraint === 'idempotency_keys_pkey' && idempotency) return new IdempotencyConflictError(idempotency.playerId, idempotency.key);
  return new VersionConflictError(gameId, expectedVersion);
}

/** The first half of a player's lock while a game of theirs is created waiting ("GamW"). */
const WAITING_GAMES_LOCK = 0x47_61_6d_57;

export class GameStore {
  private readonly db: Db;
  private readonly query: Database['query'];
  private readonly transaction: Database['transaction'];

  /** `moves`: where plain moves go (default: appendEvents, see appendMove). */
  constructor(
    database: Pick<Database, 'db' | 'query' | 'transaction'>,
    private readonly moves?: MoveAppender,
  ) {
    this.db = database.db;
    this.query = database.query;
    this.transaction = database.transaction;
  }

  async createGame(input: NewGame): Promise<GameRow> {
    return (await this.insert(input)).row;
  }

  /**
   * A new game with its first events, and its players' notices, in one statement (games/new-game.ts).
   * With `capWaiting`, a game its creator leaves waiting: the creator's waiting games are counted
   * and `capWaiting` may refuse, in the inserting transaction under the creator's own advisory lock,
   * so that creates sent at once cannot all take the last place (a count before the insert could).
   */
  async insert(input: NewGame, capWaiting?: { creatorId: string; check: (open: number) => void }): Promise<Written> {
    const { row, written, noticed } = capWaiting
      ? await this.transaction(async (query) => {
          await query('select pg_advisory_xact_lock($1::int, hashtext($2))', [WAITING_GAMES_LOCK, capWaiting.creatorId]);
          const [open] = await query<{ n: number }>(
            "select count(*)::int as n from games where status = 'waiting' and (forehand_player_id = $1 or dealer_player_id = $1)",
            [capWaiting.creatorId],
          );
          capWaiting.check(open?.n ?? 0);
          return this.#insert(input, query);
        })
      : await this.#insert(input);
    if (!written) throw new Error(`game ${input.id}: not inserted`);
    return { row, noticed };
  }

  /**
   * The rematch of a finished game, created once: of racing requests the first insert wins
   * (unique `rematch_of`), and every caller gets that game. `created` tells the winner.
   */
  async createRematch(input: NewGame & { rematchOf: string }): Promise<Written & { created: boolean }> {
    const { row, written, noticed } = await this.#insert(input);
    if (written) return { row, noticed, created: true };
    const [existing] = await this.db.select().from(games).where(eq(games.rematchOf, input.rematchOf));
    if (!existing) throw new Error(`rematch of ${input.rematchOf}: not inserted, yet not found`);
    return { row: existing, noticed: [], created: false };
  }

  async #insert(input: NewGame, query: Query = this.query): Promise<Written & { written: boolean }> {
    const row = newGameRow(input, new Date());
    const rows = await query<{ kind: string; id: string; version: number | null }>(NEW_GAME_TEXT, newGameParams(row, input));
    const { written, noticed } = writtenAndNoticed(rows);
    return { row, written, noticed };
  }

  async getGame(id: string): Promise<GameRow | null> {
    const [row] = await this.db.select().from(games).where(eq(games.id, id));
    return row ?? null;
  }

  /**
   * The game and its events in order: one query (every request of a game starts with it),
   * built once per store.
   */
  async loadGame(id: string): Promise<{ game: GameRow; events: GameEvent[] } | null> {
    const [row] = await (this.loadQuery ??= prepareLoadGame(this.db)).execute({ id });
    if (!row) return null;
    return { game: row.game, events: (row.events ?? []).map(storedEvent) };
  }
  private loadQuery?: ReturnType<typeof prepareLoadGame>;

  /**
   * Appends events (and fills seats, and stores the idempotent answer, and the players' notices)
   * in one statement (games/guarded-write.ts), only if the game is still at `expectedVersion` and a
   * seat to fill is still empty. Otherwise throws VersionConflictError and keeps nothing. Zero
   * events is allowed. Returns the row as read just after (tests, and a store without a group
   * commit; the service knows its row: `write`).
   */
  async appendEvents(input: AppendInput): Promise<GameRow> {
    await this.write(input);
    // biome-ignore lint/style/noNonNullAssertion: read back in the transaction that wrote it
    return (await this.getGame(input.gameId))!;
  }

  /** appendEvents for the service: the versions of the players' logs it appended to (to announce). */
  async write({ rated, ...input }: AppendInput): Promise<{ noticed: NoticedVersions }> {
    const { gameId, expectedVersion, idempotency, at = new Date() } = input;
    const params = guardedWriteParams({ ...input, at });
    /** The guarded write on `query`: the versions noticed, or VersionConflictError. */
    const guarded = async (query: Query) => {
      let rows;
      try {
        rows = await query<{ kind: string; id: string; version: number | null }>(GUARDED_WRITE_TEXT, params);
      } catch (error) {
        throw raceError(error, gameId, expectedVersion, idempotency);
      }
      const { written, noticed } = writtenAndNoticed(rows);
      if (!written) throw new VersionConflictError(gameId, expectedVersion);
      return noticed;
    };
    if (!rated) return { noticed: await guarded(this.query) };
    // A rated end: the game's write and the ratings commit together, or neither does.
    return {
      noticed: await this.transaction(async (query) => {
        let noticed: NoticedVersions = [];
        await rated.write(query, async () => {
          noticed = await guarded(query);
        });
        return noticed;
      }),
    };
  }

  /**
   * A plain move, the hot path: through the store's MoveAppender (the service's group commit,
   * games/move-batch.ts), else as appendEvents. Returns the new version, or throws
   * VersionConflictError (IdempotencyConflictError when its key was taken meanwhile).
   */
  async appendMove(append: PlainAppend): Promise<number> {
    if (append.events.length === 0) throw new Error('appendMove: a move appends at least one event');
    if (this.moves) return this.moves.append(append);
    return (await this.appendEvents(append)).version;
  }

  /** The answer kept for a player's Idempotency-Key: every keyed move looks once, so the query is built once per store. */
  async getIdempotent(playerId: string, key: string): Promise<IdempotencyRecord | null> {
    const [row] = await (this.idempotentQuery ??= prepareIdempotent(this.db)).execute({ playerId, key });
    return row ?? null;
  }
  private idempotentQuery?: ReturnType<typeof prepareIdempotent>;


  /** The games of `playerId` not over yet: seated at or reserved for, waiting or running. */
  async openGamesOf(playerId: string): Promise<OpenGame[]> {
    return this.db
      .select({ id: games.id, status: games.status, forehandPlayerId: games.forehandPlayerId, dealerPlayerId: games.dealerPlayerId, reservedPlayerId: games.reservedPlayerId })
      .from(games)
      .where(
        and(
          notInArray(games.status, ['finished', 'cancelled']),
          or(eq(games.forehandPlayerId, playerId), eq(games.dealerPlayerId, playerId), eq(games.reservedPlayerId, playerId)),
        ),
      );
  }

  /** Waiting games created before `before`, oldest first (the sweeper expires them). */
  async waitingSince(before: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: games.id })
      .from(games)
      .where(and(eq(games.status, 'waiting'), lt(games.createdAt, before)))
      .orderBy(asc(games.createdAt))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** Drops the answers kept for idempotent moves made before `before`; how many went. */
  async forgetIdempotentBefore(before: Date): Promise<number> {
    const gone = await this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before)).returning({ key: idempotencyKeys.key });
    return gone.length;
  }

  /** Newest first; keyset pagination on (created_at, id). A bad cursor throws InvalidCursorError. */
  async listGames(query: GameListQuery): Promise<GamePage> {
    const rows = await this.listQuery(query);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      games: page,
      nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    };
  }

  /** The statement of one page of `listGames` (tests read its plan: every ordering on an index). */
  listQuery(query: GameListQuery) {
    const where: SQL[] = [];
    if (query.status !== undefined) where.push(eq(games.status, query.status));
    if (query.playerId !== undefined) {
      const p = query.playerId;
      // biome-ignore lint/style/noNonNullAssertion: drizzle's or() is undefined only when given no conditions
      where.push(or(eq(games.forehandPlayerId, p), eq(games.dealerPlayerId, p), eq(games.reservedPlayerId, p))!);
    }
    if (query.openTo !== undefined)
      // biome-ignore lint/style/noNonNullAssertion: drizzle's or() is undefined only when given no conditions
      where.push(query.openTo === null ? isNull(games.reservedPlayerId) : or(isNull(games.reservedPlayerId), eq(games.reservedPlayerId, query.openTo))!);
    if (query.cursor !== undefined) {
      const after = decodeCursor(query.cursor);
      where.push(sql`(${games.createdAt}, ${games.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`);
    }
    // One row more than asked tells whether another page exists.
    return this.db
      .select()
      .from(games)
      .where(and(...where))
      .orderBy(desc(games.createdAt), desc(games.id))
      .limit(query.limit + 1);
  }
}
