// The tournaments' tables: the tournament row (its lock serialises every change a director or a
// join makes to one tournament), its entrants, its pairings with their seats (the unique index
// over unended seats: nobody in two tournament games at once), and its own event log.
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../platform/db/client.ts';
import { decodeStamp, decodeTuple, encodeTuple, isCursorId } from '../platform/db/cursor.ts';
import { InvalidCursorError } from '../platform/db/errors.ts';
import { storedEvent } from '../platform/db/events.ts';
import { deletedPlayer, insertGamesIn, linkedGameIds, linkedGames } from '../games/index.ts';
import { deletedUnderShareLock, playerRows, streamOpen } from '../accounts/index.ts';
import { matchStatuses, startMatchIn } from '../matches/index.ts';
import { shownRatingsOf } from '../ratings/index.ts';
import { appendNotices, type NoticedVersions } from '../platform/streams/player-events.ts';
import type { GameEvent } from '../engine/index.ts';
import {
  tournamentEvents,
  tournamentPairings,
  tournamentPlayers,
  tournaments,
  tournamentSeats,
  type TournamentStatus,
} from './tables.ts';
import type { NewTournament } from './decide.ts';
import type { TournamentEvent } from './events.ts';
import type { CreatorCounts } from './limits.ts';
import { nextAt } from './next-at.ts';
import { restEnds, restEndsAfter } from './rest.ts';
import { holdEnds } from './rematch-hold.ts';
import type { PairingGame } from './decide.ts';
import type { Entrant, Snapshot, Step } from './step.ts';
import type { PairingRow, TournamentRow } from './view.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A wake's next_at: `now`, or the time it was due already if that is sooner. */
const dueBy = (now: Date) => sql`least(coalesce(${tournaments.nextAt}, ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz)`;

/** Any fixed number: the first half of a creator's lock while its tournaments are counted ("Tour"). */
const CREATOR_LOCK = 0x54_6f_75_72;
/** The same for a creating address ("TAdr"). */
const ADDRESS_LOCK = 0x54_41_64_72;

/** Which page of a tournament's games a read answers (GET /v1/tournaments/{id}/games). */
export interface GamesQuery {
  round?: number;
  player?: string;
  limit: number;
  cursor?: string;
}

/** A tournament's place in the due queue (a tick's keyset). */
export interface Due {
  id: string;
  at: Date;
}

/** What a director's look at one tournament did. */
export interface Stepped {
  /** The step written (its new version, the players' log versions to announce); null: nothing changed but when it is due next. */
  written: Written | null;
  /** Its games past their deadline, to claim for the waiting player (after the step: a claim ends a game, which wakes it again). */
  overdue: Array<{ gameId: string; players: string[] }>;
  /** Players this step freed for their other tournaments: their seats given back, or the Swiss event they were in over. */
  freed: string[];
}

export interface EntrantRow {
  playerId: string;
  withdrawn: boolean;
  timeouts: number;
  paused: boolean;
}

/** A step written: the tournament's new version, and the players' log versions to announce. */
export interface Written {
  version: number;
  noticed: NoticedVersions;
}

/** An entry's columns, as EntrantRow has them. */
const ENTRY = { playerId: tournamentPlayers.playerId, withdrawn: tournamentPlayers.withdrawn, timeouts: tournamentPlayers.timeouts, paused: tournamentPlayers.paused };

export class TournamentStore {
  constructor(
    private readonly db: Db,
    /** An arena's rest after a game (rest.ts): the step pairs nobody resting, and looks again when a rest ends. */
    private readonly rules: { restMs: number } = { restMs: 0 },
  ) {}

  get restMs(): number {
    return this.rules.restMs;
  }

  /**
   * Inserts `row`, due at its start, unless `cap` refuses what its creator and its address have
   * already: counted under the creator's lock, then the address's (two creations at once cannot
   * both take the last place; always in this order, so two never wait for each other).
   */
  async create(row: NewTournament, address: string, cap: (held: CreatorCounts) => void): Promise<TournamentRow> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CREATOR_LOCK}::int, hashtext(${row.createdBy}))`);
      await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK}::int, hashtext(${address}))`);
      const [mine] = await tx
        .select({ upcoming: sql<number>`count(*) filter (where ${tournaments.status} = 'upcoming')`.mapWith(Number), open: count() })
        .from(tournaments)
        .where(and(eq(tournaments.createdBy, row.createdBy), ne(tournaments.status, 'finished')));
      const [there] = await tx
        .select({ open: count() })
        .from(tournaments)
        .where(and(eq(tournaments.createdFrom, address), ne(tournaments.status, 'finished')));
      cap({ upcoming: mine?.upcoming ?? 0, open: mine?.open ?? 0, fromAddress: there?.open ?? 0 });
      const [made] = await tx
        .insert(tournaments)
        .values({ ...row, nextAt: row.startsAt, createdFrom: address })
        .returning();
      // biome-ignore lint/style/noNonNullAssertion: INSERT … RETURNING of one row returns that row
      return made!;
    });
  }

  async get(id: string): Promise<TournamentRow | null> {
    const [row] = await this.db.select().from(tournaments).where(eq(tournaments.id, id));
    return row ?? null;
  }

  /** Its status and version (the seq of its last event), without the rest of the row (a finished one's standings are some 170 KB for 1,000 players). */
  async head(id: string): Promise<Pick<TournamentRow, 'status' | 'version'> | null> {
    const [row] = await this.db.select({ status: tournaments.status, version: tournaments.version }).from(tournaments).where(eq(tournaments.id, id));
    return row ?? null;
  }

  async entrants(id: string): Promise<EntrantRow[]> {
    return this.db
      .select(ENTRY)
      .from(tournamentPlayers)
      .where(eq(tournamentPlayers.tournamentId, id))
      .orderBy(asc(tournamentPlayers.joinedAt), asc(tournamentPlayers.playerId));
  }

  /** Its pairings (of one round or wave, with `round`). */
  async pairings(id: string, round?: number): Promise<PairingRow[]> {
    const which = eq(tournamentPairings.tournamentId, id);
    return this.db
      .select()
      .from(tournamentPairings)
      .where(round === undefined ? which : and(which, eq(tournamentPairings.round, round)))
      .orderBy(asc(tournamentPairings.round), asc(tournamentPairings.createdAt), asc(tournamentPairings.id));
  }

  /**
   * A page of its pairings (a game, a Swiss match, a bye), of one round and of one player if asked:
   * by round, then id (within a round or an arena's wave they were made at once); keyset on (round, id).
   */
  async gamesPage(id: string, query: GamesQuery): Promise<{ rows: PairingRow[]; nextCursor: string | null }> {
    const where: SQL[] = [eq(tournamentPairings.tournamentId, id)];
    if (query.round !== undefined) where.push(eq(tournamentPairings.round, query.round));
    if (query.player !== undefined) where.push(or(eq(tournamentPairings.firstPlayerId, query.player), eq(tournamentPairings.secondPlayerId, query.player)) as SQL);
    if (query.cursor !== undefined) {
      const [round, pairingId] = decodeTuple(query.cursor, 2);
      if (!Number.isSafeInteger(round) || (round as number) < 0 || !isCursorId(pairingId)) throw new InvalidCursorError();
      where.push(sql`(${tournamentPairings.round}, ${tournamentPairings.id}) > (${round as number}, ${pairingId})`);
    }
    const rows = await this.db
      .select()
      .from(tournamentPairings)
      .where(and(...where))
      .orderBy(asc(tournamentPairings.round), asc(tournamentPairings.id))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return { rows: page, nextCursor: rows.length > query.limit && last ? encodeTuple([last.round, last.id]) : null };
  }

  /** Entrants per tournament. */
  async counts(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: tournamentPlayers.tournamentId, n: count() })
      .from(tournamentPlayers)
      .where(inArray(tournamentPlayers.tournamentId, [...ids]))
      .groupBy(tournamentPlayers.tournamentId);
    return new Map(rows.map((r) => [r.id, r.n]));
  }

  /**
   * One page of tournaments in `status`: upcoming and running soonest start first, finished the
   * newest start first; keyset on (starts_at, id).
   */
  async page(query: { status: TournamentStatus; limit: number; cursor?: string }): Promise<{ rows: TournamentRow[]; nextCursor: string | null }> {
    const newest = query.status === 'finished';
    const where: SQL[] = [eq(tournaments.status, query.status)];
    if (query.cursor !== undefined) {
      const [at, id] = decodeTuple(query.cursor, 2);
      if (!isCursorId(id)) throw new InvalidCursorError();
      const key = sql`(${tournaments.startsAt}, ${tournaments.id})`;
      const after = sql`(${decodeStamp(at).toISOString()}::timestamptz, ${id})`;
      where.push(newest ? sql`${key} < ${after}` : sql`${key} > ${after}`);
    }
    const order = newest ? [desc(tournaments.startsAt), desc(tournaments.id)] : [asc(tournaments.startsAt), asc(tournaments.id)];
    const rows = await this.db
      .select()
      .from(tournaments)
      .where(and(...where))
      .orderBy(...order)
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return { rows: page, nextCursor: rows.length > query.limit && last ? encodeTuple([last.startsAt.toISOString(), last.id]) : null };
  }

  /**
   * A join or a withdrawal, decided under the tournament's row lock (a director pairing it waits,
   * and so does another join for the last place): `decide` sees the tournament, the player's entry
   * and how many are in (not withdrawn), and throws to refuse; it answers the entry's new `withdrawn`.
   * A player entering a running tournament makes it due at `now` (an arena pairs it, a waiting
   * Swiss round may be made). A change is told on the tournament's stream (`join` with the
   * entrant's public name and rating, `withdraw`): `version`, the seq written (null: no change).
   */
  async enter(
    id: string,
    playerId: string,
    now: Date,
    decide: (t: TournamentRow, entry: EntrantRow | null, entrants: number) => boolean | null,
  ): Promise<{ row: TournamentRow; version: number | null } | null> {
    return this.db.transaction(async (tx) => {
      const [t] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for('update');
      if (!t) return null;
      const [entry] = await tx
        .select(ENTRY)
        .from(tournamentPlayers)
        .where(and(eq(tournamentPlayers.tournamentId, id), eq(tournamentPlayers.playerId, playerId)));
      // Withdrawn entries hold no place (else throwaway guests could fill a tournament for good).
      const [n] = await tx
        .select({ n: count() })
        .from(tournamentPlayers)
        .where(and(eq(tournamentPlayers.tournamentId, id), eq(tournamentPlayers.withdrawn, false)));
      const withdrawn = decide(t, entry ?? null, n?.n ?? 0);
      if (withdrawn === null) return { row: t, version: null };
      // A share lock of the player's row: a deletion committed before is seen.
      if (await deletedUnderShareLock(tx, playerId)) throw deletedPlayer();
      await tx
        .insert(tournamentPlayers)
        .values({ tournamentId: id, playerId, withdrawn })
        // Back after a withdrawal: not paused any more.
        .onConflictDoUpdate({ target: [tournamentPlayers.tournamentId, tournamentPlayers.playerId], set: withdrawn ? { withdrawn } : { withdrawn, paused: false } });
      const due = !withdrawn && t.status === 'running' && (t.nextAt === null || t.nextAt > now);
      const version = t.version + 1;
      await tx
        .update(tournaments)
        .set({ version, ...(due ? { nextAt: now } : {}) })
        .where(eq(tournaments.id, id));
      const event = withdrawn ? ({ type: 'withdraw', playerId } as const) : await this.#joined(tx, t, playerId);
      // A TournamentEvent, as JSON (the column's type is any object's).
      await tx.insert(tournamentEvents).values({ tournamentId: id, seq: version, type: event.type, payload: event as unknown as Record<string, unknown>, createdAt: now });
      return { row: t, version };
    });
  }

  /** The `join` event of `playerId`, entered into `t` in this transaction: who it is (public only) and how many entered. */
  async #joined(tx: Tx, t: TournamentRow, playerId: string): Promise<TournamentEvent & { type: 'join' }> {
    const [who] = await tx.select({ name: playerRows.name, bot: playerRows.bot }).from(playerRows).where(eq(playerRows.id, playerId));
    const rating = (await shownRatingsOf(tx, [playerId], t.config.variant)).get(playerId) ?? null;
    const [n] = await tx.select({ n: count() }).from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, t.id));
    return { type: 'join', entrant: { playerId, name: who?.name ?? '?', bot: who?.bot ?? false, rating }, players: n?.n ?? 0 };
  }

  /**
   * An arena's entrant pauses (`paused`) or comes back, decided under the tournament's row lock:
   * `check` sees the tournament and the entry and throws to refuse. Coming back to a running
   * arena makes it due at `now` (the player may be paired at once). Null: no such tournament.
   */
  async pause(id: string, playerId: string, paused: boolean, now: Date, check: (t: TournamentRow, entry: EntrantRow | null) => void): Promise<TournamentRow | null> {
    return this.db.transaction(async (tx) => {
      const [t] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for('update');
      if (!t) return null;
      const mine = and(eq(tournamentPlayers.tournamentId, id), eq(tournamentPlayers.playerId, playerId));
      const [entry] = await tx
        .select(ENTRY)
        .from(tournamentPlayers)
        .where(mine);
      check(t, entry ?? null);
      if (entry?.paused === paused) return t;
      await tx.update(tournamentPlayers).set({ paused }).where(mine);
      if (!paused && t.status === 'running' && (t.nextAt === null || t.nextAt > now)) await tx.update(tournaments).set({ nextAt: now }).where(eq(tournaments.id, id));
      return t;
    });
  }

  /**
   * A deleted player's entries in the tournaments not finished are withdrawn (a finished one keeps
   * its final standings). Its deletion was committed first, so no join of it comes after this.
   */
  async withdrawEverywhere(playerId: string): Promise<void> {
    await this.db
      .update(tournamentPlayers)
      .set({ withdrawn: true })
      .where(
        and(
          eq(tournamentPlayers.playerId, playerId),
          eq(tournamentPlayers.withdrawn, false),
          inArray(tournamentPlayers.tournamentId, this.db.select({ id: tournaments.id }).from(tournaments).where(ne(tournaments.status, 'finished'))),
        ),
      );
  }

  /**
   * The events after `after` as a reader is sent them (stream-replay.ts): those a later one stands
   * for left out, in order, as their JSON text, and at most `budget` bytes of it (always one event,
   * however large). One row at a time, so no more is read, or made text, than is sent.
   */
  async eventPage(id: string, after: number, budget: number): Promise<StoredEvent[]> {
    const rows = rowsOf<StoredEvent>(
      await this.db.execute(sql`
with recursive kept as (${keptSince(id)}),
page (seq, type, data, bytes) as (
  (select e.seq, e.type, e.data, octet_length(e.data) from kept k, lateral (${keptAfter(id, sql`${after}`)}) e)
  union all
  (select e.seq, e.type, e.data, p.bytes + octet_length(e.data) from page p, kept k, lateral (${keptAfter(id, sql`p.seq`)}) e
   where p.bytes + octet_length(e.data) <= ${budget})
)
select seq, type, data from page order by seq`),
    );
    return rows.map((r) => ({ seq: Number(r.seq), type: r.type, data: r.data }));
  }

  /**
   * Where a replay of the events after `after` starts so that it holds at most `budget` bytes:
   * `from`, the seq after which the newest kept events fit (`after` when they all do), and
   * `snapshot`, the newest event with the standings (0: none). Walks back from the newest, one
   * row at a time: no more is made text than the budget and one event.
   */
  async replayStart(id: string, after: number, budget: number): Promise<{ from: number; snapshot: number }> {
    const [row] = rowsOf<{ cut: number | null; snapshot: number }>(
      await this.db.execute(sql`
with recursive kept as (${keptSince(id)}),
back (seq, bytes) as (
  (select e.seq, octet_length(e.data) from kept k, lateral (${keptBefore(id, sql`${MAX_SEQ}`)}) e where e.seq > ${after})
  union all
  (select e.seq, b.bytes + octet_length(e.data) from back b, kept k, lateral (${keptBefore(id, sql`b.seq`)}) e
   where e.seq > ${after} and b.bytes <= ${budget})
)
select (select max(seq) from back where bytes > ${budget}) as cut, (select snapshot from kept) as snapshot`),
    );
    return { from: row?.cut === null || row?.cut === undefined ? after : Number(row.cut), snapshot: Number(row?.snapshot ?? 0) };
  }

  /**
   * The due queue: tournaments whose next look is at `at` or before, soonest first, `limit` at a
   * time after `after` (keyset on (next_at, id), so a tick goes through each due one once).
   */
  async due(at: Date, limit: number, after?: Due): Promise<Due[]> {
    const where = [lte(tournaments.nextAt, at)];
    if (after) where.push(sql`(${tournaments.nextAt}, ${tournaments.id}) > (${after.at.toISOString()}::timestamptz, ${after.id})`);
    const rows = await this.db
      .select({ id: tournaments.id, at: tournaments.nextAt })
      .from(tournaments)
      .where(and(...where))
      .orderBy(asc(tournaments.nextAt), asc(tournaments.id))
      .limit(limit);
    // biome-ignore lint/style/noNonNullAssertion: next_at <= at holds no null
    return rows.map((r) => ({ id: r.id, at: r.at! }));
  }

  /** The soonest moment after `now` a tournament is due (the queue's next one not due yet); null: none. */
  async nextDue(now: Date): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: tournaments.nextAt })
      .from(tournaments)
      .where(gt(tournaments.nextAt, now))
      .orderBy(asc(tournaments.nextAt))
      .limit(1);
    return row?.at ?? null;
  }

  /**
   * A game of a pairing ended: its tournament is due at `now` (its result is recorded, the next
   * pairing made). Written even when it is due already: a step holding its row may have read the
   * game before it ended, and would set a later time; this write waits for that step and comes after.
   */
  async wakeOfGame(gameId: string, matchId: string | null, now: Date): Promise<void> {
    const pairing = this.db
      .select({ id: tournamentPairings.tournamentId })
      .from(tournamentPairings)
      .where(and(matchId ? eq(tournamentPairings.matchId, matchId) : eq(tournamentPairings.gameId, gameId), isNull(tournamentPairings.endedAt)));
    await this.db
      .update(tournaments)
      .set({ nextAt: dueBy(now) })
      .where(and(inArray(tournaments.id, pairing), eq(tournaments.status, 'running')));
  }

  /**
   * The running tournaments with a pairing whose game or match has finished but is not recorded
   * are due at `now`: a process that died between a game's end and the wake of its tournament
   * left them sleeping until the next deadline (a director runs this when it starts).
   */
  async wakeUnrecorded(now: Date): Promise<void> {
    await this.db.execute(sql`
update ${tournaments} set next_at = ${dueBy(now)}
where status = 'running' and id in (
  select x.tournament_id
  from ${linkedGames(sql`select p.tournament_id, p.game_id, p.match_id from ${tournamentPairings} p where p.ended_at is null`)} x
  left join ${matchStatuses} on ${matchStatuses.id} = x.match_id
  where coalesce(${matchStatuses.status}, x.status) = 'finished')`);
  }

  /**
   * The running tournaments `players` are in (not withdrawn), but `except`, are due at `now`: the
   * players may be free for them now (connected, or freed by another tournament). Their rows are
   * locked in id order, so two such wakes never wait for each other; a step holding one is waited
   * for (even when it is due already: the step may have read before the change), and its
   * tournament is due again after it.
   */
  async wakeTournamentsOf(players: readonly string[], now: Date, except?: string): Promise<void> {
    if (players.length === 0) return;
    const theirs = this.db
      .select({ id: tournaments.id })
      .from(tournaments)
      .innerJoin(tournamentPlayers, eq(tournamentPlayers.tournamentId, tournaments.id))
      .where(
        and(
          inArray(tournamentPlayers.playerId, [...players]),
          eq(tournamentPlayers.withdrawn, false),
          eq(tournaments.status, 'running'),
          except ? ne(tournaments.id, except) : undefined,
        ),
      )
      .orderBy(asc(tournaments.id))
      .for('update', { of: tournaments });
    await this.db.update(tournaments).set({ nextAt: dueBy(now) }).where(inArray(tournaments.id, theirs));
  }

  /** The tournament of a game (arena) or of a game's match (swiss), if any. */
  async ofGame(gameId: string, matchId: string | null): Promise<string | null> {
    const [row] = await this.db
      .select({ id: tournamentPairings.tournamentId })
      .from(tournamentPairings)
      .where(matchId ? eq(tournamentPairings.matchId, matchId) : eq(tournamentPairings.gameId, gameId));
    return row?.id ?? null;
  }

  /** The games of a tournament's pairings (the export's filter). */
  async gameIds(id: string): Promise<string[]> {
    return linkedGameIds(this.db, sql`select p.game_id, p.match_id from ${tournamentPairings} p where p.tournament_id = ${id}`);
  }

  /**
   * The director's look at one tournament due now: its row locked (FOR UPDATE SKIP LOCKED: a
   * tournament another process is moving on right now is left to it; one it has moved on since
   * the queue was read is no longer due), the snapshot read, `decide` asked, and what it answers
   * written in the same transaction: results, withdrawals, the new pairings with their games or
   * matches, seats and notices, the events; and, whatever it answered, when the tournament is due
   * next (next-at.ts). Null: locked elsewhere, finished, or not due.
   * The step's time is read once the snapshot is: after every change it saw was committed, so a
   * pairing made here never starts before the end of one it saw ended (in any tournament).
   */
  async step(id: string, clock: () => Date, decide: (s: Snapshot, now: Date) => Step | null): Promise<Stepped | null> {
    return this.db.transaction(async (tx) => {
      const [t] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for('update', { skipLocked: true });
      // The presence leases are judged by the time the step began; the step's own time is read below.
      const now = clock();
      if (!t || t.nextAt === null || t.nextAt > now) return null;
      if (t.status === 'finished') {
        await tx.update(tournaments).set({ nextAt: null }).where(eq(tournaments.id, id));
        return null;
      }
      const entrants = rowsOf<Entrant & { name: string; bot: boolean }>(
        await tx.execute(sql`
select e.player_id as "playerId", e.withdrawn, e.timeouts, e.paused, ${playerRows.deletedAt} is not null as deleted, ${playerRows.name} as name, ${playerRows.bot} as bot
from ${tournamentPlayers} e join ${playerRows} on ${playerRows.id} = e.player_id
where e.tournament_id = ${id} order by e.joined_at, e.player_id`),
      );
      const pairings = await tx.select().from(tournamentPairings).where(eq(tournamentPairings.tournamentId, id));
      const playing = new Map<string, { over: boolean; games: PairingGame[] }>();
      /** Per pairing being played: the earliest deadline of its games being played (a timeout to claim). */
      const deadlines = new Map<string, number>();
      const running: Array<{ gameId: string; players: string[]; deadline: number }> = [];
      if (pairings.some((p) => p.endedAt === null)) {
        const rows = rowsOf<{ pairing: string; game: string; status: string; match_status: string | null; forehand: string; dealer: string; result: GameEvent | null; deadline_ms: number }>(
          await tx.execute(sql`
select x.pairing, x.game, x.status, ${matchStatuses.status} as match_status, x.forehand, x.dealer, x.result,
  (extract(epoch from x.updated_at + make_interval(secs => coalesce(x.turn_seconds, ${t.turnSeconds}))) * 1000)::float8 as deadline_ms
from ${linkedGames(sql`select p.id as pairing, p.game_id, p.match_id from ${tournamentPairings} p where p.tournament_id = ${id} and p.ended_at is null`)} x
left join ${matchStatuses} on ${matchStatuses.id} = x.match_id`),
        );
        for (const r of rows) {
          const entry = playing.get(r.pairing) ?? { over: true, games: [] };
          const payload = r.result === null ? null : storedEvent(typeof r.result === 'string' ? (JSON.parse(r.result) as GameEvent) : r.result);
          const result = payload?.type === 'finished' ? payload.result : null;
          entry.games.push({ forehandPlayerId: r.forehand, dealerPlayerId: r.dealer, result });
          // An arena game is over when it finished; a Swiss match when the match did.
          entry.over &&= r.match_status !== null ? r.match_status === 'finished' : r.status === 'finished';
          playing.set(r.pairing, entry);
          const deadline = Number(r.deadline_ms);
          if (['finished', 'waiting', 'cancelled'].includes(r.status)) continue;
          deadlines.set(r.pairing, Math.min(deadlines.get(r.pairing) ?? deadline, deadline));
          running.push({ gameId: r.game, players: [r.forehand, r.dealer], deadline });
        }
      }
      let free: string[] = [];
      let busyElsewhere: string[] = [];
      let arenaClosed = false;
      if (t.system === 'swiss')
        busyElsewhere = rowsOf<{ id: string }>(
          await tx.execute(sql`
select e.player_id as id from ${tournamentPlayers} e
where e.tournament_id = ${id} and not e.withdrawn
  and exists (select 1 from ${tournamentSeats} s where s.player_id = e.player_id and not s.ended and s.tournament_id <> ${id})`),
        ).map((r) => r.id);
      if (t.system === 'arena') {
        arenaClosed =
          (await tx
            .select({ seq: tournamentEvents.seq })
            .from(tournamentEvents)
            .where(and(eq(tournamentEvents.tournamentId, id), eq(tournamentEvents.type, 'roundEnd')))
            .limit(1)).length > 0;
        // Free: present, a player stream open on some process (a live presence lease), in no game
        // of another tournament (this one's are the step's to judge: a game it records frees its
        // players for the wave it pairs), and in no Swiss event running (its rounds come first).
        free = rowsOf<{ id: string }>(
          await tx.execute(sql`
select e.player_id as id from ${tournamentPlayers} e
where e.tournament_id = ${id} and not e.withdrawn
  and ${streamOpen(sql`e.player_id`, now)}
  and not exists (select 1 from ${tournamentSeats} s where s.player_id = e.player_id and not s.ended and s.tournament_id <> ${id})
  and not exists (select 1 from ${tournamentPlayers} o join ${tournaments} w on w.id = o.tournament_id
    where o.player_id = e.player_id and not o.withdrawn and w.system = 'swiss' and w.status = 'running')`),
        ).map((r) => r.id);
      }
      const rated = await shownRatingsOf(tx, entrants.map((e) => e.playerId), t.config.variant);
      const at = clock();
      const step = decide({
        tournament: t,
        entrants,
        pairings,
        playing,
        free,
        ratings: rated,
        arenaClosed,
        busyElsewhere,
        names: new Map(entrants.map((e) => [e.playerId, { name: e.name, bot: e.bot }])),
        restMs: this.rules.restMs,
      }, at);
      const overdue = running.filter((g) => g.deadline < at.getTime()).map(({ gameId, players }) => ({ gameId, players }));
      const recorded = new Set(step?.recorded.map((r) => r.pairingId));
      // When it is due next: the deadlines of the pairings still played, and of those made now. A
      // pairing not over with no game being played (a match between two games) is looked at again
      // a move's time later, never sooner: a stuck one costs a look per move's time, not per tick.
      const due = (started: Date) => {
        const between = [...playing].filter(([pairing, p]) => !p.over && !recorded.has(pairing) && !deadlines.has(pairing));
        const still = [...[...deadlines].filter(([pairing]) => !recorded.has(pairing)).map(([, ms]) => new Date(ms)), ...between.map(() => new Date(at.getTime() + t.turnSeconds * 1000))];
        const made = (step?.pairings ?? []).filter((p) => p.row.endedAt === null).map(() => new Date(started.getTime() + t.turnSeconds * 1000));
        // An arena's rests ending (those begun by the results recorded now too): a rested player may
        // be paired then; and their holds ending (rematch-hold.ts): a held rematch is paired then.
        const ended = pairings.map((p) => (recorded.has(p.id) ? { ...p, endedAt: at } : p));
        const ends = t.system === 'arena' ? [...restEndsAfter(restEnds(ended, this.rules.restMs), at), ...restEndsAfter(holdEnds(ended, this.rules.restMs), at)] : [];
        return nextAt({ ...t, ...step?.tournament }, [...still, ...made, ...ends], at);
      };
      if (!step) {
        await tx.update(tournaments).set({ nextAt: due(at) }).where(eq(tournaments.id, id));
        return { written: null, overdue, freed: [] };
      }
      // The seats first: a pairing that another step made since this snapshot was read holds one
      // of them (or is about to: this insert waits for it), and the unique index refuses this step
      // now, before anything else is written. The pairings start once their seats are taken.
      await this.#takeSeats(tx, t, step);
      const started = clock();
      for (const p of step.pairings) if (p.row.endedAt === null) p.row.createdAt = started;
      const byId = new Map(pairings.map((p) => [p.id, p]));
      const freed = step.recorded.flatMap(({ pairingId }) => {
        const p = byId.get(pairingId);
        return p ? [p.firstPlayerId, ...(p.secondPlayerId ? [p.secondPlayerId] : [])] : [];
      });
      // A Swiss event over: an arena pairs its players again.
      if (t.system === 'swiss' && step.tournament.status === 'finished') freed.push(...entrants.filter((e) => !e.withdrawn).map((e) => e.playerId));
      const version = await this.#write(tx, t, step, at, due(started));
      return { written: { version, noticed: await appendNotices(tx, step.pairings.flatMap((p) => p.notices)) }, overdue, freed: [...new Set(freed)] };
    });
  }

  async #takeSeats(tx: Tx, t: TournamentRow, step: Step): Promise<void> {
    // The seats of the pairings this step records are given back first: a Swiss round is paired
    // in the step that records the last result of the round before.
    for (const { pairingId } of step.recorded) await tx.update(tournamentSeats).set({ ended: true }).where(eq(tournamentSeats.pairingId, pairingId));
    const seats = step.pairings
      .filter((p) => p.row.endedAt === null)
      .flatMap((p) => [p.row.firstPlayerId, p.row.secondPlayerId].flatMap((playerId) => (playerId ? [{ pairingId: p.row.id, playerId, tournamentId: t.id }] : [])));
    if (seats.length > 0) await tx.insert(tournamentSeats).values(seats);
  }

  async #write(tx: Tx, t: TournamentRow, step: Step, now: Date, nextAt: Date | null): Promise<number> {
    for (const { pairingId, outcome } of step.recorded) {
      await tx
        .update(tournamentPairings)
        .set({ firstPoints: outcome.firstPoints, secondPoints: outcome.secondPoints, winner: outcome.winner, passedIn: outcome.passedIn, endedAt: now })
        .where(and(eq(tournamentPairings.id, pairingId), isNull(tournamentPairings.endedAt)));
    }
    for (const [playerId, n] of step.timeouts)
      await tx
        .update(tournamentPlayers)
        .set({ timeouts: sql`${tournamentPlayers.timeouts} + ${n}` })
        .where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.playerId, playerId)));
    if (step.withdrawn.length > 0)
      await tx
        .update(tournamentPlayers)
        .set({ withdrawn: true })
        .where(and(eq(tournamentPlayers.tournamentId, t.id), inArray(tournamentPlayers.playerId, step.withdrawn)));
    await insertGamesIn(tx, step.pairings.flatMap((p) => (p.game ? [p.game] : [])), now);
    for (const { match } of step.pairings) {
      if (!match) continue;
      await startMatchIn(tx, match.row, match.step, now);
    }
    if (step.pairings.length > 0) await tx.insert(tournamentPairings).values(step.pairings.map((p) => p.row));
    const version = t.version + step.events.length;
    await tx
      .update(tournaments)
      // A finished tournament forgets the address that created it (it counted only while it was not finished).
      .set({ ...step.tournament, version, nextAt, ...(step.tournament.status === 'finished' ? { createdFrom: null } : {}) })
      .where(eq(tournaments.id, t.id));
    // Each a TournamentEvent, as JSON (eventPage() reads it back as text).
    const rows = step.events.map((event, i) => ({ tournamentId: t.id, seq: t.version + 1 + i, type: event.type, payload: event as unknown as Record<string, unknown>, createdAt: now }));
    if (rows.length > 0) await tx.insert(tournamentEvents).values(rows);
    return version;
  }
}

/** An event as a stream sends it: its JSON text as stored. */
export interface StoredEvent {
  seq: number;
  type: string;
  data: string;
}

/** Above any seq (they are integers). */
const MAX_SEQ = 2_147_483_647;

/**
 * One row, `snapshot`: the seq of the tournament's newest event that carries the standings
 * (`standings`, `tournamentEnd`), 0 before any. A `standings` event before it is left out of what
 * a reader is sent: each holds the whole table, so the newest stands for those before it; so are
 * the `join` and `withdraw` events before it (the table holds every entrant, the withdrawn marked).
 * Read backwards along the primary key: it is one of the last few events.
 */
const keptSince = (id: string) => sql`
select coalesce((select seq from ${tournamentEvents} where tournament_id = ${id} and type in ('standings', 'tournamentEnd') order by seq desc limit 1), 0) as snapshot`;

/** The first kept event after `seq` (in a lateral join with `kept k`), its payload as text. */
const keptAfter = (id: string, seq: SQL) => sql`
select seq, type, payload::text as data from ${tournamentEvents}
where tournament_id = ${id} and seq > ${seq} and (type not in ('standings', 'join', 'withdraw') or seq >= k.snapshot)
order by seq limit 1`;

/** The last kept event before `seq` (in a lateral join with `kept k`), its payload as text. */
const keptBefore = (id: string, seq: SQL) => sql`
select seq, type, payload::text as data from ${tournamentEvents}
where tournament_id = ${id} and seq < ${seq} and (type not in ('standings', 'join', 'withdraw') or seq >= k.snapshot)
order by seq desc limit 1`;
