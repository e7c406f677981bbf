// API schemas of the players: a guest's sign-up and token, the caller, its games and matches, its
// own stream's events, and finding someone to play: the bots online (what the lobby lists) and
// players by name.
import { z } from '@hono/zod-openapi';
import { PlayerName } from '../accounts/index.ts';
import { VARIANTS } from '../engine/index.ts';
import { ConfigSchema, GameSummarySchema, ResultSchema, SeatSchema } from '../games/index.ts';
import { MatchSummarySchema } from '../matches/index.ts';
import { RatingsSchema } from '../ratings/index.ts';
import { SeekSchema } from '../seeks/index.ts';
import { pageCursor, pageLimit } from '../platform/http/openapi.ts';
import { MAX_NAME_LENGTH, storedText } from '../platform/http/schemas.ts';

export const OnlineBotSchema = z
  .object({
    playerId: z.string(),
    name: z.string(),
    bot: z.literal(true).openapi({ description: 'always true: the lobby shows the BOT badge' }),
    ratings: RatingsSchema,
    variants: z.array(z.enum(VARIANTS)).openapi({
      description: 'the variants of its seeks waiting in the pool now (`seeks`); empty: none waits, challenge it with a game made for it (`opponent`)',
    }),
    seeks: z.array(SeekSchema).openapi({ description: 'its seeks waiting in the pool now, oldest first: a seek of yours with the same options is paired with one at once' }),
  })
  .openapi('OnlineBot');

export const BotsOnlineSchema = z
  .object({ items: z.array(OnlineBotSchema) })
  .openapi('BotsOnline', { description: 'bot accounts holding an open player stream now, by name' });

export const PlayerSearchQuery = z.object({
  name: storedText().min(1).max(MAX_NAME_LENGTH).openapi({ description: 'what the name or username begins with, any case' }),
  limit: pageLimit(),
  cursor: pageCursor(),
});

export const PlayerSearchPageSchema = z
  .object({
    items: z.array(z.object({ playerId: z.string(), name: z.string(), bot: z.boolean() }).openapi('FoundPlayer')),
    nextCursor: z.string().nullable(),
  })
  .openapi('PlayerSearchPage', { description: 'accounts (people and bots; not guests) whose name or username begins with the text asked, in name order' });

export const CreatePlayerSchema = z.strictObject({ name: PlayerName }).openapi('CreatePlayer');

export const PlayerTokenSchema = z
  .object({ playerId: z.string(), name: z.string(), bot: z.boolean(), token: z.string(), tokenId: z.string(), expiresAt: z.string() })
  .openapi('PlayerToken');

export const MeSchema = z
  .object({
    playerId: z.string(),
    name: z.string(),
    username: z.string().nullable().openapi({ description: "the account's username; null for a guest" }),
    bot: z.boolean(),
    tokenId: z.string().nullable().openapi({ description: 'the id of the token of this request (null: a token from before accounts, or of the external provider)' }),
    scopes: z.array(z.enum(['play', 'read'])),
    expiresAt: z.string().nullable().openapi({ description: "when the caller's token expires (its exp claim); null: never" }),
  })
  .openapi('Me');

export const PlayerGamePageSchema = z
  .object({
    entries: z.array(
      z
        .discriminatedUnion('kind', [
          GameSummarySchema.extend({ kind: z.literal('game') }).openapi('PlayerGameEntry'),
          MatchSummarySchema.extend({ kind: z.literal('match') }).openapi('PlayerMatchEntry'),
        ])
        .openapi('PlayerEntry'),
    ),
    nextCursor: z.string().nullable(),
  })
  .openapi('PlayerGamePage', { description: "the caller's games and matches, newest first" });

const ChallengeKindSchema = z.enum(['game', 'match']);

export const PlayerEventSchema = z
  .discriminatedUnion('type', [
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
    z
      .object({
        type: z.literal('ratingChanged'),
        gameId: z.string(),
        variant: z.enum(VARIANTS),
        before: z.number().int().openapi({ description: 'the rating before the game, rounded as shown' }),
        after: z.number().int().openapi({ description: 'the rating after it, rounded as shown' }),
        rd: z.number().openapi({ description: 'the rating deviation after it' }),
        games: z.number().int().openapi({ description: 'rated games played in this variant' }),
        provisional: z.boolean().openapi({ description: 'the RD is still above the provisional threshold' }),
      })
      .openapi('RatingChangedEvent', { description: 'a rated game of yours ended and moved your rating in its variant' }),
    z
      .object({
        type: z.literal('seekEnded'),
        seekId: z.string(),
        reason: z.enum(['withdrawn', 'expired', 'disconnected']).openapi({
          description: 'withdrawn by you; expired: past SEEK_TTL_SECONDS; disconnected: a whileConnected seek whose owner has no player stream open any more',
        }),
      })
      .openapi('SeekEndedEvent', { description: 'a seek of yours left the pool without being paired (a pairing comes as gameStart or matchStart instead): seek again if you still want a game' }),
    z
      .object({
        type: z.literal('tournamentGame'),
        tournamentId: z.string(),
        gameId: z.string().openapi({ description: 'the game to play now (a Swiss pairing: the first game of its match)' }),
        matchId: z.string().nullable().openapi({ description: "a Swiss pairing's match (its next games come as gameStart); null in an arena" }),
        opponent: z.string(),
      })
      .openapi('TournamentGameEvent', { description: 'a tournament you play in paired you: play the game (it started with gameStart too)' }),
  ])
  .openapi('PlayerEvent', { description: "an event of the caller's own stream (GET /v1/players/me/stream)" });
