// The one statement that creates a game: its row, its first events and its players' notices, at
// once (a transaction of five round trips before). A rematch is created once: of racing inserts
// with the same `rematch_of` the first wins and the others insert nothing (no row comes back).
import { getTableName } from 'drizzle-orm';
import type { Config, GameEvent } from '../engine/types.ts';
import { eventRows } from '../platform/db/events.ts';
import { noticeInput, noticesAfter, type PlayerNotice } from '../platform/streams/player-events.ts';
import { gameEvents, games, type GameStatus, type GameRow } from './tables.ts';


export interface NewGame {
  id: string;
  config: Config;
  status: GameStatus;
  serverSeed: string;
  seedCommitment: string;
  forehandPlayerId: string | null;
  dealerPlayerId: string | null;
  reservedPlayerId: string | null;
  matchId?: string | null;
  /** The game's number in its match. */
  number?: number | null;
  /** Seconds per move; null or absent: no deadline. */
  turnSeconds?: number | null;
  /** A rated game (games/rated.ts). */
  rated?: boolean;
  rematchOf?: string | null;
  /** The service clock's time (default: this process's clock when it is written). */
  createdAt?: Date;
  updatedAt?: Date;
  /** The first events of the log (seq 1, 2, …), written with the game. */
  events?: GameEvent[];
  /** Events for the players' own logs, written in the same statement. */
  notices?: readonly PlayerNotice[];
}

/**
 * $1 the row (JSON, snake_case columns), $2 its first events, $3 the notices (noticeInput's JSON).
 * Its rows (writtenAndNoticed): the game's when it was inserted, and each player's log version.
 */
export const NEW_GAME_TEXT = `
with created as (
  insert into ${getTableName(games)} (id, config, status, version, forehand_player_id, dealer_player_id, reserved_player_id,
    server_seed, seed_commitment, match_id, number, turn_seconds, rated, rematch_of, created_at, updated_at)
  select x.id, x.config, x.status, x.version, x.forehand_player_id, x.dealer_player_id, x.reserved_player_id,
    x.server_seed, x.seed_commitment, x.match_id, x.number, x.turn_seconds, x.rated, x.rematch_of, x.created_at, x.updated_at
  from jsonb_to_record($1::jsonb) as x(id text, config jsonb, status text, version integer, forehand_player_id text,
    dealer_player_id text, reserved_player_id text, server_seed text, seed_commitment text, match_id text, number integer,
    turn_seconds integer, rated boolean, rematch_of text, created_at timestamptz, updated_at timestamptz)
  on conflict (rematch_of) do nothing
  returning id
), appended as (
  insert into ${getTableName(gameEvents)} (game_id, seq, type, seat, payload)
  select c.id, e.seq, e.type, e.seat, e.payload
  from created c
  cross join jsonb_to_recordset($2::jsonb) as e(seq integer, type text, seat text, payload jsonb)
), ${noticesAfter('created', '$3')}`;

/** The row a new game is written as: what the service gave, the dates by its clock (`now`). */
export function newGameRow({ events = [], notices: _notices, ...game }: NewGame, now: Date): GameRow {
  const createdAt = game.createdAt ?? now;
  return {
    id: game.id,
    config: game.config,
    status: game.status,
    version: events.length,
    forehandPlayerId: game.forehandPlayerId,
    dealerPlayerId: game.dealerPlayerId,
    reservedPlayerId: game.reservedPlayerId,
    serverSeed: game.serverSeed,
    seedCommitment: game.seedCommitment,
    matchId: game.matchId ?? null,
    number: game.number ?? null,
    turnSeconds: game.turnSeconds ?? null,
    rated: game.rated ?? false,
    ratingChanges: null,
    rematchOf: game.rematchOf ?? null,
    createdAt,
    updatedAt: game.updatedAt ?? createdAt,
  };
}

/** The parameters of NEW_GAME_TEXT for `row` and its first events and notices. */
export function newGameParams(row: GameRow, { events = [], notices = [] }: Pick<NewGame, 'events' | 'notices'>): unknown[] {
  const input = {
    id: row.id,
    config: row.config,
    status: row.status,
    version: row.version,
    forehand_player_id: row.forehandPlayerId,
    dealer_player_id: row.dealerPlayerId,
    reserved_player_id: row.reservedPlayerId,
    server_seed: row.serverSeed,
    seed_commitment: row.seedCommitment,
    match_id: row.matchId,
    number: row.number,
    turn_seconds: row.turnSeconds,
    rated: row.rated,
    rematch_of: row.rematchOf,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
  const first = eventRows(row.id, 0, events).map(({ seq, type, seat, payload }) => ({ seq, type, seat, payload }));
  return [JSON.stringify(input), JSON.stringify(first), noticeInput(notices)];
}
