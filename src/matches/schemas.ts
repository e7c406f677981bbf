// API schemas of matches: the request to create one, the score sheet, the match event log.
import { z } from '@hono/zod-openapi';
import { CANCEL_REASONS, RAMSCH_TRUMPS, SCORINGS, VARIANTS } from '../engine/index.ts';
import { MATCH_STATUSES } from './tables.ts';
import { ConfigSchema, GameEndSchema, GameTypeSchema, MAX_TURN_SECONDS, MIN_TURN_SECONDS, RATED_TURN_SECONDS, StatusSchema } from '../games/index.ts';
import { ID, orNull } from '../platform/http/schemas.ts';

const turnSeconds = z
  .number()
  .int()
  .min(MIN_TURN_SECONDS)
  .max(MAX_TURN_SECONDS)
  .optional()
  .openapi({
    description: `seconds each player has per move (${MIN_TURN_SECONDS}..${MAX_TURN_SECONDS}), for every game of the match; default: no deadline (rated: ${RATED_TURN_SECONDS.min}..${RATED_TURN_SECONDS.max}, default ${RATED_TURN_SECONDS.default})`,
  });

export const CreateMatchSchema = z
  .strictObject({
    games: z.number().int().min(1).max(100).openapi({ description: 'how many games the match has (1..100)', example: 6 }),
    variant: z.enum(VARIANTS).optional().openapi({ description: 'default classic' }),
    scoring: z.enum(SCORINGS).optional().openapi({ description: 'default standard' }),
    spitzen: z.boolean().optional().openapi({ description: 'matadors run through the trump suit; default false' }),
    kontra: z.boolean().optional().openapi({ description: 'kontra and re may be said; default true' }),
    ramschTrumps: z.enum(RAMSCH_TRUMPS).optional().openapi({ description: 'default jacks' }),
    opponent: z.string().regex(ID, 'a player id').optional().openapi({ description: 'reserve the other player slot for this player id' }),
    turnSeconds,
    rated: z.boolean().optional().openapi({
      description: 'a rated match: every game of it is rated. Between two accounts only (else 422 RATED_NEEDS_ACCOUNT), always with a deadline; default false',
    }),
  })
  .openapi('CreateMatch');

const PointsSchema = z
  .record(z.string(), z.number().int())
  .openapi('PointsByPlayer', { description: 'points per player id' });
const PlayerSchema = z.object({ playerId: z.string(), name: z.string(), bot: z.boolean() }).openapi('MatchPlayer');
const GameTypeOrNull = orNull(GameTypeSchema).openapi({ description: 'null when no game was fixed' });

const SheetResultSchema = z
  .object({
    won: z.boolean().nullable().openapi({ description: 'the declarer won (ramsch: the player who chose it); null on a draw' }),
    draw: z.boolean(),
    end: GameEndSchema,
    declarerPoints: z.number().int(),
    defenderPoints: z.number().int(),
    schneider: z.boolean(),
    schwarz: z.boolean(),
    matadors: z.number().int(),
    multiplier: z.number().int(),
    kontra: z.boolean(),
    re: z.boolean(),
    overbid: z.boolean(),
    durchmarsch: z.boolean(),
    passedIn: z.boolean(),
    resigned: z.string().nullable().openapi({ description: 'player id of who resigned' }),
    timedOut: z.string().nullable().openapi({ description: 'player id of who ran out of time' }),
  })
  .openapi('SheetResult');

export const SheetRowSchema = z
  .object({
    number: z.number().int(),
    gameId: z.string(),
    status: StatusSchema,
    dealer: z.string().openapi({ description: 'player id' }),
    forehand: z.string().openapi({ description: 'player id' }),
    declarer: z.string().nullable().openapi({ description: 'player id; null when passed in or given up before a game was fixed' }),
    game: GameTypeOrNull,
    result: orNull(SheetResultSchema).openapi({ description: 'null while the game runs' }),
    value: z.number().int().nullable().openapi({ description: "the game's value as scored (the game's result.value)" }),
    points: orNull(PointsSchema).openapi({ description: "written in each player's column: the game's result.scores by player" }),
    totals: orNull(PointsSchema).openapi({ description: 'running totals after this game' }),
  })
  .openapi('SheetRow');

export const MatchSchema = z
  .object({
    id: z.string(),
    status: z.enum(MATCH_STATUSES).openapi('MatchStatus', { description: 'cancelled: called off while it waited for its second player' }),
    games: z.number().int(),
    config: ConfigSchema,
    turnSeconds: z.number().int().nullable(),
    rated: z.boolean().openapi({ description: 'every game of a rated match is rated' }),
    players: z.array(PlayerSchema).openapi({ description: 'the creator, then the opponent once joined' }),
    reservedFor: z.string().nullable(),
    matchSeedCommitment: z.string().openapi({ description: 'hex(SHA-256(matchSeed)), published at creation' }),
    matchSeed: z.string().optional().openapi({
      description:
        'revealed once the match is finished. First dealer: the low bit of SHA-256(matchSeed ‖ "dealer") — 0: the creator deals game 1, 1: the opponent; then the dealer alternates',
    }),
    firstDealer: z.string().nullable().openapi({ description: 'player id of the dealer of game 1, once the match started' }),
    currentGameId: z.string().nullable().openapi({ description: 'the game being played; null while waiting and once finished' }),
    currentNumber: z.number().int().nullable(),
    sheet: z.array(SheetRowSchema).openapi({ description: 'the score sheet (Skatliste), one row per game started' }),
    totals: PointsSchema,
    winner: z.string().nullable().openapi({ description: 'once finished: the player with the higher total; null on a draw' }),
    draw: z.boolean(),
    version: z.number().int().openapi({ description: 'the seq of the last match event' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Match');

export const MatchEventSchema = z
  .discriminatedUnion('type', [
    z
      .object({
        type: z.literal('gameStarted'),
        number: z.number().int(),
        gameId: z.string(),
        dealer: z.string(),
        forehand: z.string(),
      })
      .openapi('GameStartedEvent'),
    z
      .object({
        type: z.literal('gameFinished'),
        number: z.number().int(),
        gameId: z.string(),
        declarer: z.string().nullable(),
        game: GameTypeOrNull,
        won: z.boolean().nullable(),
        draw: z.boolean(),
        end: GameEndSchema,
        passedIn: z.boolean(),
        value: z.number().int(),
        points: PointsSchema,
        totals: PointsSchema,
      })
      .openapi('GameFinishedEvent'),
    z
      .object({
        type: z.literal('matchFinished'),
        totals: PointsSchema,
        winner: z.string().nullable(),
        draw: z.boolean(),
        matchSeed: z.string(),
      })
      .openapi('MatchFinishedEvent'),
    z
      .object({
        type: z.literal('matchCancelled'),
        by: z.string().nullable().openapi({ description: 'the player who called it off; null when nobody joined in time' }),
        reason: z.enum(CANCEL_REASONS),
      })
      .openapi('MatchCancelledEvent', { description: 'the match was called off while it waited for its second player' }),
  ])
  .openapi('MatchEvent');

export const MatchEventLogSchema = z
  .object({
    version: z.number().int(),
    finished: z.boolean(),
    events: z.array(z.object({ seq: z.number().int(), event: MatchEventSchema }).openapi('LoggedMatchEvent')),
  })
  .openapi('MatchEventLog');

export const MatchIdParam = z.object({
  matchId: z
    .string()
    .regex(ID, 'an id: letters, digits and dashes')
    .openapi({ param: { name: 'matchId', in: 'path' } }),
});

export const MatchSummarySchema = z
  .object({
    id: z.string(),
    status: z.enum(MATCH_STATUSES),
    config: ConfigSchema,
    games: z.number().int().openapi({ description: 'how many games the match has' }),
    rated: z.boolean(),
    players: z.array(z.object({ playerId: z.string(), name: z.string(), bot: z.boolean() })).openapi({ description: 'the creator, then the opponent once joined' }),
    reservedFor: z.string().nullable(),
    version: z.number().int(),
    createdAt: z.string(),
  })
  .openapi('MatchSummary');

/** The matches lobby: one page of matches, newest first. */
export const MatchPageSchema = z
  .object({ matches: z.array(MatchSummarySchema), nextCursor: z.string().nullable() })
  .openapi('MatchPage');
