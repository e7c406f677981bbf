// The one statement that appends to game logs. Each game's append is guarded by its version:
// only the games still at the version their events were decided at move on, and exactly their
// events are inserted. One game or many (games/move-batch.ts sends the moves of several games at
// once): each gets the answer it would have had alone.
import { getTableName } from 'drizzle-orm';
import type { GameEvent } from '../engine/types.ts';
import { eventRows } from '../platform/db/events.ts';
import { gameEvents, games, idempotencyKeys, type GameStatus } from './tables.ts';

export interface GuardedAppend {
  gameId: string;
  /** The version the events were decided at; they get seq expectedVersion+1, +2, … */
  expectedVersion: number;
  events: GameEvent[];
  /** The game's status after these events. */
  status: GameStatus;
  /** The time of these events by the service clock, written as `updated_at`. */
  at: Date;
}

/** The answer to a request sent with an Idempotency-Key, as kept (the JSON text first sent). */
export interface NewIdempotencyRecord {
  playerId: string;
  key: string;
  requestHash: string;
  status: number;
  body: unknown;
}

/** A move's append with the answer to keep for its Idempotency-Key (the group commit's input). */
export interface KeyedAppend extends GuardedAppend {
  idempotency?: NewIdempotencyRecord;
}

/** The appends of the statement's $1 (JSON, see guardedAppendParams) as rows. */
export const INPUT_CTE = `input as (
  select x.id, x.expected, x.version, x.status, x.at, x.events, x.kept
  from jsonb_to_recordset($1::jsonb) as x(id text, expected integer, version integer, status text, at timestamptz, events jsonb, kept jsonb)
)`;

/** The events of the games an `updated` CTE moved on (its rows: their ids), inserted. */
export const APPENDED_CTE = `appended as (
  insert into ${getTableName(gameEvents)} (game_id, seq, type, seat, payload)
  select i.id, e.seq, e.type, e.seat, e.payload
  from input i
  join updated u on u.id = i.id
  cross join lateral jsonb_to_recordset(i.events) as e(seq integer, type text, seat text, payload jsonb)
)`;

/**
 * The statement for a list of appends (at most one per game): its rows are the ids of the games
 * that were at their expected version, and were appended to. Data-modifying CTEs see one snapshot
 * and run to completion; the insert takes the events of the games whose guarded update went
 * through (RETURNING), so a stale append inserts nothing, and neither does it keep its answer
 * (`kept`: the answer of a move sent with an Idempotency-Key, in the same statement, so a keyed
 * move joins the group commit as a plain one does). $1 is the input as JSON, $2 the ids again
 * as an array: the planner then looks the games up by key (from the recordset alone, estimated at
 * 100 rows, it scans the whole games table up to ~30,000 games). One text, so the server parses
 * and plans it once per connection (a prepared statement).
 */
export const GUARDED_APPEND_TEXT = `
with ${INPUT_CTE}, updated as (
  update ${getTableName(games)} g
  set version = i.version, status = i.status, updated_at = i.at
  from input i
  where g.id = any($2::text[]) and g.id = i.id and g.version = i.expected
  returning g.id
), ${APPENDED_CTE}, kept as (
  insert into ${getTableName(idempotencyKeys)} (player_id, key, game_id, request_hash, status, body)
  select k.player_id, k.key, i.id, k.request_hash, k.status, k.body
  from input i
  join updated u on u.id = i.id
  cross join lateral jsonb_to_recordset(i.kept) as k(player_id text, key text, request_hash text, status integer, body jsonb)
)
select id from updated`;

/**
 * The parameters of GUARDED_APPEND_TEXT for `appends`. The input is sorted by game id: a plan that
 * walks it then locks games in one order in every process (two processes' batches should not
 * deadlock; should they, Postgres breaks it and the caller retries each append alone).
 */
export function guardedAppendParams(appends: readonly KeyedAppend[]): [input: string, ids: string[]] {
  const sorted = [...appends].sort((a, b) => (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0));
  const input = JSON.stringify(
    sorted.map(({ gameId, expectedVersion, events, status, at, idempotency }) => ({
      id: gameId,
      expected: expectedVersion,
      version: expectedVersion + events.length,
      status,
      at: at.toISOString(),
      events: eventRows(gameId, expectedVersion, events).map(({ seq, type, seat, payload }) => ({ seq, type, seat, payload })),
      ...(idempotency ? { kept: [keptRow(idempotency)] } : {}),
    })),
  );
  return [input, sorted.map((a) => a.gameId)];
}

/** The row of an answer kept for an Idempotency-Key, as the statements' `kept` recordsets read it. */
export function keptRow(k: NewIdempotencyRecord) {
  return { player_id: k.playerId, key: k.key, request_hash: k.requestHash, status: k.status, body: k.body };
}
