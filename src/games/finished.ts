// The finished games as the exports read them (docs/api.md, "Export"): with their logs, newest end
// first (a finished game's updated_at is its end), one batch at a time, each batch starting after
// the last game of the one before (keyset: constant memory however many games there are). Every
// ordering is on an index: games_finished_rated_idx (every rated game), games_finished_forehand_idx
// and games_finished_dealer_idx (one player's, read as two ordered runs merged). The games' own
// tables, so the games' query; the exports feature calls finishedGames.
import { getTableName } from 'drizzle-orm';
import type { GameEvent, Variant } from '../engine/types.ts';
import type { Database } from '../platform/db/client.ts';
import { storedEvent } from '../platform/db/events.ts';
import { gameEvents, games, type GameRow } from './tables.ts';


export interface FinishedFilter {
  /** Only this player's games (at either seat); undefined: every game (then `rated` must be true). */
  playerId?: string;
  variant?: Variant;
  rated?: boolean;
  /** Ended at or after `since`, before `until`. */
  since?: Date;
  until?: Date;
  /** Only these games (a tournament's). */
  gameIds?: readonly string[];
}

/** Where a batch starts: below the last game of the batch before. */
export interface FinishedKey {
  updatedAt: Date;
  id: string;
}

const GAMES = getTableName(games);
const EVENTS = getTableName(gameEvents);

/** The columns of a game row as GameRow names them, and its log. */
const COLUMNS = `g.id, g.config, g.status, g.version, g.forehand_player_id, g.dealer_player_id, g.reserved_player_id, g.server_seed,
  g.seed_commitment, g.match_id, g.number, g.turn_seconds, g.rated, g.rating_changes, g.rematch_of, g.created_at, g.updated_at,
  (select json_agg(e.payload order by e.seq) from ${EVENTS} e where e.game_id = g.id and e.seq <= g.version) as events`;

interface Row {
  id: string;
  config: GameRow['config'];
  status: GameRow['status'];
  version: number;
  forehand_player_id: string | null;
  dealer_player_id: string | null;
  reserved_player_id: string | null;
  server_seed: string;
  seed_commitment: string;
  match_id: string | null;
  number: number | null;
  turn_seconds: number | null;
  rated: boolean;
  rating_changes: GameRow['ratingChanges'];
  rematch_of: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  events: GameEvent[] | string | null;
}

const date = (d: Date | string) => (d instanceof Date ? d : new Date(d));
// postgres.js parses json itself; a driver that hands back text is read here.
const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

function rowOf(r: Row): { row: GameRow; events: GameEvent[] } {
  return {
    row: {
      id: r.id,
      config: parsed(r.config),
      status: r.status,
      version: r.version,
      forehandPlayerId: r.forehand_player_id,
      dealerPlayerId: r.dealer_player_id,
      reservedPlayerId: r.reserved_player_id,
      serverSeed: r.server_seed,
      seedCommitment: r.seed_commitment,
      matchId: r.match_id,
      number: r.number,
      turnSeconds: r.turn_seconds,
      rated: r.rated,
      ratingChanges: r.rating_changes === null ? null : parsed(r.rating_changes),
      rematchOf: r.rematch_of,
      createdAt: date(r.created_at),
      updatedAt: date(r.updated_at),
    },
    events: (parsed(r.events ?? []) ?? []).map(storedEvent),
  };
}

/**
 * One batch's statement and parameters. The filters other than the player are conditions on the
 * rows the index walk meets; `after` starts the walk below the last game of the batch before.
 */
function finishedGamesQuery(filter: FinishedFilter, after: FinishedKey | undefined, limit: number): { text: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [`g.status = 'finished'`];
  if (filter.rated !== undefined) where.push(filter.rated ? 'g.rated' : 'not g.rated');
  if (filter.variant !== undefined) where.push(`g.config->>'variant' = ${p(filter.variant)}`);
  if (filter.since !== undefined) where.push(`g.updated_at >= ${p(filter.since.toISOString())}::timestamptz`);
  if (filter.until !== undefined) where.push(`g.updated_at < ${p(filter.until.toISOString())}::timestamptz`);
  if (filter.gameIds !== undefined) where.push(`g.id in (select jsonb_array_elements_text(${p(JSON.stringify(filter.gameIds))}::jsonb))`);
  if (after) where.push(`(g.updated_at, g.id) < (${p(after.updatedAt.toISOString())}::timestamptz, ${p(after.id)})`);
  const order = 'order by g.updated_at desc, g.id desc';
  const n = p(limit);
  if (filter.playerId === undefined) {
    return { text: `select ${COLUMNS} from ${GAMES} g where ${where.join(' and ')} ${order} limit ${n}`, params };
  }
  const player = p(filter.playerId);
  const run = (seat: string) => `(select g.id, g.updated_at from ${GAMES} g where g.${seat} = ${player} and ${where.join(' and ')} ${order} limit ${n})`;
  // The two seats' runs, each along its own index, merged; the logs are read for the batch only.
  return {
    text: `with picked as (${run('forehand_player_id')} union all ${run('dealer_player_id')} order by updated_at desc, id desc limit ${n})
select ${COLUMNS} from picked k join ${GAMES} g on g.id = k.id ${order}`,
    params,
  };
}

/** One batch of finished games with their logs, newest end first. */
export async function finishedGames(database: Pick<Database, 'query'>, filter: FinishedFilter, after: FinishedKey | undefined, limit: number): Promise<{ row: GameRow; events: GameEvent[] }[]> {
  const { text, params } = finishedGamesQuery(filter, after, limit);
  return (await database.query<Row & Record<string, unknown>>(text, params)).map(rowOf);
}
