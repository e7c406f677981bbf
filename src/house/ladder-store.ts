// What the ladder reads of the games: the rated games the house bots have played among themselves
// (once, when it starts: the round robin goes on from them), and the house bots' games not over
// yet (at every look: who is free). A game between two house accounts is a ladder game: nobody
// else can sit at one as a house bot.
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Variant } from '../engine/index.ts';
import type { Db } from '../platform/db/client.ts';
import { games } from '../platform/db/schema.ts';
import { countKey, type LadderCounts } from './round-robin.ts';

/** A game waiting for its second player or being played (the statuses the lobby's index leads with). */
const NOT_OVER = ['waiting', 'cutting', 'bidding', 'stock', 'declaring', 'kontra', 're', 'playing'] as const;

/** A house bot's game not over yet: its players (a challenge's second one is still only reserved). */
export interface OpenGame {
  id: string;
  waiting: boolean;
  /** The seated players and the reserved one, nulls left out. */
  players: string[];
  /** The player sitting (a waiting game's creator). */
  seated: string | null;
  createdAt: Date;
}

export class LadderStore {
  constructor(private readonly db: Db) {}

  /** The rated games among `ids` begun or finished, by variant and seats. */
  async counts(ids: readonly string[]): Promise<LadderCounts> {
    const variant = sql<Variant>`${games.config}->>'variant'`;
    const rows = await this.db
      .select({ variant, forehand: games.forehandPlayerId, dealer: games.dealerPlayerId, n: count() })
      .from(games)
      .where(and(eq(games.rated, true), inArray(games.forehandPlayerId, [...ids]), inArray(games.dealerPlayerId, [...ids]), sql`${games.status} <> 'cancelled'`))
      .groupBy(variant, games.forehandPlayerId, games.dealerPlayerId);
    return new Map(rows.map((r) => [countKey(r.variant, r.forehand ?? '', r.dealer ?? ''), r.n]));
  }

  /** The games of any of `ids` not over yet (few: a bot's finished games are not read). */
  async open(ids: readonly string[]): Promise<OpenGame[]> {
    const list = [...ids];
    const rows = await this.db
      .select({ id: games.id, status: games.status, forehand: games.forehandPlayerId, dealer: games.dealerPlayerId, reserved: games.reservedPlayerId, createdAt: games.createdAt })
      .from(games)
      .where(
        and(
          inArray(games.status, [...NOT_OVER]),
          or(inArray(games.forehandPlayerId, list), inArray(games.dealerPlayerId, list), inArray(games.reservedPlayerId, list)),
        ),
      );
    return rows.map((r) => ({
      id: r.id,
      waiting: r.status === 'waiting',
      players: [...new Set([r.forehand, r.dealer, r.reserved].filter((p): p is string => p !== null))],
      seated: r.status === 'waiting' ? (r.forehand ?? r.dealer) : null,
      createdAt: r.createdAt,
    }));
  }
}
