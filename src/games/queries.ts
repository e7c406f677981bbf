// What the games' tables offer the other features: the writes a pairing or a match makes in its own
// transaction (seeks, tournaments, matches), the statements and fragments of statements that read
// games for them (a player's list, a match's games, a tournament's, the house ladder's, the ratings
// check), and the one column the ratings write with a rated game's end. The tables are the games'
// own; nothing else of them leaves the feature (its store's queries are its own).
import { and, asc, count, desc, eq, getTableName, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Config, GameEvent, Result, Variant } from '../engine/types.ts';
import { rowsOf, type Database, type Db, type Tx } from '../platform/db/client.ts';
import { eventRows, storedEvent } from '../platform/db/events.ts';
import { gameEvents, games, type GameStatus, type RatingChanges, type GameRow } from './tables.ts';
import { newGameRow, type NewGame } from './new-game.ts';


/**
 * New games with both seats taken (a pairing's), with the first events of their logs, in the
 * caller's transaction: two statements however many games.
 */
export async function insertGamesIn(tx: Tx, created: readonly NewGame[], at: Date): Promise<void> {
  if (created.length === 0) return;
  await tx.insert(games).values(created.map((g) => newGameRow(g, at)));
  const first = created.flatMap((g) => eventRows(g.id, 0, g.events ?? []));
  if (first.length > 0) await tx.insert(gameEvents).values(first);
}

/** A game of a match as its match creates it: both seats known, its log starting with them. */
export interface MatchGame {
  id: string;
  matchId: string;
  /** Its number in the match (1, 2, …). */
  number: number;
  config: Config;
  turnSeconds: number | null;
  rated: boolean;
  serverSeed: string;
  seedCommitment: string;
  forehandPlayerId: string;
  dealerPlayerId: string;
  /** The first events of its log (the players taking their seats). */
  events: readonly GameEvent[];
}

/**
 * A match's game, in the caller's transaction (the match's step): false, and nothing written, when
 * the match has its game of that number already (the unique (match_id, number) index: a creator
 * that finds the game there backs off).
 */
export async function insertMatchGameIn(tx: Tx, game: MatchGame, at: Date): Promise<boolean> {
  const { events: first, ...created } = game;
  const [inserted] = await tx
    .insert(games)
    .values({ ...created, status: 'cutting', version: first.length, reservedPlayerId: null, createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: [games.matchId, games.number] })
    .returning({ id: games.id });
  if (!inserted) return false;
  if (first.length > 0) await tx.insert(gameEvents).values(eventRows(game.id, 0, first));
  return true;
}

/** The games of a match by number, each with the result of its `finished` event (null: not finished). */
export async function gamesOfMatch(db: Db, matchId: string): Promise<{ row: GameRow; result: Result | null }[]> {
  const rows = await db
    .select({ game: games, payload: gameEvents.payload })
    .from(games)
    .leftJoin(gameEvents, and(eq(gameEvents.gameId, games.id), eq(gameEvents.type, 'finished')))
    .where(eq(games.matchId, matchId))
    .orderBy(asc(games.number));
  return rows.map(({ game, payload }) => ({ row: game, result: resultOf(payload) }));
}

/** The result a stored `finished` event carries (in today's shape), or null. */
function resultOf(payload: GameEvent | null): Result | null {
  const event = payload && storedEvent(payload);
  return event?.type === 'finished' ? event.result : null;
}

/**
 * The statement of a player's games (seated at or reserved for) in `statuses` (all: undefined),
 * newest first, the first `limit` after the keyset `after` (on the games' indexes: tests read its plan).
 */
export function playerGamesQuery(db: Db, query: { playerId: string; statuses?: readonly GameStatus[]; after?: { createdAt: Date; id: string }; limit: number }) {
  const { playerId: p, statuses, after, limit } = query;
  const status = statuses === undefined ? undefined : statuses.length === 1 ? eq(games.status, statuses[0] as GameStatus) : inArray(games.status, [...statuses]);
  const before = after ? sql`(${games.createdAt}, ${games.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})` : undefined;
  return db
    .select()
    .from(games)
    .where(and(or(eq(games.forehandPlayerId, p), eq(games.dealerPlayerId, p), eq(games.reservedPlayerId, p)), status, before))
    .orderBy(desc(games.createdAt), desc(games.id))
    .limit(limit);
}

// ---------------------------------------------------------------- a tournament's games

/**
 * The games of `links` (the caller's subquery of rows with `game_id` and `match_id` columns): a
 * link's game by its id, or its match's games. For one statement of the caller's: a FROM item
 * with the link's own columns, and of each game its id (`game`), status, seated players
 * (`forehand`, `dealer`), its `finished` event's payload (`result`, null while it is played), and
 * what its deadline is reckoned from: its last move (`updated_at`) and its time per move
 * (`turn_seconds`, null: none).
 */
export const linkedGames = (links: SQL): SQL => sql`(select l.*, g.id as game, g.status, g.forehand_player_id as forehand, g.dealer_player_id as dealer, e.payload as result,
  g.updated_at, g.turn_seconds
from (${links}) l
join ${games} g on g.id = l.game_id or g.match_id = l.match_id
left join ${gameEvents} e on e.game_id = g.id and e.type = 'finished')`;

/** The ids of the games of `links` (as linkedGames reads them). */
export async function linkedGameIds(db: Db, links: SQL): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`
select g.id from (${links}) p join ${games} g on g.id = p.game_id or g.match_id = p.match_id`));
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- the house ladder's

/** Rated games not called off whose both players are among `ids`, counted by variant and seats. */
export async function ratedGameCounts(db: Db, ids: readonly string[]): Promise<{ variant: Variant; forehand: string | null; dealer: string | null; n: number }[]> {
  const variant = sql<Variant>`${games.config}->>'variant'`;
  return db
    .select({ variant, forehand: games.forehandPlayerId, dealer: games.dealerPlayerId, n: count() })
    .from(games)
    .where(and(eq(games.rated, true), inArray(games.forehandPlayerId, [...ids]), inArray(games.dealerPlayerId, [...ids]), sql`${games.status} <> 'cancelled'`))
    .groupBy(variant, games.forehandPlayerId, games.dealerPlayerId);
}

/** A game waiting for its second player or being played (the statuses the lobby's index leads with). */
const NOT_OVER = ['waiting', 'cutting', 'bidding', 'stock', 'declaring', 'kontra', 're', 'playing'] as const;

/** The games not over yet where any of `ids` sits or is reserved for (few: finished games are not read). */
export async function gamesNotOverAmong(db: Db, ids: readonly string[]) {
  const list = [...ids];
  return db
    .select({ id: games.id, status: games.status, forehand: games.forehandPlayerId, dealer: games.dealerPlayerId, reserved: games.reservedPlayerId, createdAt: games.createdAt })
    .from(games)
    .where(
      and(
        inArray(games.status, [...NOT_OVER]),
        or(inArray(games.forehandPlayerId, list), inArray(games.dealerPlayerId, list), inArray(games.reservedPlayerId, list)),
      ),
    );
}

// ---------------------------------------------------------------- the ratings'

/**
 * The CTE body that writes a rated game's rating changes (its `rating_changes`) in the ratings'
 * statement of its end (ratings/rated-end.ts): `game` and `changes` are that statement's
 * parameters; it returns the game's id when written.
 */
export const setRatingChanges = (game: string, changes: string): string => `update ${getTableName(games)} set rating_changes = ${changes}::jsonb where id = ${game}
  returning id`;

/** A finished rated game as the ratings check reads it: its players, variant, result, rating changes and end. */
export interface RatedGameFact {
  id: string;
  forehand: string;
  dealer: string;
  variant: string;
  result: Result | string;
  rating_changes: RatingChanges | string | null;
  ended: Date | string;
}

/** Every finished rated game with its result (the ratings check, `npm run ratings -- --check`). */
export function finishedRatedGames(database: Pick<Database, 'query'>): Promise<RatedGameFact[]> {
  return database.query<RatedGameFact & Record<string, unknown>>(`
select g.id, g.forehand_player_id as forehand, g.dealer_player_id as dealer, g.config->>'variant' as variant,
  e.payload->'result' as result, g.rating_changes, g.updated_at as ended
from ${getTableName(games)} g join ${getTableName(gameEvents)} e on e.game_id = g.id and e.type = 'finished'
where g.rated and g.status = 'finished'`);
}

/**
 * Whether the games' table answers at once (/readyz): every request reads it, so a lock held on it
 * (a long migration, a stuck session) leaves the service unable to serve.
 */
export async function gamesAnswer(db: Db): Promise<void> {
  await db.execute(sql`select 1 from ${games} limit 1`);
}
