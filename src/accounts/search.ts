// Finding a player by name (GET /v1/players?name=, the players feature's): accounts (people and
// bots, not guests) whose shown name or username begins with what was typed, ignoring case, in
// name order, keyset-paginated on (lower(name), id). Accounts' own tables, so accounts' query.
import { and, asc, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { decodeTuple, encodeTuple, isCursorId, isCursorText } from '../platform/db/cursor.ts';
import { InvalidCursorError } from '../platform/db/errors.ts';
import { accounts, players } from './tables.ts';

export interface FoundPlayer {
  playerId: string;
  name: string;
  bot: boolean;
}

export interface PlayerSearch {
  /** What the name (or username) begins with, any case. */
  name: string;
  limit: number;
  cursor?: string;
}

/** `%`, `_` and `\` stand for themselves in the prefix, not for LIKE's wildcards. */
const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function decodeSearchCursor(cursor: string): { key: string; id: string } {
  const [key, id] = decodeTuple(cursor, 2);
  if (!isCursorText(key) || !isCursorId(id)) throw new InvalidCursorError();
  return { key, id };
}

export async function findPlayers(db: Db, query: PlayerSearch): Promise<{ items: FoundPlayer[]; nextCursor: string | null }> {
  const key = sql<string>`lower(${players.name})`;
  const prefix = likePrefix(query.name);
  const after = query.cursor === undefined ? undefined : decodeSearchCursor(query.cursor);
  const rows = await db
    .select({ playerId: players.id, name: players.name, bot: players.bot, key })
    .from(players)
    .innerJoin(accounts, sql`${accounts.playerId} = ${players.id}`)
    .where(
      and(
        isNull(players.deletedAt),
        or(sql`${key} like ${prefix}`, sql`${accounts.usernameKey} like ${prefix}`),
        after ? sql`(${key}, ${players.id}) > (${after.key}, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(key), asc(players.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ playerId, name, bot }) => ({ playerId, name, bot })),
    nextCursor: rows.length > query.limit && last ? encodeTuple([last.key, last.playerId]) : null,
  };
}
