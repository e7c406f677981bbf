// A player's games and matches in one list, newest first, keyset-paginated on (created_at, id):
// where the player sits or plays, or is the one a waiting game or match is reserved for.
import { PHASES } from '../engine/types.ts';
import type { Db } from '../platform/db/client.ts';
import { decodeCursor, encodeCursor } from '../platform/db/cursor.ts';
import { playerGamesQuery, type GameRow, type GameStatus } from '../games/index.ts';
import { playerMatchesQuery, type MatchRow, type MatchStatus } from '../matches/index.ts';

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

/** The games' statuses a player's list shows for `status`. */
function gameStatuses(status: PlayerGameStatus | undefined): readonly GameStatus[] | undefined {
  switch (status) {
    case undefined:
      return undefined;
    case 'active':
      return ACTIVE_PHASES;
    default:
      return [status];
  }
}

/** The match status a player's list shows for `status`. */
function matchStatus(status: PlayerGameStatus | undefined): MatchStatus | undefined {
  if (status === undefined) return undefined;
  return status === 'active' ? 'playing' : status;
}

const newestFirst = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The two statements of one page (the player's games, the player's matches), each the first
 * limit+1 after the cursor (tests read their plans: every ordering on an index).
 */
export function playerGamesQueries(db: Db, query: PlayerGamesQuery) {
  const { playerId, status, limit } = query;
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  return [
    playerGamesQuery(db, { playerId, statuses: gameStatuses(status), after, limit: limit + 1 }),
    playerMatchesQuery(db, { playerId, status: matchStatus(status), after, limit: limit + 1 }),
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
