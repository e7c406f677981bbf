// Everything the HTTP layer reads and writes. Stateless: any number of processes may share
// one database, so every write that races is guarded in SQL, never in memory.

import type { JWK } from 'jose';
import { and, desc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Config, GameEvent, Seat } from '../engine/types.ts';
import type { Db } from './client.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { IdempotencyConflictError, pgErrorOf, UNIQUE_VIOLATION, VersionConflictError } from './errors.ts';
import { gameEvents, games, idempotencyKeys, players, signingKeys, type GameStatus } from './schema.ts';

export type PlayerRow = typeof players.$inferSelect;
export type GameRow = typeof games.$inferSelect;
export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;
export type SigningKeyRow = typeof signingKeys.$inferSelect;

export interface NewSigningKey {
  id: string;
  alg: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

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

export interface AppendInput {
  gameId: string;
  /** The version the events were decided at; they get seq expectedVersion+1, +2, … */
  expectedVersion: number;
  events: GameEvent[];
  /** The game's status after these events. */
  status: GameStatus;
  patch?: SeatPatch;
  idempotency?: NewIdempotencyRecord;
  /** The time of these events by the service clock, written as `updated_at` (default: now()). */
  at?: Date;
}

/** A plain move's append: no seat to fill, no answer to keep, at least one event. */
export type PlainAppend = Omit<AppendInput, 'patch' | 'idempotency'>;

/** Another way to make plain appends (MoveBatcher: several games' moves per statement). */
export interface MoveAppender {
  /** Resolves with the new version, or rejects with VersionConflictError. */
  append(append: PlainAppend): Promise<number>;
}

export interface GameListQuery {
  status?: GameStatus;
  /** Only games where this player sits or is the reserved opponent. */
  playerId?: string;
  limit: number;
  cursor?: string;
}

export interface GamePage {
  games: GameRow[];
  nextCursor: string | null;
}

// The one row all processes race to fill; see signingKeys.slot.
const CURRENT_KEY = 'current';
/** How many player rows one process keeps (see Store.knownPlayers). */
const KNOWN_PLAYERS_MAX = 10_000;

/** The seat column of an event: who did it; null where no seat acts (stock deal, trick, end). */
export function seatOfEvent(event: GameEvent): Seat | null {
  return 'seat' in event ? event.seat : null;
}

/** Rows for events appended after `version`: seq version+1, version+2, … */
function eventRows(gameId: string, version: number, events: GameEvent[]) {
  return events.map((event, i) => ({
    gameId,
    seq: version + 1 + i,
    type: event.type,
    seat: seatOfEvent(event),
    payload: event,
  }));
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

export class Store {
  /** `moves`: where plain moves go (default: appendEvents, see appendMove). */
  constructor(
    private readonly db: Db,
    private readonly moves?: MoveAppender,
  ) {}

  // ------------------------------------------------------------ players

  async createPlayer(input: { name: string; issuer?: string; subject?: string }): Promise<PlayerRow> {
    const [row] = await this.db
      .insert(players)
      .values({ id: crypto.randomUUID(), name: input.name, issuer: input.issuer ?? null, subject: input.subject ?? null })
      .returning();
    return row!;
  }

  async getPlayer(id: string): Promise<PlayerRow | null> {
    const known = this.knownPlayers.get(id);
    if (known) return known;
    const [row] = await this.db.select().from(players).where(eq(players.id, id));
    if (row) this.rememberPlayer(row);
    return row ?? null;
  }

  async getPlayers(ids: readonly string[]): Promise<PlayerRow[]> {
    if (ids.length === 0) return [];
    const known: PlayerRow[] = [];
    const unknown: string[] = [];
    for (const id of ids) {
      const row = this.knownPlayers.get(id);
      if (row) known.push(row);
      else unknown.push(id);
    }
    if (unknown.length === 0) return known;
    const rows = await this.db.select().from(players).where(inArray(players.id, unknown));
    for (const row of rows) this.rememberPlayer(row);
    return [...known, ...rows];
  }

  /**
   * Player rows never change once written, so every request (the token's player, the names in
   * a view) need not read them again: a bounded per-process copy of rows seen. Only rows that
   * exist are kept, so it can never answer for a player another process has not created yet.
   */
  private readonly knownPlayers = new Map<string, PlayerRow>();
  private rememberPlayer(row: PlayerRow): void {
    if (this.knownPlayers.size >= KNOWN_PLAYERS_MAX) this.knownPlayers.delete(this.knownPlayers.keys().next().value!);
    this.knownPlayers.set(row.id, row);
  }

  /** The player behind an external token; the first sight creates it (racing requests agree). */
  async findOrCreateExternalPlayer(issuer: string, subject: string, name: string): Promise<PlayerRow> {
    const find = async () =>
      (await this.db.select().from(players).where(and(eq(players.issuer, issuer), eq(players.subject, subject))))[0];
    const found = await find();
    if (found) return found;
    const [created] = await this.db
      .insert(players)
      .values({ id: crypto.randomUUID(), name, issuer, subject })
      .onConflictDoNothing({ target: [players.issuer, players.subject] })
      .returning();
    return created ?? (await find())!;
  }

  // ------------------------------------------------------------ signing key

  /**
   * The service's own signing key. When there is none, `generate` makes one; of several
   * processes doing so at once, the first insert wins and all return that key.
   */
  async getOrCreateSigningKey(generate: () => Promise<NewSigningKey>): Promise<SigningKeyRow> {
    const current = async () =>
      (await this.db.select().from(signingKeys).where(eq(signingKeys.slot, CURRENT_KEY)))[0];
    const existing = await current();
    if (existing) return existing;
    const key = await generate();
    await this.db
      .insert(signingKeys)
      .values({ id: key.id, alg: key.alg, privateJwk: key.privateJwk, publicJwk: key.publicJwk, slot: CURRENT_KEY })
      .onConflictDoNothing();
    const stored = await current();
    if (!stored) throw new Error('signing key: inserted, yet not found');
    return stored;
  }

  // ------------------------------------------------------------ games

  async createGame(input: NewGame): Promise<GameRow> {
    const { events = [], ...game } = input;
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(games)
        .values({ ...game, matchId: game.matchId ?? null, version: events.length })
        .returning();
      if (events.length > 0) await tx.insert(gameEvents).values(eventRows(game.id, 0, events));
      return row!;
    });
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
    return { game: row.game, events: row.events ?? [] };
  }
  private loadQuery?: ReturnType<typeof prepareLoadGame>;

  /**
   * Appends events (and fills seats, and stores the idempotent answer) in one transaction,
   * only if the game is still at `expectedVersion` and a seat to fill is still empty.
   * Otherwise throws VersionConflictError and keeps nothing. Zero events is allowed.
   */
  async appendEvents(input: AppendInput): Promise<GameRow> {
    const { gameId, expectedVersion, events, status, patch = {}, idempotency, at } = input;
    try {
      return await this.db.transaction(async (tx) => {
        // The guarded update comes first: it locks the game row, so a racing writer waits
        // here, then finds the version moved and updates nothing.
        const guards: SQL[] = [eq(games.id, gameId), eq(games.version, expectedVersion)];
        if (patch.forehandPlayerId !== undefined) guards.push(isNull(games.forehandPlayerId));
        if (patch.dealerPlayerId !== undefined) guards.push(isNull(games.dealerPlayerId));
        const [game] = await tx
          .update(games)
          .set({ ...patch, version: expectedVersion + events.length, status, updatedAt: at ?? sql`now()` })
          .where(and(...guards))
          .returning();
        if (!game) throw new VersionConflictError(gameId, expectedVersion);

        if (events.length > 0) {
          // The primary key (game_id, seq) is the second line of defence.
          await tx.insert(gameEvents).values(eventRows(gameId, expectedVersion, events));
        }
        if (idempotency) await tx.insert(idempotencyKeys).values({ ...idempotency, gameId });
        return game;
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

  // ------------------------------------------------------------ idempotency

  async getIdempotent(playerId: string, key: string): Promise<IdempotencyRecord | null> {
    const [row] = await this.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.playerId, playerId), eq(idempotencyKeys.key, key)));
    return row ?? null;
  }

  // ------------------------------------------------------------ lobby

  /** Newest first; keyset pagination on (created_at, id). A bad cursor throws InvalidCursorError. */
  async listGames(query: GameListQuery): Promise<GamePage> {
    const where: SQL[] = [];
    if (query.status !== undefined) where.push(eq(games.status, query.status));
    if (query.playerId !== undefined) {
      const p = query.playerId;
      where.push(or(eq(games.forehandPlayerId, p), eq(games.dealerPlayerId, p), eq(games.reservedPlayerId, p))!);
    }
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
