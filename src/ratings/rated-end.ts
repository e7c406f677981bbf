// A rated game's end, written in one transaction with the game's own end (docs/api.md, "Rated play").
// The service rated the game from the ratings as it read them; here, under the ratings' row
// locks, those values are checked to be still current (else RatingsMovedError: another rated
// game of one of the players ended meanwhile, and the service rates again), then the game's
// guarded write (its last events, its players' notices, a kept answer) goes, and with it the new
// ratings, one history point per player (its seq: the order games were rated in) and the game's
// rating changes. The locks are held to the commit, so two rated games of one player are rated
// one after the other, in the order they end.
import { getTableName } from 'drizzle-orm';
import type { Seat, Variant } from '../engine/types.ts';
import type { Query } from '../platform/db/client.ts';
import { RatingsMovedError, setRatingChanges, type RatingChanges } from '../games/index.ts';
import { ratingHistory, ratings } from './tables.ts';

/** A rating as stored. */
export interface StoredRating {
  rating: number;
  rd: number;
  volatility: number;
  games: number;
}

/** A rated game's end as the ratings write it. */
export interface RatingsEnd {
  gameId: string;
  variant: Variant;
  /** Both players: the rating the service read (a new player's start values, 0 games) and the new one. */
  players: { playerId: string; seat: Seat; before: StoredRating; after: StoredRating }[];
  changes: RatingChanges;
  /** The game's end by the service clock. */
  at: Date;
}

const RATINGS = getTableName(ratings);
const HISTORY = getTableName(ratingHistory);

/**
 * $1 the variant, $2 the players' start values as JSON ([{id, rating, rd, volatility}]): a player
 * rated here for the first time gets its row (a concurrent first game of the same player waits
 * for this one's commit, then inserts nothing), then both rows are locked in id order (so two
 * games never lock them in opposite orders) and read.
 */
export const LOCK_RATINGS_TEXT = `
with input as (
  select x.id, x.rating, x.rd, x.volatility from jsonb_to_recordset($2::jsonb) as x(id text, rating float8, rd float8, volatility float8) order by x.id
), inserted as (
  insert into ${RATINGS} (player_id, variant, rating, rd, volatility, games)
  select i.id, $1, i.rating, i.rd, i.volatility, 0 from input i
  on conflict (player_id, variant) do nothing
)
select 1`;

export const READ_LOCKED_TEXT = `
select player_id as id, rating, rd, volatility, games from ${RATINGS}
where variant = $1 and player_id = any($2::text[])
order by player_id
for update`;

/**
 * $1 the variant, $2 the new ratings as JSON ([{id, rating, rd, volatility, games}], in id order),
 * $3 the game, $4 its end, $5 its rating changes: the ratings, the history points and the game's
 * changes, in one statement.
 */
export const WRITE_RATINGS_TEXT = `
with input as (
  select x.id, x.rating, x.rd, x.volatility, x.games
  from jsonb_to_recordset($2::jsonb) as x(id text, rating float8, rd float8, volatility float8, games integer)
), updated as (
  update ${RATINGS} r set rating = i.rating, rd = i.rd, volatility = i.volatility, games = i.games, updated_at = $4::timestamptz
  from input i where r.player_id = i.id and r.variant = $1
  returning r.player_id
), points as (
  insert into ${HISTORY} (player_id, variant, game_id, at, rating, rd, volatility)
  select i.id, $1, $3, $4::timestamptz, i.rating, i.rd, i.volatility from input i
  returning player_id
), changed as (
  ${setRatingChanges('$3', '$5')}
)
select (select count(*) from updated)::int as ratings, (select count(*) from points)::int as points, (select count(*) from changed)::int as games`;

const sameRating = (a: StoredRating, b: StoredRating) => a.games === b.games && a.rating === b.rating && a.rd === b.rd && a.volatility === b.volatility;

/**
 * The rating part of a rated end, inside the transaction, around `write` (the game's guarded
 * write, which throws when the game had moved on). Throws RatingsMovedError when a rating is not
 * the one the service read. Whatever throws rolls the whole transaction back.
 */
export async function writeRatedEnd(query: Query, end: RatingsEnd, write: () => Promise<void>): Promise<void> {
  const sorted = [...end.players].sort((a, b) => (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0));
  const start = sorted.map((p) => ({ id: p.playerId, rating: p.before.rating, rd: p.before.rd, volatility: p.before.volatility }));
  await query(LOCK_RATINGS_TEXT, [end.variant, JSON.stringify(start)]);
  const locked = await query<{ id: string; rating: number; rd: number; volatility: number; games: number }>(READ_LOCKED_TEXT, [
    end.variant,
    sorted.map((p) => p.playerId),
  ]);
  for (const p of sorted) {
    const row = locked.find((r) => r.id === p.playerId);
    if (!row || !sameRating({ rating: Number(row.rating), rd: Number(row.rd), volatility: Number(row.volatility), games: Number(row.games) }, p.before))
      throw new RatingsMovedError(end.gameId);
  }
  await write();
  const after = sorted.map((p) => ({ id: p.playerId, ...p.after }));
  const [counts] = await query<{ ratings: number; points: number; games: number }>(WRITE_RATINGS_TEXT, [
    end.variant,
    JSON.stringify(after),
    end.gameId,
    end.at.toISOString(),
    JSON.stringify(end.changes),
  ]);
  if (counts?.ratings !== sorted.length || counts.points !== sorted.length || counts.games !== 1)
    throw new Error(`game ${end.gameId}: the ratings were not written (${JSON.stringify(counts)})`);
}
