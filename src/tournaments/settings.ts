// The tournaments' settings.
import { integer, settings } from '../platform/settings.ts';

/**
 * The tournaments' directors: how often each process looks for tournaments due to start, pair and
 * end (`tickMs`), and how long an arena's minute lasts (`minuteMs`: 60000; shorter only in tests, so
 * an arena of "3 minutes" ends in seconds). How long an arena's player rests after a game before it is
 * paired again (`restMs`: its result stays on the screen, and a person may pause). The tournaments not finished one account and one client
 * address may have created (`maxPerAccount`, `maxPerAddress`): a running one costs the directors
 * nothing between its events (the due queue), so these bound what one creator puts in the lists and
 * in the players' way, not the machine's load.
 */
export interface TournamentSettings {
  tickMs: number;
  minuteMs: number;
  restMs: number;
  maxPerAccount: number;
  maxPerAddress: number;
}

export const tournamentSettings = settings(
  {
    TOURNAMENT_TICK_MS: integer(20, 60_000, 1000),
    TOURNAMENT_MINUTE_MS: integer(100, 60_000, 60_000),
    TOURNAMENT_REST_MS: integer(0, 60_000, 8000),
    TOURNAMENT_MAX_PER_ACCOUNT: integer(1, 10_000, 10),
    TOURNAMENT_MAX_PER_ADDRESS: integer(1, 100_000, 20),
  },
  (e): TournamentSettings => ({
    tickMs: e.TOURNAMENT_TICK_MS,
    minuteMs: e.TOURNAMENT_MINUTE_MS,
    restMs: e.TOURNAMENT_REST_MS,
    maxPerAccount: e.TOURNAMENT_MAX_PER_ACCOUNT,
    maxPerAddress: e.TOURNAMENT_MAX_PER_ADDRESS,
  }),
);
