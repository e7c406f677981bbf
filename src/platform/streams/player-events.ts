// Each player's own log: what a bot or a client acting for one player needs to hear of without
// knowing the ids beforehand (GET /v1/players/me/stream). Written in the transaction of the change
// that causes it, so a client that reconnects with Last-Event-ID misses nothing.
import { and, asc, eq, getTableName, gt, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import { playerEvents } from '../db/tables.ts';

/**
 * The events of a player's own log, by their type: each feature declares its own, with their
 * schemas, in src/<feature>/player-events.ts and adds them here (declaration merging):
 *
 * ```ts
 * declare module '../platform/streams/player-events.ts' {
 *   interface PlayerEvents { matchStart: MatchStartEvent; matchFinish: MatchFinishEvent }
 * }
 * ```
 *
 * The app composes their schemas into the document's PlayerEvent (src/app/player-events.ts).
 */
// biome-ignore lint/suspicious/noEmptyInterface: every feature adds its events to it (declaration merging)
export interface PlayerEvents {}

/** An event of a player's log: one of every feature's. */
export type PlayerEvent = PlayerEvents[keyof PlayerEvents];

// Compile-time: each event is filed under its own type.
type Misfiled = { [K in keyof PlayerEvents]: PlayerEvents[K] extends { type: K } ? never : K }[keyof PlayerEvents];
const everyEventUnderItsType: [Misfiled] extends [never] ? true : Misfiled = true;
void everyEventUnderItsType;

/** An event for one player's log. */
export interface PlayerNotice {
  playerId: string;
  event: PlayerEvent;
}

/** The version each player's log is at after notices were appended (to announce). */
export type NoticedVersions = Array<[playerId: string, version: number]>;

type Tx = Pick<Db, 'execute'>;

/**
 * The players' rows (accounts' table): the log's counter is their event_version, bumped under the
 * row's lock. Named by SQL: the platform imports no feature.
 */
const PLAYERS = 'players';
const EVENTS = getTableName(playerEvents);

/**
 * The CTEs that append the notices of a `notice_input` CTE (id, n, events: a player, how many
 * events, the events) to those players' logs; `bumped` has each log's version after it. Each
 * player's counter is bumped under its row's lock, so concurrent writers to one player's log wait
 * for each other instead of failing; the rows are locked in id order (`locked`, over the sorted
 * ids), so two writers of the same players never deadlock. The lock is FOR NO KEY UPDATE, the one
 * the counter's update takes anyway: a row inserted earlier in the same transaction that names the
 * player (a game, a match: their foreign keys hold FOR KEY SHARE on the player's row until the
 * commit) does not conflict with it. FOR UPDATE would: two transactions that each inserted a game
 * naming one player, then wrote its log, would wait on each other's key share (a deadlock). A
 * reserved opponent that no longer exists has no row, and so no log to write to.
 */
export const NOTICE_CTES = `locked as (
  select p.id from ${PLAYERS} p where p.id in (select id from notice_input) order by p.id for no key update
), bumped as (
  update ${PLAYERS} p set event_version = p.event_version + i.n
  from notice_input i join locked l on l.id = i.id
  where p.id = i.id
  returning p.id, p.event_version
), noted as (
  insert into ${EVENTS} (player_id, seq, type, payload)
  select b.id, b.event_version - i.n + e.ord::integer, e.event->>'type', e.event
  from bumped b
  join notice_input i on i.id = b.id
  cross join lateral jsonb_array_elements(i.events) with ordinality as e(event, ord)
)`;

/** The columns of a `notice_input` CTE read from its JSON (noticeInput's). */
const NOTICE_COLUMNS = 'x(id text, n integer, events jsonb)';

/**
 * The end of a statement that writes a row and, only with it, notices: `notice_input` from the
 * JSON parameter `param` (noticeInput's) for each row of the CTE `written`, the notice CTEs, and
 * the rows to read with writtenAndNoticed (the row's id, each player's log version).
 */
export function noticesAfter(written: string, param: string): string {
  return `notice_input as (
  select x.id, x.n, x.events from ${written} w cross join jsonb_to_recordset(${param}::jsonb) as ${NOTICE_COLUMNS}
), ${NOTICE_CTES}
select 'row' as kind, id, null::integer as version from ${written}
union all
select 'player' as kind, id, event_version as version from bumped`;
}

/** The rows of a statement that ends with noticesAfter: whether its row was written, and the logs' versions. */
export function writtenAndNoticed(rows: readonly { kind: string; id: string; version: number | null }[]): { written: boolean; noticed: NoticedVersions } {
  return { written: rows.some((r) => r.kind === 'row'), noticed: noticedOf(rows.filter((r) => r.kind === 'player')) };
}

/** The notices as NOTICE_CTES reads them (JSON: each player once, with its events in order). */
export function noticeInput(notices: readonly PlayerNotice[]): string {
  const byPlayer = new Map<string, PlayerEvent[]>();
  for (const n of notices) {
    const events = byPlayer.get(n.playerId);
    if (events) events.push(n.event);
    else byPlayer.set(n.playerId, [n.event]);
  }
  return JSON.stringify([...byPlayer].map(([id, events]) => ({ id, n: events.length, events })));
}

/** The versions of the logs written, as `bumped` returns them, in player id order. */
function noticedOf(rows: readonly { id: string; version: number | string | null }[]): NoticedVersions {
  return rows.map((r): [string, number] => [r.id, Number(r.version)]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Appends notices inside the caller's transaction, in one statement (a game's start or end writes
 * notices for both players; a statement per player and one more for the rows cost a round trip
 * each, inside the transaction that holds the game's row).
 */
export async function appendNotices(tx: Tx, notices: readonly PlayerNotice[]): Promise<NoticedVersions> {
  if (notices.length === 0) return [];
  const rows = rowsOf<{ id: string; version: number }>(
    await tx.execute(sql`
with notice_input as (
  select x.id, x.n, x.events from jsonb_to_recordset(${noticeInput(notices)}::jsonb) as ${sql.raw(NOTICE_COLUMNS)}
), ${sql.raw(NOTICE_CTES)}
select id, event_version as version from bumped`),
  );
  return noticedOf(rows);
}

export class PlayerEventStore {
  constructor(private readonly db: Db) {}

  /** The player's events after `after`, in order. */
  async events(playerId: string, after = 0, limit = 500): Promise<{ seq: number; event: PlayerEvent }[]> {
    const rows = await this.db
      .select({ seq: playerEvents.seq, payload: playerEvents.payload })
      .from(playerEvents)
      .where(and(eq(playerEvents.playerId, playerId), gt(playerEvents.seq, after)))
      .orderBy(asc(playerEvents.seq))
      .limit(limit);
    // The column holds the PlayerEvents the notices wrote (the table types it as plain JSON).
    return rows.map((r) => ({ seq: r.seq, event: r.payload as unknown as PlayerEvent }));
  }

  /** The seq of the player's last event (0: none), or null for no such player. */
  async version(playerId: string): Promise<number | null> {
    const [row] = rowsOf<{ version: number }>(await this.db.execute(sql`select event_version as version from ${sql.identifier(PLAYERS)} where id = ${playerId}`));
    return row?.version ?? null;
  }
}

/** The notifier key of a player's log: its stream waits on it. */
export const playerKey = (playerId: string) => `player:${playerId}`;

/** Wakes the streams of the players whose logs a committed write appended to. */
export async function announceNoticed(notifier: { publish(key: string, version: number): Promise<void> }, noticed: NoticedVersions): Promise<void> {
  for (const [playerId, version] of noticed) await notifier.publish(playerKey(playerId), version);
}
