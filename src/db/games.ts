// The games: their rows, their event logs, the answers kept for idempotent moves, the lobby.
// Stateless: any number of processes may share one database, so every write that races is
// guarded in SQL, never in memory.

import { and, asc, desc, eq, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Config, GameEvent } from '../engine/types.ts';
import { rowsOf, type Db } from './client.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { IdempotencyConflictError, pgErrorOf, UNIQUE_VIOLATION, VersionConflictError } from './errors.ts';
import { eventRows, storedEvent } from './events.ts';
import { guardedAppend, type GuardedAppend } from './guarded-append.ts';
import { appendNotices, type NoticedVersions, type PlayerNotice } from './player-events.ts';
import { gameEvents, games, idempotencyKeys, type GameStatus } from './schema.ts';

export type GameRow = typeof games.$inferSelect;
export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;

export interface NewGame {
  id: string;
  config: Config;
  status: GameStatus;
  serverSeed: string;
  seedCommitment: string;
  forehandPlayerId: string | null;
  dealerPlayerId: string | null;
  reservedPlayerId: string | null;
  matchId?: string | null;
  /** The game's number in its match. */
  number?: number | null;
  /** Seconds per move; null or absent: no deadline. */
  turnSeconds?: number | null;
  rematchOf?: string | null;
  /** The service clock's time (default: the database's now()). */
  createdAt?: Date;
  updatedAt?: Date;
  /** The first events of the log (seq 1, 2, …), written with the game. */
  events?: GameEvent[];
  /** Events for the players' own logs, written in the same transaction. */
  notices?: readonly PlayerNotice[];
}

/** A write and the versions of the players' logs it appended to (to announce). */
export interface Written {
  row: GameRow;
  noticed: NoticedVersions;
}

/** Seats to fill (a seat given here must still be empty) and the reservation to set or clear. */
export interface SeatPatch {
  forehandPlayerId?: string;
  dealerPlayerId?: string;
  reservedPlayerId?: string | null;
}

export interface NewIdempotencyRecord {
  playerId: string;
  key: string;
  requestHash: string;
  status: number;
  body: unknown;
}

export interface AppendInput extends Omit<GuardedAppend, 'at'> {
  patch?: SeatPatch;
  idempotency?: NewIdempotencyRecord;
  /** Events for the players' own logs, written in the same transaction. */
  notices?: readonly PlayerNotice[];
  /** The time of these events by the service clock, written as `updated_at` (default: now). */
  at?: Date;
}

/** A plain move's append: no seat to fill, no answer to keep, no player to tell, at least one event. */
export type PlainAppend = Omit<AppendInput, 'patch' | 'idempotency' | 'notices'>;

/** Another way to make plain appends (MoveBatcher: several games' moves per statement). */
export interface MoveAppender {
  /** Resolves with the new version, or rejects with VersionConflictError. */
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
 * The row as the guarded append leaves it: what its update sets (db/guarded-append.ts), and the
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

/** A lost race as the store reports it: the version moved, or the key was used. */
function raceError(error: unknown, gameId: string, expectedVersion: number, idempotency?: NewIdempotencyRecord): unknown {
  const pg = pgErrorOf(error);
  if (pg?.code !== UNIQUE_VIOLATION) return error;
  if (pg.constraint === 'idempotency_keys_pkey' && idempotency) return new IdempotencyConflictError(idempotency.playerId, idempotency.key);
  return new VersionConflictError(gameId, expectedVersion);
}

export class GameStore {
  /** `moves`: where plain moves go (default: appendEvents, see appendMove). */
  constructor(
    private readonly db: Db,
    private readonly moves?: MoveAppender,
  ) {}

  async createGame(input: NewGame): Promise<GameRow> {
    return (await this.insert(input)).row;
  }

  /** A new game with its first events, and its players' notices, in one transaction. */
  async insert(input: NewGame): Promise<Written> {
    const { events = [], notices = [], ...game } = input;
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(games)
        .values({ ...game, matchId: game.matchId ?? null, version: events.length })
        .returning();
      if (events.length > 0) await tx.insert(gameEvents).values(eventRows(game.id, 0, events));
      return { row: row!, noticed: await appendNotices(tx, notices) };
    });
  }

  /**
   * The rematch of a finished game, created once: of racing requests the first insert wins
   * (unique `rematch_of`), and every caller gets that game. `created` tells the winner.
   */
  async createRematch(input: NewGame & { rematchOf: string }): Promise<Written & { created: boolean }> {
    const { events = [], notices = [], ...game } = input;
    const created = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(games)
        .values({ ...game, version: events.length })
        .onConflictDoNothing({ target: games.rematchOf })
        .returning();
      if (!row) return null;
      if (events.length > 0) await tx.insert(gameEvents).values(eventRows(row.id, 0, events));
      return { row, noticed: await appendNotices(tx, notices) };
    });
    if (created) return { ...created, created: true };
    const [existing] = await this.db.select().from(games).where(eq(games.rematchOf, input.rematchOf));
    if (!existing) throw new Error(`rematch of ${input.rematchOf}: not inserted, yet not found`);
    return { row: existing, noticed: [], created: false };
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
   * Appends events (and fills seats, and stores the idempotent answer) in one transaction,
   * only if the game is still at `expectedVersion` and a seat to fill is still empty.
   * Otherwise throws VersionConflictError and keeps nothing. Zero events is allowed.
   */
  async appendEvents(input: AppendInput): Promise<GameRow> {
    return (await this.#write(input, true)).row!;
  }

  /**
   * appendEvents for the service, which knows the row it writes (GameRepository.preview): the
   * players' notices and the versions of their logs, without reading the row back (a round trip
   * inside the transaction that holds the game's row).
   */
  async write(input: AppendInput): Promise<{ noticed: NoticedVersions }> {
    return this.#write(input, false);
  }

  async #write(input: AppendInput, readBack: boolean): Promise<{ row?: GameRow; noticed: NoticedVersions }> {
    const { gameId, expectedVersion, events, status, patch = {}, idempotency, notices = [], at = new Date() } = input;
    try {
      return await this.db.transaction(async (tx) => {
        // The guarded append comes first: its update locks the game row, so a racing writer
        // waits here, then finds the version moved and appends nothing.
        const appended = rowsOf(await tx.execute(guardedAppend([{ gameId, expectedVersion, events, status, at }])));
        if (appended.length === 0) throw new VersionConflictError(gameId, expectedVersion);
        if (patch.forehandPlayerId !== undefined || patch.dealerPlayerId !== undefined || patch.reservedPlayerId !== undefined) {
          const guards: SQL[] = [eq(games.id, gameId)];
          if (patch.forehandPlayerId !== undefined) guards.push(isNull(games.forehandPlayerId));
          if (patch.dealerPlayerId !== undefined) guards.push(isNull(games.dealerPlayerId));
          const seated = await tx.update(games).set(patch).where(and(...guards)).returning({ id: games.id });
          if (seated.length === 0) throw new VersionConflictError(gameId, expectedVersion);
        }
        if (idempotency) await tx.insert(idempotencyKeys).values({ ...idempotency, gameId });
        const noticed = await appendNotices(tx, notices);
        if (!readBack) return { noticed };
        const [row] = await tx.select().from(games).where(eq(games.id, gameId));
        return { row: row!, noticed };
      });
    } catch (error) {
      throw raceError(error, gameId, expectedVersion, idempotency);
    }
  }

  /**
   * A plain move, the hot path: through the store's MoveAppender (the service's group commit,
   * db/move-batch.ts), else as appendEvents. Returns the new version, or throws
   * VersionConflictError.
   */
  async appendMove(append: PlainAppend): Promise<number> {
    if (append.events.length === 0) throw new Error('appendMove: a move appends at least one event');
    if (this.moves) return this.moves.append(append);
    return (await this.appendEvents(append)).version;
  }

  async getIdempotent(playerId: string, key: string): Promise<IdempotencyRecord | null> {
    const [row] = await this.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.playerId, playerId), eq(idempotencyKeys.key, key)));
    return row ?? null;
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
    const where: SQL[] = [];
    if (query.status !== undefined) where.push(eq(games.status, query.status));
    if (query.playerId !== undefined) {
      const p = query.playerId;
      where.push(or(eq(games.forehandPlayerId, p), eq(games.dealerPlayerId, p), eq(games.reservedPlayerId, p))!);
    }
    if (query.openTo !== undefined)
      where.push(query.openTo === null ? isNull(games.reservedPlayerId) : or(isNull(games.reservedPlayerId), eq(games.reservedPlayerId, query.openTo))!);
    if (query.cursor !== undefined) {
      const after = decodeCursor(query.cursor);
      where.push(sql`(${games.createdAt}, ${games.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`);
    }
    // One row more than asked tells whether another page exists.
    const rows = await this.db
      .select()
      .from(games)
      .where(and(...where))
      .orderBy(desc(games.createdAt), desc(games.id))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      games: page,
      nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    };
  }
}
