// What the matches tell a player on its own stream (GET /v1/players/me/stream): a match's start and
// end (its challenges, and its games' starts and ends, come as the games' events).
import { z } from '@hono/zod-openapi';

/** A match of this player's started (its second player joined). */
export interface MatchStartEvent {
  type: 'matchStart';
  matchId: string;
  opponent: string;
  games: number;
}
/** A match of this player's ended. */
export interface MatchFinishEvent {
  type: 'matchFinish';
  matchId: string;
  winner: string | null;
  draw: boolean;
  totals: Record<string, number>;
}

declare module '../platform/streams/player-events.ts' {
  interface PlayerEvents {
    matchStart: MatchStartEvent;
    matchFinish: MatchFinishEvent;
  }
}

/** The schemas of the matches' events of a player's stream, in the order the document lists them. */
export const MATCH_PLAYER_EVENTS = [
  z
    .object({ type: z.literal('matchStart'), matchId: z.string(), opponent: z.string(), games: z.number().int() })
    .openapi('MatchStartEvent'),
  z
    .object({
      type: z.literal('matchFinish'),
      matchId: z.string(),
      winner: z.string().nullable(),
      draw: z.boolean(),
      totals: z.record(z.string(), z.number().int()),
    })
    .openapi('MatchFinishEvent'),
] as const;
