// The pairing pool's rows. A new seek is paired, or left waiting, in ONE transaction: the pool's
// pairings are serialised on a transaction advisory lock of its key (two seeks arriving at once
// cannot both miss each other and both wait), the partner is taken with a row lock (FOR UPDATE
// SKIP LOCKED: a seek being withdrawn or expired right now is passed over), and the game or match
// the pairing starts is written in the same transaction, with its players' notices (both players'
// rows are locked first, in id order; a player being deleted is neither paired nor left waiting).
// All of it is transaction-scoped, so it works through a pooler in transaction mode too.
import { and, asc, count, eq, gt, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../platform/db/client.ts';
import { decodeCursor, encodeCursor } from '../platform/db/cursor.ts';
import { startMatchIn, type MatchRow, type MatchEvent, type NewMatchGame } from '../matches/index.ts';
import { deletedPlayer, insertGamesIn, type NewGame } from '../games/index.ts';
import { deletedUnderShareLock, lockPairedPlayers, notBeingDeleted, notBothBots, playerRows, streamOpen } from '../accounts/index.ts';
import { appendNotices, NOTICE_CTES, writtenAndNoticed, type NoticedVersions, type PlayerNotice } from '../platform/streams/player-events.ts';
import type { Variant } from '../engine/types.ts';
import { shownRatingOf } from '../ratings/index.ts';
import { seeks } from './tables.ts';

export type SeekRow = typeof seeks.$inferSelect;
export type NewSeek = Omit<SeekRow, 'status' | 'gameId' | 'matchId' | 'endedAt'>;

/** Seeks ended by one statement: how many, and the versions of their owners' logs (to announce). */
export interface SeeksEnded {
  ended: number;
  noticed: NoticedVersions;
}

/** How many seeks of `playerId` wait at `now` (on the store's connection, or inside a transaction). */
async function waitingSeeksOf(db: Pick<Db, 'select'>, playerId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(seeks)
    .where(and(eq(seeks.playerId, playerId), eq(seeks.status, 'waiting'), gt(seeks.expiresAt, now)));
  return row?.n ?? 0;
}

/** A pool entry with who seeks. */
export type PoolRow = SeekRow & { name: string; bot: boolean };

/** Any fixed number: the first half of every pool's advisory lock key ("Seek"). */
const SEEK_LOCK = 0x53_65_65_6b;
/** The first half of a player's lock while a seek of theirs is left waiting ("SeeP"). */
const SEEKER_LOCK = 0x53_65_65_50;

/**
 * What a pairing writes (decided by seeks/pairing.ts): a game with both seats taken, or a match
 * joined (its row as written, game 1 and the match's first events), and the players' notices.
 */
export type Pairing =
  | { kind: 'game'; game: NewGame & { createdAt: Date } }
  | { kind: 'match'; match: MatchRow; step: { events: MatchEvent[]; game?: NewMatchGame; notices: PlayerNotice[] } };

/** A placed seek: waiting, or paired (then with its partner's id and the players' log versions to announce). */
export interface Placed {
  seek: SeekRow;
  partner: SeekRow | null;
  pairing: Pairing | null;
  noticed: NoticedVersions;
}

export class SeekStore {
  constructor(private readonly db: Db) {}

  /**
   * Places `input`: paired with the oldest compatible waiting seek (the game or match `pair`
   * decides is written with it), or left waiting when there is none.
   */
  async place(input: NewSeek, pair: (partner: SeekRow) => Pairing, capWaiting: (open: number) => void = () => {}): Promise<Placed> {
    const at = input.createdAt;
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEEK_LOCK}::int, hashtext(${input.pool}))`);
      const where: SQL[] = [
        eq(seeks.status, 'waiting'),
        eq(seeks.pool, input.pool),
        ne(seeks.playerId, input.playerId),
        gt(seeks.expiresAt, at),
        // biome-ignore lint/style/noNonNullAssertion: `or` of two conditions is one
        or(isNull(seeks.ratingMin), lte(seeks.ratingMin, input.rating))!,
        // biome-ignore lint/style/noNonNullAssertion: `or` of two conditions is one
        or(isNull(seeks.ratingMax), gte(seeks.ratingMax, input.rating))!,
      ];
      if (input.ratingMin !== null) where.push(gte(seeks.rating, input.ratingMin));
      if (input.ratingMax !== null) where.push(lte(seeks.rating, input.ratingMax));
      // Never two bot accounts: bots waiting in the pool are there for people (two house bots would
      // play each other without end); bots meet each other by challenges.
      where.push(notBothBots(input.playerId, seeks.playerId));
      // Nor a seek of a player being deleted (its seeks are being withdrawn).
      where.push(notBeingDeleted(seeks.playerId));
      let partner: SeekRow | undefined;
      for (;;) {
        [partner] = await tx
          .select()
          .from(seeks)
          .where(and(...where))
          .orderBy(asc(seeks.createdAt), asc(seeks.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!partner) break;
        // Both players' rows next, in id order, in the mode their notices take them below: every
        // lock this pairing holds on a player is taken here, in one order, before the game's insert
        // share-locks them too (two pairings sharing a player then wait for each other in turn).
        // Under that lock a deletion is either committed (seen here) or waits for this pairing.
        const locked = await lockPairedPlayers(tx, input.playerId, partner.playerId);
        if (locked.some((p) => p.id === input.playerId && p.deleted)) throw deletedPlayer();
        if (!locked.some((p) => p.id === partner?.playerId && p.deleted)) break;
        // Its player was deleted after the look: that seek is withdrawn here, and the next looked for.
        await tx.update(seeks).set({ status: 'withdrawn', endedAt: at }).where(eq(seeks.id, partner.id));
      }
      if (!partner) {
        // Left waiting: counted against the player's cap under the player's own lock (taken after
        // the pool's, never before it), so seeks sent at once to different pools cannot both take
        // the last place.
        await tx.execute(sql`select pg_advisory_xact_lock(${SEEKER_LOCK}::int, hashtext(${input.playerId}))`);
        // A share lock of the player's row: a deletion committed before is seen, a later one waits
        // for this seek and then withdraws it.
        if (await deletedUnderShareLock(tx, input.playerId)) throw deletedPlayer();
        capWaiting(await waitingSeeksOf(tx, input.playerId, at));
        const [seek] = await tx
          .insert(seeks)
          .values({ ...input, status: 'waiting' })
          .returning();
        // biome-ignore lint/style/noNonNullAssertion: INSERT … RETURNING of one row returns that row
        return { seek: seek!, partner: null, pairing: null, noticed: [] };
      }

      const pairing = pair(partner);
      let started: { gameId: string | null; matchId: string | null };
      if (pairing.kind === 'game') {
        await insertGamesIn(tx, [pairing.game], at);
        started = { gameId: pairing.game.id, matchId: null };
      } else {
        const { match, step } = pairing;
        // Its first game and events, as a join writes them.
        await startMatchIn(tx, match, step, at);
        started = { gameId: null, matchId: match.id };
      }
      const ended = { status: 'paired' as const, ...started, endedAt: at };
      const [paired] = await tx.update(seeks).set(ended).where(eq(seeks.id, partner.id)).returning();
      const [seek] = await tx
        .insert(seeks)
        .values({ ...input, ...ended })
        .returning();
      const notices = pairing.kind === 'game' ? (pairing.game.notices ?? []) : pairing.step.notices;
      // biome-ignore lint/style/noNonNullAssertion: the partner's row is locked by this transaction, and the insert returns its row
      return { seek: seek!, partner: paired!, pairing, noticed: await appendNotices(tx, notices) };
    });
  }

  /** The player's rating in `variant`, rounded as shown; null while unrated there. */
  ratingOf(playerId: string, variant: Variant): Promise<number | null> {
    return shownRatingOf(this.db, playerId, variant);
  }

  async get(id: string): Promise<PoolRow | null> {
    const [row] = await this.db
      .select({ seek: seeks, name: playerRows.name, bot: playerRows.bot })
      .from(seeks)
      .innerJoin(playerRows, eq(playerRows.id, seeks.playerId))
      .where(eq(seeks.id, id));
    return row ? { ...row.seek, name: row.name, bot: row.bot } : null;
  }

  /** The pool: waiting seeks not past their time, oldest first, keyset-paginated on (created_at, id). */
  async page(query: { limit: number; cursor?: string; now: Date }): Promise<{ seeks: PoolRow[]; nextCursor: string | null }> {
    const where: SQL[] = [eq(seeks.status, 'waiting'), gt(seeks.expiresAt, query.now)];
    if (query.cursor !== undefined) {
      const after = decodeCursor(query.cursor);
      where.push(sql`(${seeks.createdAt}, ${seeks.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id})`);
    }
    const rows = await this.db
      .select({ seek: seeks, name: playerRows.name, bot: playerRows.bot })
      .from(seeks)
      .innerJoin(playerRows, eq(playerRows.id, seeks.playerId))
      .where(and(...where))
      .orderBy(asc(seeks.createdAt), asc(seeks.id))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit).map((r) => ({ ...r.seek, name: r.name, bot: r.bot }));
    const last = page.at(-1);
    return { seeks: page, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
  }

  /** The waiting seeks of these players not past their time, oldest first (what the bots online offer). */
  async waitingOfPlayers(playerIds: readonly string[], now: Date): Promise<PoolRow[]> {
    if (playerIds.length === 0) return [];
    const rows = await this.db
      .select({ seek: seeks, name: playerRows.name, bot: playerRows.bot })
      .from(seeks)
      .innerJoin(playerRows, eq(playerRows.id, seeks.playerId))
      .where(and(inArray(seeks.playerId, [...playerIds]), eq(seeks.status, 'waiting'), gt(seeks.expiresAt, now)))
      .orderBy(asc(seeks.createdAt), asc(seeks.id));
    return rows.map((r) => ({ ...r.seek, name: r.name, bot: r.bot }));
  }

  /** How many seeks of `playerId` wait now. */
  waitingOf(playerId: string, now: Date): Promise<number> {
    return waitingSeeksOf(this.db, playerId, now);
  }

  /**
   * Ends a waiting seek (its owner's withdrawal): one statement, so it waits for a pairing that
   * holds the row and then finds it no longer waiting. Not ended (it was not waiting): 0.
   */
  end(id: string, playerId: string, status: 'withdrawn', at: Date): Promise<SeeksEnded> {
    return this.#endWaiting(and(eq(seeks.id, id), eq(seeks.playerId, playerId)), status, at);
  }

  /** Every waiting seek of a player being deleted is withdrawn. */
  endAllOf(playerId: string, at: Date): Promise<SeeksEnded> {
    return this.#endWaiting(eq(seeks.playerId, playerId), 'withdrawn', at);
  }

  /** Waiting seeks past their time end as expired (the sweeper's). */
  expire(now: Date): Promise<SeeksEnded> {
    return this.#endWaiting(lte(seeks.expiresAt, now), 'expired', now);
  }

  /**
   * Waiting `whileConnected` seeks whose owner holds no open player stream on any process (no
   * live presence lease) end as disconnected: of one player (its stream has just closed), or of
   * everyone (the sweeper's, for seeks made before `madeBefore`: a stream that opened just now
   * may not have written its lease yet).
   */
  disconnect(now: Date, scope: { playerId: string } | { madeBefore: Date }): Promise<SeeksEnded> {
    return this.#endWaiting(
      and(eq(seeks.whileConnected, true), 'playerId' in scope ? eq(seeks.playerId, scope.playerId) : lte(seeks.createdAt, scope.madeBefore), sql`not ${streamOpen(seeks.playerId, now)}`),
      'disconnected',
      now,
    );
  }

  /**
   * Ends the waiting seeks `where` picks as `status`, and tells each owner on its own stream
   * (`seekEnded`, the status its reason), in one statement: a bot hears that its seek is gone
   * (and may seek again) without a timer of its own. The notices are written only with the rows.
   */
  async #endWaiting(where: SQL | undefined, status: 'withdrawn' | 'expired' | 'disconnected', at: Date): Promise<SeeksEnded> {
    const rows = rowsOf<{ kind: string; id: string; version: number | null }>(
      await this.db.execute(sql`
with ended as (
  update ${seeks} set status = ${status}, ended_at = ${at.toISOString()}::timestamptz
  where ${and(eq(seeks.status, 'waiting'), where)}
  returning ${seeks.id} as id, ${seeks.playerId} as player_id
), notice_input as (
  select player_id as id, count(*)::integer as n,
    jsonb_agg(jsonb_build_object('type', 'seekEnded', 'seekId', id, 'reason', ${status}::text) order by id) as events
  from ended group by player_id
), ${sql.raw(NOTICE_CTES)}
select 'row' as kind, id, null::integer as version from ended
union all
select 'player' as kind, id, event_version as version from bumped`),
    );
    return { ended: rows.filter((r) => r.kind === 'row').length, noticed: writtenAndNoticed(rows).noticed };
  }

  /** Ended seeks older than `before` go (a seek's status is read soon after it ends, or never). */
  async forgetEndedBefore(before: Date): Promise<number> {
    const rows = await this.db
      .delete(seeks)
      .where(and(ne(seeks.status, 'waiting'), lte(seeks.endedAt, before)))
      .returning({ id: seeks.id });
    return rows.length;
  }
}
