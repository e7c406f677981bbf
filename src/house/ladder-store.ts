// What the ladder reads of the games: the rated games the house bots have played among themselves
// (once, when it starts: the round robin goes on from them), and the house bots' games not over
// yet (at every look: who is free). A game between two house accounts is a ladder game: nobody
// else can sit at one as a house bot.
import type { Db } from '../platform/db/client.ts';
import { gamesNotOverAmong, ratedGameCounts } from '../games/index.ts';
import { countKey, type LadderCounts } from './round-robin.ts';

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
    const rows = await ratedGameCounts(this.db, ids);
    return new Map(rows.map((r) => [countKey(r.variant, r.forehand ?? '', r.dealer ?? ''), r.n]));
  }

  /** The games of any of `ids` not over yet (few: a bot's finished games are not read). */
  async open(ids: readonly string[]): Promise<OpenGame[]> {
    const rows = await gamesNotOverAmong(this.db, ids);
    return rows.map((r) => ({
      id: r.id,
      waiting: r.status === 'waiting',
      players: [...new Set([r.forehand, r.dealer, r.reserved].filter((p): p is string => p !== null))],
      seated: r.status === 'waiting' ? (r.forehand ?? r.dealer) : null,
      createdAt: r.createdAt,
    }));
  }
}
