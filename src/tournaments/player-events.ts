// What the tournaments tell a player on its own stream (GET /v1/players/me/stream): a pairing.
import { z } from '@hono/zod-openapi';

/** A tournament paired this player: the game to play (a Swiss pairing's match plays on by itself, its games announced by gameStart). */
export interface TournamentGameEvent {
  type: 'tournamentGame';
  tournamentId: string;
  gameId: string;
  matchId: string | null;
  opponent: string;
}

declare module '../platform/streams/player-events.ts' {
  interface PlayerEvents {
    tournamentGame: TournamentGameEvent;
  }
}

/** The schemas of the tournaments' events of a player's stream. */
export const TOURNAMENT_PLAYER_EVENTS = [
  z
    .object({
      type: z.literal('tournamentGame'),
      tournamentId: z.string(),
      gameId: z.string().openapi({ description: 'the game to play now (a Swiss pairing: the first game of its match)' }),
      matchId: z.string().nullable().openapi({ description: "a Swiss pairing's match (its next games come as gameStart); null in an arena" }),
      opponent: z.string(),
    })
    .openapi('TournamentGameEvent', { description: 'a tournament you play in paired you: play the game (it started with gameStart too)' }),
] as const;
