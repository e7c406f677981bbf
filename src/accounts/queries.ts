// What the players' rows offer the other features' statements and transactions: the checks and
// locks a pairing takes in its own transaction (seeks, tournaments), the players as another
// feature's statement may join them (their shown name, whether a bot, whether being deleted), and
// whether a player holds a stream open. The tables are accounts' own; nothing else of them leaves
// the feature (its store's queries are its own).
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../platform/db/client.ts';
import { botPresence, players } from './tables.ts';

/** A player's id in the caller's statement: its column, or an expression. */
type PlayerIdOf = AnyColumn | SQL;

/**
 * The players' rows as another feature's statement may read them (joined on `id`): the shown
 * name, whether a bot account, and when its deletion began (null: not being deleted). A plain
 * subquery of the table: Postgres plans the join as one with the table itself.
 */
export const playerRows = new QueryBuilder()
  .select({ id: players.id, name: players.name, bot: players.bot, deletedAt: players.deletedAt })
  .from(players)
  .as('player_rows');

/** True unless the player `playerId` names is being deleted (never paired again). */
export const notBeingDeleted = (playerId: PlayerIdOf): SQL =>
  sql`not exists (select 1 from ${players} where ${players.id} = ${playerId} and ${players.deletedAt} is not null)`;

/** True unless both the player `seeker` and the one `other` names are bot accounts (bots meet by challenges only). */
export const notBothBots = (seeker: string, other: PlayerIdOf): SQL =>
  sql`not exists (select 1 from ${players} seeker, ${players} other where seeker.id = ${seeker} and other.id = ${other} and seeker.bot and other.bot)`;

/**
 * True when the player `playerId` names has a player stream open on some process at `now` (a live
 * presence lease, accounts' bot_presence).
 */
export const streamOpen = (playerId: PlayerIdOf, now: Date): SQL =>
  sql`exists (select 1 from ${botPresence} where ${botPresence.playerId} = ${playerId} and ${botPresence.leaseUntil} > ${now.toISOString()}::timestamptz)`;

/**
 * Locks two players' rows in the caller's transaction, in id order, FOR NO KEY UPDATE (the mode
 * their notices' counters take them in: a pairing takes every lock it holds on a player here, in
 * one order), and tells which is being deleted. Under that lock a deletion is either committed
 * (seen here) or waits for the caller's commit.
 */
export async function lockPairedPlayers(tx: Tx, a: string, b: string): Promise<{ id: string; deleted: boolean }[]> {
  return rowsOf<{ id: string; deleted: boolean }>(
    await tx.execute(
      sql`select ${players.id} as id, ${players.deletedAt} is not null as deleted from ${players} where ${players.id} in (${a}, ${b}) order by ${players.id} for no key update`,
    ),
  );
}

/**
 * Whether the player is being deleted, read under a share lock of its row in the caller's
 * transaction: a deletion committed before is seen, a later one waits for the caller's commit.
 */
export async function deletedUnderShareLock(tx: Tx, playerId: string): Promise<boolean> {
  const [me] = rowsOf<{ deleted: boolean }>(await tx.execute(sql`select ${players.deletedAt} is not null as deleted from ${players} where ${players.id} = ${playerId} for share`));
  return me?.deleted ?? false;
}
