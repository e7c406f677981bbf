// What the games tell a player on its own stream (GET /v1/players/me/stream): a challenge (a game,
// or a match, which the matches tell alike), its end before it began, and a game's start and end.
import { z } from '@hono/zod-openapi';
import type { Config, Result, Seat } from '../engine/index.ts';
import { ConfigSchema, ResultSchema, SeatSchema } from './schemas.ts';

/** What a challenge, a cancellation or a decline is about. */
export type ChallengeKind = 'game' | 'match';

/** A game or match was created with this player as its `opponent`. */
export interface ChallengeEvent {
  type: 'challenge';
  kind: ChallengeKind;
  id: string;
  from: string;
  config: Config;
  games: number | null;
  turnSeconds: number | null;
  rated: boolean;
}
/** A waiting game or match was called off: by its creator, or because nobody joined in time. */
export interface ChallengeCancelledEvent {
  type: 'challengeCancelled';
  kind: ChallengeKind;
  id: string;
  by: string | null;
  reason: 'cancelled' | 'expired';
}
/** The challenged player declined. */
export interface ChallengeDeclinedEvent {
  type: 'challengeDeclined';
  kind: ChallengeKind;
  id: string;
  by: string;
}
/** A game with this player in it started (both seats taken). */
export interface GameStartEvent {
  type: 'gameStart';
  gameId: string;
  seat: Seat;
  opponent: string;
  matchId: string | null;
  number: number | null;
}
/** A game of this player's ended. */
export interface GameFinishEvent {
  type: 'gameFinish';
  gameId: string;
  seat: Seat;
  matchId: string | null;
  number: number | null;
  result: Result;
}

declare module '../platform/streams/player-events.ts' {
  interface PlayerEvents {
    challenge: ChallengeEvent;
    challengeCancelled: ChallengeCancelledEvent;
    challengeDeclined: ChallengeDeclinedEvent;
    gameStart: GameStartEvent;
    gameFinish: GameFinishEvent;
  }
}

const ChallengeKindSchema = z.enum(['game', 'match']);

/** The schemas of the games' events of a player's stream, in the order the document lists them. */
export const GAME_PLAYER_EVENTS = [
  z
    .object({
      type: z.literal('challenge'),
      kind: ChallengeKindSchema,
      id: z.string(),
      from: z.string().openapi({ description: 'the player id of the challenger' }),
      config: ConfigSchema,
      games: z.number().int().nullable().openapi({ description: 'a match: how many games' }),
      turnSeconds: z.number().int().nullable(),
      rated: z.boolean(),
    })
    .openapi('ChallengeEvent', { description: 'a game or match was created with you as its opponent: join it, or decline it' }),
  z
    .object({
      type: z.literal('challengeCancelled'),
      kind: ChallengeKindSchema,
      id: z.string(),
      by: z.string().nullable().openapi({ description: 'who called it off; null when nobody joined in time' }),
      reason: z.enum(['cancelled', 'expired']),
    })
    .openapi('ChallengeCancelledEvent', { description: 'a waiting game or match of yours (or reserved for you) was called off' }),
  z
    .object({ type: z.literal('challengeDeclined'), kind: ChallengeKindSchema, id: z.string(), by: z.string() })
    .openapi('ChallengeDeclinedEvent', { description: 'the challenged player declined' }),
  z
    .object({
      type: z.literal('gameStart'),
      gameId: z.string(),
      seat: SeatSchema,
      opponent: z.string(),
      matchId: z.string().nullable(),
      number: z.number().int().nullable(),
    })
    .openapi('GameStartEvent', { description: 'a game of yours began: follow it on its own stream' }),
  z
    .object({
      type: z.literal('gameFinish'),
      gameId: z.string(),
      seat: SeatSchema,
      matchId: z.string().nullable(),
      number: z.number().int().nullable(),
      result: ResultSchema,
    })
    .openapi('GameFinishEvent'),
] as const;
