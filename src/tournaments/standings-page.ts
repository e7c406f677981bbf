// A page of a tournament's standings (its read's `standingsLimit`, `standingsCursor`): a 1,000
// player table is some 170 KB, and most readers show its top. Keyset on (rank, playerId), the
// standings' own order (standings.ts: by score and tiebreaks, then playerId; tied players share a
// rank), so a page of a finished event's table is the same every time. While it runs the ranking
// moves between two reads: a player may show on two pages or on none (the stream's `standings`
// event has the whole table at once).
import { decodeTuple, encodeTuple, isCursorId } from '../platform/db/cursor.ts';
import { InvalidCursorError } from '../platform/db/errors.ts';

/** The page a read without `standingsLimit` gets: the whole table of a tournament of the default size (100 players). */
export const STANDINGS_PAGE = { default: 100, max: 100 } as const;

interface Ranked {
  rank: number;
  playerId: string;
}

/** The rows after `cursor` (from the top without one), at most `limit`, and the cursor of the next page (null: the last). */
export function standingsPage<T extends Ranked>(all: readonly T[], limit: number, cursor?: string): { rows: T[]; nextCursor: string | null } {
  let from = 0;
  if (cursor !== undefined) {
    const [rank, playerId] = decodeTuple(cursor, 2);
    if (!Number.isSafeInteger(rank) || (rank as number) < 1 || !isCursorId(playerId)) throw new InvalidCursorError();
    const after = (s: Ranked) => s.rank > (rank as number) || (s.rank === rank && s.playerId > playerId);
    from = all.findIndex(after);
    if (from < 0) from = all.length;
  }
  const rows = all.slice(from, from + limit);
  const last = rows.at(-1);
  return { rows, nextCursor: last && from + limit < all.length ? encodeTuple([last.rank, last.playerId]) : null };
}
