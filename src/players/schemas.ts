// API schemas of the players: a guest's sign-up and token, the caller, its games and matches, and
// finding someone to play: the bots online (what the lobby lists) and
// players by name.
import { z } from '@hono/zod-openapi';
import { PlayerName } from '../accounts/index.ts';
import { VARIANTS } from '../engine/index.ts';
import { GameSummarySchema } from '../games/index.ts';
import { MatchSummarySchema } from '../matches/index.ts';
import { RatingsSchema } from '../ratings/index.ts';
import { SeekSchema } from '../seeks/index.ts';
import { SCOPES } from '../platform/auth/scopes.ts';
import { pageCursor, pageLimit } from '../platform/http/openapi.ts';
import { MAX_NAME_LENGTH, storedText } from '../platform/http/schemas.ts';

export const OnlineBotSchema = z
  .object({
    playerId: z.string(),
    name: z.string(),
    bot: z.literal(true).openapi({ description: 'always true: the lobby shows the BOT badge' }),
    houseLevel: z.string().nullable().openapi({
      description:
        "one of the service's own bots (the house bots): its level, `random`, `greedy`, `pimc` or `star`, weakest to strongest (a client may show its own words for it); null: another bot. Enter it in a tournament with POST /v1/tournaments/{tournamentId}/house-bots",
      example: 'greedy',
    }),
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
    scopes: z.array(z.enum(SCOPES)).openapi({ description: 'what the token allows: `play`, `read`, and `account` for a sign-in’s token' }),
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
