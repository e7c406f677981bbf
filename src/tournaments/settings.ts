// The tournaments' settings.
import { integer, settings } from '../platform/settings.ts';

/**
 * The tournaments' directors: how often each process looks for tournaments to start, pair and end
 * (`tickMs`), and how long an arena's minute lasts (`minuteMs`: 60000; shorter only in tests, so an
 * arena of "3 minutes" ends in seconds).
 */
export interface TournamentSettings {
  tickMs: number;
  minuteMs: number;
}

export const tournamentSettings = settings(
  { TOURNAMENT_TICK_MS: integer(20, 60_000, 1000), TOURNAMENT_MINUTE_MS: integer(100, 60_000, 60_000) },
  (e): TournamentSettings => ({ tickMs: e.TOURNAMENT_TICK_MS, minuteMs: e.TOURNAMENT_MINUTE_MS }),
);
