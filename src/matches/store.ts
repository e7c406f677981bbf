// Matches: a fixed series of games with a score sheet and its own event log. Like the games,
// every write that races is guarded in SQL.

import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { decodeCursor, encodeCursor } from '../platform/db/cursor.ts';
import type { CancelReason, Config, GameEnd, GameEvent, GameType, Result } from '../engine/types.ts';
import type { Db } from '../platform/db/client.ts';
import { eventRows, storedEvent } from '../platform/db/events.ts';
import type { GameRow } from '../games/index.ts';
import { appendNotices, type NoticedVersions, type PlayerNotice } from '../platform/streams/player-events.ts';
import { gameEvents, games, matchEvents, matches, type MatchStatus } from '../platform/db/schema.ts';

export type MatchRow = typeof matches.$inferSelect;

/** Points per player id. */
export type ByPlayer = Record<string, number>;

/** The match's own facts. Public: they name games and players, never cards. */
export type MatchEvent =
  | { type: 'gameStarted'; number: number; gameId: string; dealer: string; forehand: string }
  | {
      type: 'gameFinished';
      number: number;
      gameId: string;
      declarer: string | null;
      game: GameType | null;
      won: boolean | null;
      draw: boolean;
      end: GameEnd;
      passedIn: boolean;
      value: number;
      /** What each player's column gets for this game, and the running totals after it. */
      points: ByPlayer;
      totals: ByPlayer;
    }
  | { type: 'matchFinished'; totals: ByPlayer; winner: string | null; draw: boolean; matchSeed: string }
  | { type: 'matchCancelled'; by: string | null; reason: CancelReason };

export interface NewMatch {
  /** Events for the players' own logs (a challenge), written with the match. */
  notices?: readonly PlayerNotice[];
  id: string;
  config: Config;
  games: number;
  turnSeconds: number | null;
  rated: boolean;
  creatorPlayerId: string;
  reservedPlayerId: string | null;
  matchSeed: string;
  seedCommitment: string;
  at: Date;
}

/** A game of a match: both seats are known when it is created, and its log starts with them. */
export interface NewMatchGame {
  id: string;
  number: number;
  serverSeed: string;
  seedCommitment: string;
  forehandPlayerId: string;
  dealerPlayerId: string;
  /** The first events of its log (the players taking their seats). */
  events: GameEvent[];
}

export interface MatchAdvance {
  matchId: string;
  /** The match version these events were decided at; they get seq expectedVersion+1, … */
  expectedVersion: number;
  events: MatchEvent[];
  status: MatchStatus;
  /** A join: the opponent's seat, which must still be empty. */
  opponentPlayerId?: string;
  /** The game this step starts (insert-or-ignore on (match_id, number)). */
  game?: NewMatchGame;
  /** Events for the players' own logs, written in the same transaction. */
  notices?: readonly PlayerNotice[];
  at: Date;
}

/** A match write and the versions of the players' logs it appended to (to announce). */
export interface MatchWritten {
  row: MatchRow;
  noticed: NoticedVersions;
}

/** A game of the match with its result once it is finished. */
export interface PlayedGame {
  row: GameRow;
  result: Result | null;
}

/** Someone else advanced the match first (or took the free seat); nothing was kept. */
export class MatchConflictError extends Error {
  override name = 'MatchConflictError';
  constructor(
    readonly matchId: string,
    readonly expectedVersion: number,
  ) {
    super(`match ${matchId} is no longer at version ${expectedVersion}`);
  }
}

/** The first half of a player's lock while a match of theirs is created waiting ("MatW"). */
const WAITING_MATCHES_LOCK = 0x4d_61_74_57;

export class MatchStore {
  constructor(private readonly db: Db) {}

  /**
   * A new waiting match. `capWaiting` may refuse it, given how many waiting matches its creator has:
   * counted in the inserting transaction under the creator's own advisory lock, so that creates
   * sent at once cannot all take the last place.
   */
  async createMatch(input: NewMatch, capWaiting?: (open: number) => void): Promise<MatchWritten> {
    const { at, notices = [], ...match } = input;
    return this.db.transaction(async (tx) => {
      if (capWaiting) {
        await tx.execute(sql`select pg_advisory_xact_lock(${WAITING_MATCHES_LOCK}::int, hashtext(${match.creatorPlayerId}))`);
        const [open] = await tx
          .select({ n: count() })
          .from(matches)
          .where(and(eq(matches.status, 'waiting'), eq(matches.creatorPlayerId, match.creatorPlayerId)));
        capWaiting(open?.n ?? 0);
      }
      const [row] = await tx
        .insert(matches)
        .values({ ...match, status: 'waiting', version: 0, createdAt: at, updatedAt: at })
        .returning();
      // biome-ignore lint/style/noNonNullAssertion: INSERT … RETURNING of one row returns that row
      return { row: row!, noticed: await appendNotices(tx, notices) };
    });
  }

  async getMatch(id: string): Promise<MatchRow | null> {
    const [row] = await this.db.select().from(matches).where(eq(matches.id, id));
    return row ?? null;
  }

  /** The match's games by number, each with the result of its `finished` event (if any). */
  async playedGames(matchId: string): Promise<PlayedGame[]> {
    const rows = await this.db
      .select({ game: games, payload: gameEvents.payload })
      .from(games)
      .leftJoin(gameEvents, and(eq(gameEvents.gameId, games.id), eq(gameEvents.type, 'finished')))
      .where(eq(games.matchId, matchId))
      .orderBy(asc(games.number));
    return rows.map(({ game, payload }) => ({
      row: game,
      result: resultOf(payload),
    }));
  }

  /** Match events after `after`, in order. */
  async events(matchId: string, after = 0): Promise<{ seq: number; event: MatchEvent }[]> {
    const rows = await this.db
      .select({ seq: matchEvents.seq, payload: matchEvents.payload })
      .from(matchEvents)
      .where(and(eq(matchEvents.matchId, matchId), gt(matchEvents.seq, after)))
      .orderBy(asc(matchEvents.seq));
    // The column holds the MatchEvents this store wrote (below) (the table types it as plain JSON).
    return rows.map((r) => ({ seq: r.seq, event: r.payload as unknown as MatchEvent }));
  }

  /**
   * One step of a match in one transaction: only if the match is still at `expectedVersion`
   * (and, for a join, has no opponent yet) its row moves on, the events are appended and the
   * game it starts is created. Otherwise throws MatchConflictError and keeps nothing.
   */
  async advance(input: MatchAdvance): Promise<MatchWritten> {
    const { matchId, expectedVersion, events, status, opponentPlayerId, game, notices = [], at } = input;
    return this.db.transaction(async (tx) => {
      // The guarded update first: it locks the match row, so a racing step waits, then finds
      // the version moved and updates nothing.
      const guards: SQL[] = [eq(matches.id, matchId), eq(matches.version, expectedVersion)];
      if (opponentPlayerId !== undefined) guards.push(isNull(matches.opponentPlayerId));
      const [row] = await tx
        .update(matches)
        .set({
          version: expectedVersion + events.length,
          status,
          updatedAt: at,
          ...(opponentPlayerId !== undefined ? { opponentPlayerId, reservedPlayerId: null } : {}),
        })
        .where(and(...guards))
        .returning();
      if (!row) throw new MatchConflictError(matchId, expectedVersion);
      await writeMatchStep(tx, row, { expectedVersion, events, game }, at);
      return { row, noticed: await appendNotices(tx, notices) };
    });
  }

  /**
   * The matches lobby: in `status`, newest first, keyset-paginated on (created_at, id) (on
   * matches_status_idx). A bad cursor throws InvalidCursorError.
   */
  listQuery(query: { status: MatchStatus; limit: number; cursor?: string }) {
    const where: SQL[] = [eq(matches.status, query.status)];
    if (query.cursor !== undefined) {
      const after = decodeCursor(query.cursor);
      where.push(sql`(${matches.createdAt}, ${matches.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`);
    }
    return this.db
      .select()
      .from(matches)
      .where(and(...where))
      .orderBy(desc(matches.createdAt), desc(matches.id))
      .limit(query.limit + 1);
  }

  async listMatches(query: { status: MatchStatus; limit: number; cursor?: string }): Promise<{ matches: MatchRow[]; nextCursor: string | null }> {
    const rows = await this.listQuery(query);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return { matches: page, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
  }


  /** The matches of `playerId` not over yet: waiting (its own, or reserved for it) or playing. */
  async openMatchesOf(playerId: string): Promise<MatchRow[]> {
    return this.db
      .select()
      .from(matches)
      .where(
        and(
          inArray(matches.status, ['waiting', 'playing']),
          or(eq(matches.creatorPlayerId, playerId), eq(matches.opponentPlayerId, playerId), eq(matches.reservedPlayerId, playerId)),
        ),
      );
  }

  /** Waiting matches created before `before`, oldest first (the sweeper expires them). */
  async waitingSince(before: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: matches.id })
      .from(matches)
      .where(and(eq(matches.status, 'waiting'), lt(matches.createdAt, before)))
      .orderBy(asc(matches.createdAt))
      .limit(limit);
    return rows.map((r) => r.id);
  }
}

/**
 * What a step of `match` writes besides the match's row, in the caller's transaction: the game it
 * starts, with the first events of its log, and the match's events after `expectedVersion`. A
 * match starts its first game so both when joined (MatchStore.advance) and when a pairing of the
 * pool makes it joined at once (seeks/store.ts). Throws MatchConflictError when that game is
 * there already.
 */
export async function writeMatchStep(
  tx: Pick<Db, 'insert'>,
  match: Pick<MatchRow, 'id' | 'config' | 'turnSeconds' | 'rated'>,
  step: { expectedVersion: number; events: readonly MatchEvent[]; game?: NewMatchGame | undefined },
  at: Date,
): Promise<void> {
  const { expectedVersion, events, game } = step;
  if (game) {
    const { events: first, ...created } = game;
    // The unique (match_id, number) index is the second line of defence: a creator that
    // finds the game already there backs off and keeps nothing.
    const [inserted] = await tx
      .insert(games)
      .values({
        ...created,
        matchId: match.id,
        config: match.config,
        turnSeconds: match.turnSeconds,
        rated: match.rated,
        status: 'cutting',
        version: first.length,
        reservedPlayerId: null,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing({ target: [games.matchId, games.number] })
      .returning({ id: games.id });
    if (!inserted) throw new MatchConflictError(match.id, expectedVersion);
    if (first.length > 0) await tx.insert(gameEvents).values(eventRows(game.id, 0, first));
  }
  if (events.length > 0)
    await tx.insert(matchEvents).values(
      events.map((event, i) => ({
        matchId: match.id,
        seq: expectedVersion + 1 + i,
        type: event.type,
        payload: event as unknown as Record<string, unknown>, // a MatchEvent, as JSON (MatchStore.events reads it back)
        createdAt: at,
      })),
    );
}

/** The result a stored `finished` event carries (in today's shape), or null. */
function resultOf(payload: GameEvent | null): Result | null {
  const event = payload && storedEvent(payload);
  return event?.type === 'finished' ? event.result : null;
}
