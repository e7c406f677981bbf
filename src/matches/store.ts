// Matches: a fixed series of games with a score sheet and its own event log. Like the games,
// every write that races is guarded in SQL.

import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { decodeCursor, encodeCursor } from '../platform/db/cursor.ts';
import type { Config, Result } from '../engine/types.ts';
import type { Db } from '../platform/db/client.ts';
import { gamesOfMatch, type GameRow } from '../games/index.ts';
import { appendNotices, type NoticedVersions, type PlayerNotice } from '../platform/streams/player-events.ts';
import { matchEvents, matches, type MatchRow, type MatchStatus } from './tables.ts';
import { MatchConflictError, writeMatchStep, type MatchEvent, type NewMatchGame } from './queries.ts';

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
  playedGames(matchId: string): Promise<PlayedGame[]> {
    return gamesOfMatch(this.db, matchId);
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
