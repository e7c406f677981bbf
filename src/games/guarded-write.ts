// The one statement of a game's write that is not a plain move: a join, a claim, a game's end, a
// calling-off, a move with an answer to keep. It appends the events guarded by the version as a
// move does (guarded-append.ts), and with them, only if that went through: the seats it fills
// (each still empty), the answer kept for an Idempotency-Key, the players' notices. One statement
// is one snapshot, atomic by itself: no transaction held open across round trips (five of them
// before, each a wake-up of the server and of this process; through a transaction pooler, each
// holding a server connection meanwhile).
import { getTableName } from 'drizzle-orm';
import { APPENDED_CTE, guardedAppendParams, INPUT_CTE, keptRow, type GuardedAppend, type NewIdempotencyRecord } from './guarded-append.ts';
import { noticeInput, noticesAfter, type PlayerNotice } from '../platform/streams/player-events.ts';
import { games, idempotencyKeys } from './tables.ts';

/** Seats to fill (a seat given here must still be empty) and the reservation to set or clear. */
export interface SeatPatch {
  forehandPlayerId?: string;
  dealerPlayerId?: string;
  reservedPlayerId?: string | null;
}

export type { NewIdempotencyRecord };

export interface GuardedWrite extends GuardedAppend {
  patch?: SeatPatch;
  /** The answer to a request sent with an Idempotency-Key, kept with the events. */
  idempotency?: NewIdempotencyRecord;
  /** Events for the players' own logs, written with the game's. */
  notices?: readonly PlayerNotice[];
}

/**
 * $1, $2: the append as GUARDED_APPEND_TEXT takes it; $3 the seat patch (JSON: the columns given
 * are set, and a seat given must be empty); $4 the answer to keep (a JSON list of none or one);
 * $5 the notices (noticeInput's JSON). Its rows (writtenAndNoticed): the game's when the write
 * went through (none: the version moved or the seat was taken), and each player's log version.
 */
export const GUARDED_WRITE_TEXT = `
with ${INPUT_CTE}, patch as (
  select $3::jsonb as p
), updated as (
  update ${getTableName(games)} g
  set version = i.version, status = i.status, updated_at = i.at,
    forehand_player_id = case when (pa.p ? 'forehandPlayerId') then pa.p->>'forehandPlayerId' else g.forehand_player_id end,
    dealer_player_id = case when (pa.p ? 'dealerPlayerId') then pa.p->>'dealerPlayerId' else g.dealer_player_id end,
    reserved_player_id = case when (pa.p ? 'reservedPlayerId') then pa.p->>'reservedPlayerId' else g.reserved_player_id end
  from input i, patch pa
  where g.id = any($2::text[]) and g.id = i.id and g.version = i.expected
    and (g.forehand_player_id is null or not (pa.p ? 'forehandPlayerId'))
    and (g.dealer_player_id is null or not (pa.p ? 'dealerPlayerId'))
  returning g.id
), ${APPENDED_CTE}, kept as (
  insert into ${getTableName(idempotencyKeys)} (player_id, key, game_id, request_hash, status, body)
  select k.player_id, k.key, u.id, k.request_hash, k.status, k.body
  from updated u
  cross join jsonb_to_recordset($4::jsonb) as k(player_id text, key text, request_hash text, status integer, body jsonb)
), ${noticesAfter('updated', '$5')}`;

/** The parameters of GUARDED_WRITE_TEXT for `write`. */
export function guardedWriteParams({ patch = {}, idempotency, notices = [], ...append }: GuardedWrite): unknown[] {
  const kept = idempotency ? [keptRow(idempotency)] : [];
  return [...guardedAppendParams([append]), JSON.stringify(patch), JSON.stringify(kept), noticeInput(notices)];
}
