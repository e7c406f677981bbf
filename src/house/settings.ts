// The house bots' settings (src/house).
import { z } from 'zod';
import { fail, integer, settings } from '../platform/settings.ts';

export interface HouseSettings {
  /**
   * The house bots' levels (HOUSE_BOTS: `random,greedy,pimc,star`, or `all`, `on`, `1` for every
   * level; `off`: none): bot accounts of the service that seek rated games in every variant. Unset
   * (null): the database decides (houseBotNames).
   */
  bots: string[] | null;
  /**
   * Their ladder (src/house/ladder.ts): their rated games among themselves, at most `gamesAtOnce`
   * at a time (0: no ladder), the next beginning `pauseSeconds` after one began or ended.
   */
  ladder: { gamesAtOnce: number; pauseSeconds: number };
}

export const houseSettings = settings(
  {
    HOUSE_BOTS: z
      .string()
      .optional()
      .transform((raw, ctx): string[] | null => {
        if (raw === undefined) return null;
        const text = raw.trim().toLowerCase();
        if (text === '' || text === '0' || text === 'off' || text === 'false') return [];
        if (text === '1' || text === 'on' || text === 'true' || text === 'all') return ['all'];
        const names = text.split(',').map((n) => n.trim());
        if (names.every((n) => /^[a-z0-9-]{1,24}$/.test(n))) return [...new Set(names)];
        return fail(ctx, `expected level names separated by commas (random,greedy,pimc), all, or off, got ${JSON.stringify(raw)}`);
      }),
    HOUSE_LADDER_GAMES: integer(0, 100, 1),
    HOUSE_LADDER_PAUSE_SECONDS: integer(0, 24 * 60 * 60, 30),
  },
  (e): HouseSettings => ({ bots: e.HOUSE_BOTS, ladder: { gamesAtOnce: e.HOUSE_LADDER_GAMES, pauseSeconds: e.HOUSE_LADDER_PAUSE_SECONDS } }),
);

/**
 * The levels to run: HOUSE_BOTS when set; unset, every level on the embedded database (PGlite, in
 * ./.data or in memory: a person trying the service finds someone to play at once) and none on a
 * PostgreSQL server, where the operator decides whether the service's own bot accounts appear
 * (and on which replica).
 */
export const houseBotNames = (house: Pick<HouseSettings, 'bots'>, databaseUrl: string | undefined): string[] =>
  house.bots ?? (databaseUrl === undefined || databaseUrl === 'memory://' ? ['all'] : []);
