// What the matches' tables offer the other features: a match that starts at once, written in the
// transaction of the pairing that makes it (seeks, tournaments), a player's matches for the players'
// list, and the matches' statuses for another feature's statement (a tournament's step). Also the
// step that starts a match's game, which its own store writes too. The tables are the matches' own;
// nothing else of them leaves the feature (its store's queries are its own).
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { CancelReason, GameEnd, GameEvent, GameType } from '../engine/types.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { insertMatchGameIn } from '../games/index.ts';
import { matchEvents, matches, type MatchRow, type MatchStatus } from './tables.ts';

/** Points per player id. */
export type ByPlayer = Record<string, number>;

/** The match's own facts. Public: they name games and players, never cards. */
export type MatchEvent =
  | { type: 'gameStarted'; number: number; gameId: string; dealer: string; forehand: string }
  | {
      type: 'gameFinished';
      number: number;
      gameId: string;
      declarer: string | null;
      game: GameType | null;
      won: boolean | null;
      draw: boolean;
      end: GameEnd;
      passedIn: boolean;
      value: number;
      /** What each player's column gets for this game, and the running totals after it. */
      points: ByPlayer;
      totals: ByPlayer;
    }
  | { type: 'matchFinished'; totals: ByPlayer; winner: string | null; draw: boolean; matchSeed: string }
  | { type: 'matchCancelled'; by: string | null; reason: CancelReason };

/** A game of a match: both seats are known when it is created, and its log starts with them. */
export interface NewMatchGame {
  id: string;
  number: number;
  serverSeed: string;
  seedCommitment: string;
  forehandPlayerId: string;
  dealerPlayerId: string;
  /** The first events of its log (the players taking their seats). */
  events: GameEvent[];
}

/** Someone else advanced the match first (or took the free seat); nothing was kept. */
export class MatchConflictError extends Error {
  override name = 'MatchConflictError';
  constructor(
    readonly matchId: string,
    readonly expectedVersion: number,
  ) {
    super(`match ${matchId} is no longer at version ${expectedVersion}`);
  }
}

/**
 * What a step of `match` writes besides the match's row, in the caller's transaction: the game it
 * starts, with the first events of its log, and the match's events after `expectedVersion`. A
 * match starts its first game so both when joined (MatchStore.advance) and when a pairing makes it
 * joined at once (startMatchIn: the pool's, a tournament's). Throws MatchConflictError when that game is
 * there already.
 */
export async function writeMatchStep(
  tx: Tx,
  match: Pick<MatchRow, 'id' | 'config' | 'turnSeconds' | 'rated'>,
  step: { expectedVersion: number; events: readonly MatchEvent[]; game?: NewMatchGame | undefined },
  at: Date,
): Promise<void> {
  const { expectedVersion, events, game } = step;
  // The unique (match_id, number) index is the second line of defence: a creator that finds the
  // game already there backs off and keeps nothing.
  if (game && !(await insertMatchGameIn(tx, { ...game, matchId: match.id, config: match.config, turnSeconds: match.turnSeconds, rated: match.rated }, at)))
    throw new MatchConflictError(match.id, expectedVersion);
  if (events.length > 0)
    await tx.insert(matchEvents).values(
      events.map((event, i) => ({
        matchId: match.id,
        seq: expectedVersion + 1 + i,
        type: event.type,
        payload: event as unknown as Record<string, unknown>, // a MatchEvent, as JSON (MatchStore.events reads it back)
        createdAt: at,
      })),
    );
}

/**
 * A match that starts as it is made (a pairing's: both players known), in the caller's
 * transaction: its row, and its first step (its first game and events) as a join writes it.
 */
export async function startMatchIn(tx: Tx, match: MatchRow, step: { events: readonly MatchEvent[]; game?: NewMatchGame | undefined }, at: Date): Promise<void> {
  await tx.insert(matches).values(match);
  // The match is new: version 0.
  await writeMatchStep(tx, match, { expectedVersion: 0, events: step.events, game: step.game }, at);
}

/**
 * The statement of a player's matches (created, playing, or reserved for) in `status` (all:
 * undefined), newest first, the first `limit` after the keyset `after` (tests read its plan).
 */
export function playerMatchesQuery(db: Db, query: { playerId: string; status?: MatchStatus; after?: { createdAt: Date; id: string }; limit: number }) {
  const { playerId: p, status, after, limit } = query;
  const before = after ? sql`(${matches.createdAt}, ${matches.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})` : undefined;
  return db
    .select()
    .from(matches)
    .where(and(or(eq(matches.creatorPlayerId, p), eq(matches.opponentPlayerId, p), eq(matches.reservedPlayerId, p)), status === undefined ? undefined : eq(matches.status, status), before))
    .orderBy(desc(matches.createdAt), desc(matches.id))
    .limit(limit);
}

/**
 * The matches' statuses as another feature's statement may join them (on `id`): a plain subquery
 * of the table, which Postgres plans as the table itself.
 */
export const matchStatuses = new QueryBuilder().select({ id: matches.id, status: matches.status }).from(matches).as('match_statuses');
