// The ratings as read: a player's per variant, the history points, the leaderboards. They are
// written only with a rated game's end (ratings/rated-end.ts).
import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Variant } from '../engine/types.ts';
import type { Db } from '../platform/db/client.ts';
import { decodeTuple, encodeTuple, isCursorId } from '../platform/db/cursor.ts';
import { InvalidCursorError } from '../platform/db/errors.ts';
import type { StoredRating } from './rated-end.ts';
import { playerRows } from '../accounts/index.ts';
import { ratingHistory, ratings } from './tables.ts';

export type RatingRow = typeof ratings.$inferSelect;

/** Which players a leaderboard lists. */
export type BotFilter = 'include' | 'exclude' | 'only';

export interface LeaderboardQuery {
  variant: Variant;
  /** Non-provisional: RD at most this. */
  maxRd: number;
  bots: BotFilter;
  limit: number;
  cursor?: string;
}

export interface LeaderboardRow {
  playerId: string;
  name: string;
  bot: boolean;
  rating: number;
  rd: number;
  games: number;
}

/** A leaderboard page's keyset: the rating and id of its last row, and the rank it had. */
interface BoardCursor {
  rating: number;
  playerId: string;
  rank: number;
}

function encodeBoardCursor(c: BoardCursor): string {
  return encodeTuple([c.rating, c.playerId, c.rank]);
}

function decodeBoardCursor(cursor: string): BoardCursor {
  const [rating, playerId, rank] = decodeTuple(cursor, 3);
  if (typeof rating !== 'number' || !Number.isFinite(rating) || !isCursorId(playerId)) throw new InvalidCursorError();
  // A rank the page's ranks (rank + 1…) can follow as safe integers: 2^31 is more players than any list.
  if (typeof rank !== 'number' || !Number.isInteger(rank) || rank < 0 || rank >= 2 ** 31) throw new InvalidCursorError();
  return { rating, playerId, rank };
}

export class RatingStore {
  constructor(private readonly db: Db) {}

  /** The players' ratings in `variant` (a player never rated there is left out). */
  async ratingsOf(playerIds: readonly string[], variant: Variant): Promise<Map<string, StoredRating>> {
    if (playerIds.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(ratings)
      .where(and(eq(ratings.variant, variant), inArray(ratings.playerId, [...playerIds])));
    return new Map(rows.map((r) => [r.playerId, { rating: r.rating, rd: r.rd, volatility: r.volatility, games: r.games }]));
  }

  /** Every variant the player is rated in. */
  async ofPlayer(playerId: string): Promise<RatingRow[]> {
    return this.db.select().from(ratings).where(eq(ratings.playerId, playerId)).orderBy(asc(ratings.variant));
  }

  /** The player's points in `variant`, oldest first: one per rated game. */
  async history(playerId: string, variant: Variant) {
    return this.db
      .select({ gameId: ratingHistory.gameId, at: ratingHistory.at, rating: ratingHistory.rating, rd: ratingHistory.rd, volatility: ratingHistory.volatility })
      .from(ratingHistory)
      .where(and(eq(ratingHistory.playerId, playerId), eq(ratingHistory.variant, variant)))
      .orderBy(asc(ratingHistory.seq));
  }

  /**
   * One page of a leaderboard: non-provisional players, highest first (the id breaks ties), read
   * along ratings_leaderboard_idx. Each row's rank is its place in the whole list.
   */
  async leaderboard(query: LeaderboardQuery): Promise<{ rows: (LeaderboardRow & { rank: number })[]; nextCursor: string | null }> {
    const after = query.cursor === undefined ? undefined : decodeBoardCursor(query.cursor);
    const rows = await this.leaderboardQuery(query, after);
    const page = rows.slice(0, query.limit);
    const first = after?.rank ?? 0;
    const ranked = page.map((r, i) => ({ ...r, rank: first + i + 1 }));
    const last = ranked.at(-1);
    return {
      rows: ranked,
      nextCursor: rows.length > query.limit && last ? encodeBoardCursor({ rating: last.rating, playerId: last.playerId, rank: last.rank }) : null,
    };
  }

  /** The statement of a leaderboard page (tests read its plan). */
  leaderboardQuery(query: LeaderboardQuery, after?: { rating: number; playerId: string }) {
    const where: SQL[] = [eq(ratings.variant, query.variant), lte(ratings.rd, query.maxRd)];
    if (query.bots === 'exclude') where.push(eq(playerRows.bot, false));
    if (query.bots === 'only') where.push(eq(playerRows.bot, true));
    // Highest first, then by id: the next page starts below the last row's (rating, id).
    if (after) where.push(sql`(${ratings.rating} < ${after.rating} or (${ratings.rating} = ${after.rating} and ${ratings.playerId} > ${after.playerId}))`);
    return this.db
      .select({ playerId: ratings.playerId, name: playerRows.name, bot: playerRows.bot, rating: ratings.rating, rd: ratings.rd, games: ratings.games })
      .from(ratings)
      .innerJoin(playerRows, eq(playerRows.id, ratings.playerId))
      .where(and(...where))
      .orderBy(desc(ratings.rating), asc(ratings.playerId))
      .limit(query.limit + 1);
  }
}
