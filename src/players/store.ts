// A player's games and matches in one list, newest first, keyset-paginated on (created_at, id):
// where the player sits or plays, or is the one a waiting game or match is reserved for.
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { PHASES } from '../engine/types.ts';
import type { Db } from '../platform/db/client.ts';
import { decodeCursor, encodeCursor } from '../platform/db/cursor.ts';
import type { GameRow } from '../games/index.ts';
import type { MatchRow } from '../matches/index.ts';
import { games, matches } from '../platform/db/schema.ts';

/** waiting: not begun (challenges included); active: being played; finished; cancelled: called off. */
export const PLAYER_GAME_STATUSES = ['waiting', 'active', 'finished', 'cancelled'] as const;
export type PlayerGameStatus = (typeof PLAYER_GAME_STATUSES)[number];

export interface PlayerGamesQuery {
  playerId: string;
  status?: PlayerGameStatus;
  limit: number;
  cursor?: string;
}

export type PlayerGame = { kind: 'game'; row: GameRow } | { kind: 'match'; row: MatchRow };

const ACTIVE_PHASES = PHASES.filter((p) => p !== 'finished' && p !== 'cancelled');

function gameStatus(status: PlayerGameStatus | undefined): SQL | undefined {
  switch (status) {
    case undefined:
      return undefined;
    case 'active':
      return inArray(games.status, ACTIVE_PHASES);
    default:
      return eq(games.status, status);
  }
}

function matchStatus(status: PlayerGameStatus | undefined): SQL | undefined {
  if (status === undefined) return undefined;
  return eq(matches.status, status === 'active' ? 'playing' : status);
}

const newestFirst = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The two statements of one page (the player's games, the player's matches), each the first
 * limit+1 after the cursor (tests read their plans: every ordering on an index).
 */
export function playerGamesQueries(db: Db, query: PlayerGamesQuery) {
  const { playerId: p, status, limit } = query;
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const before = (createdAt: typeof games.createdAt | typeof matches.createdAt, id: typeof games.id | typeof matches.id) =>
    after ? sql`(${createdAt}, ${id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})` : undefined;
  return [
    db
      .select()
      .from(games)
      .where(and(or(eq(games.forehandPlayerId, p), eq(games.dealerPlayerId, p), eq(games.reservedPlayerId, p)), gameStatus(status), before(games.createdAt, games.id)))
      .orderBy(desc(games.createdAt), desc(games.id))
      .limit(limit + 1),
    db
      .select()
      .from(matches)
      .where(and(or(eq(matches.creatorPlayerId, p), eq(matches.opponentPlayerId, p), eq(matches.reservedPlayerId, p)), matchStatus(status), before(matches.createdAt, matches.id)))
      .orderBy(desc(matches.createdAt), desc(matches.id))
      .limit(limit + 1),
  ] as const;
}

/** One page and the cursor of the next (null: none). A bad cursor throws InvalidCursorError. */
export async function listPlayerGames(db: Db, query: PlayerGamesQuery): Promise<{ entries: PlayerGame[]; nextCursor: string | null }> {
  const { limit } = query;
  // Each list's first limit+1 after the cursor; the page is the newest limit+1 of both.
  const [gameRows, matchRows] = await Promise.all(playerGamesQueries(db, query));
  const merged: PlayerGame[] = [
    ...gameRows.map((row) => ({ kind: 'game' as const, row })),
    ...matchRows.map((row) => ({ kind: 'match' as const, row })),
  ].sort((a, b) => newestFirst(a.row, b.row));
  const entries = merged.slice(0, limit);
  const last = entries.at(-1);
  return { entries, nextCursor: merged.length > limit && last ? encodeCursor(last.row) : null };
}
