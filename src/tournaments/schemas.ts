// API schemas of the tournaments: the request to create one (the rule options are a new game's),
// a tournament as anyone sees it (its options, standings and current pairings), a page of them,
// and the events of its stream.
import { z } from '@hono/zod-openapi';
import { TOURNAMENT_BOTS, TOURNAMENT_STATUSES, TOURNAMENT_SYSTEMS } from './tables.ts';
import { VARIANTS } from '../engine/index.ts';
import { ConfigSchema, CreateGameSchema } from '../games/index.ts';
import { ID, MAX_NAME_LENGTH, nameText, orNull } from '../platform/http/schemas.ts';
import { LIMITS } from './limits.ts';

const range = (r: { min: number; max: number }) => z.number().int().min(r.min).max(r.max);

export const CreateTournamentSchema = z
  .strictObject({
    name: nameText().openapi({ maxLength: MAX_NAME_LENGTH, description: `1..${MAX_NAME_LENGTH} characters, surrounding whitespace trimmed; as a player's name, not only whitespace or invisible characters, no control or bidi characters`, example: 'Adventsarena' }),
    system: z.enum(TOURNAMENT_SYSTEMS).openapi({ description: 'arena: a time window of games one after another; swiss: a fixed number of rounds' }),
    variant: z.enum(VARIANTS),
    ...CreateGameSchema.pick({ scoring: true, spitzen: true, kontra: true, ramschTrumps: true, rated: true }).shape,
    turnSeconds: range(LIMITS.turnSeconds).openapi({ description: `seconds per move in every game (${LIMITS.turnSeconds.min}..${LIMITS.turnSeconds.max}; rated: 10..300)` }),
    startsAt: z.iso.datetime({ offset: true }).openapi({ description: 'when it starts (RFC 3339): not in the past, at most 30 days ahead' }),
    minutes: range(LIMITS.minutes).optional().openapi({ description: `arena only: its length (${LIMITS.minutes.min}..${LIMITS.minutes.max}); default 60` }),
    rounds: range(LIMITS.rounds).optional().openapi({ description: `swiss only: its rounds (${LIMITS.rounds.min}..${LIMITS.rounds.max}); default 5` }),
    gamesPerRound: z
      .union([z.literal(1), z.literal(2), z.literal(4)])
      .optional()
      .openapi({ type: 'integer', enum: [1, 2, 4], minimum: 1, maximum: 4, description: "swiss only: the games of each pairing, dealers alternating (a match); default 2" }),
    maxPlayers: range(LIMITS.maxPlayers).optional().openapi({ description: `${LIMITS.maxPlayers.min}..${LIMITS.maxPlayers.max}; default 100` }),
    bots: z.enum(TOURNAMENT_BOTS).optional().openapi({ description: 'allow (default): people and bots; none: people only; only: a bot league' }),
  })
  .openapi('CreateTournament');

const Ref = z.object({ playerId: z.string(), name: z.string(), bot: z.boolean() });

export const StandingSchema = z
  .object({
    rank: z.number().int(),
    ...Ref.shape,
    score: z.number().openapi({ description: 'arena: 2 a win, 1 a draw or a game passed in, 0 a loss; swiss: 1 a pairing won (or a bye), ½ drawn' }),
    games: z.number().int().openapi({ description: 'games (arena) or pairings (swiss, a bye included) finished' }),
    tiebreaks: z
      .object({
        buchholz: z.number().optional().openapi({ description: "swiss: the sum of the opponents' scores" }),
        sonnebornBerger: z.number().optional().openapi({ description: 'swiss: the scores of the opponents beaten, and half of those drawn' }),
        sheetPoints: z.number().optional().openapi({ description: "the sum of the games' score-sheet points" }),
      })
      .openapi('Tiebreaks'),
    withdrawn: z.boolean().openapi({ description: 'left the tournament (or withdrawn after letting two games time out); the score made stays' }),
  })
  .openapi('Standing');

export const TournamentPairingSchema = z
  .object({
    round: z.number().int().openapi({ description: 'swiss: the round; arena: the wave it was paired in' }),
    first: z.string().openapi({ description: 'a player id: forehand in the first game' }),
    second: orNull(z.string()).openapi({ description: 'the other player; null: a bye' }),
    gameId: orNull(z.string()).openapi({ description: 'the game (arena), or the first game of the match (swiss); watch it at /v1/games/{gameId}' }),
    matchId: orNull(z.string()).openapi({ description: 'swiss: the match the pairing plays' }),
    finished: z.boolean(),
    firstPoints: orNull(z.number().int()).openapi({ description: 'score-sheet points once finished' }),
    secondPoints: orNull(z.number().int()),
    winner: orNull(z.string()).openapi({ description: 'once finished: the winner; null on a draw (and for a bye)' }),
  })
  .openapi('TournamentPairing');

export const TournamentGameSchema = z
  .object({
    round: z.number().int().openapi({ description: 'swiss: the round; arena: the wave it was paired in' }),
    first: Ref.openapi({ description: 'forehand in the first game' }),
    second: orNull(Ref).openapi({ description: 'the other player; null: a bye' }),
    gameId: orNull(z.string()).openapi({ description: 'the game (arena), or the first game of the match (swiss); its record at /v1/games/{gameId}/record once finished' }),
    matchId: orNull(z.string()).openapi({ description: 'swiss: the match the pairing plays (its games at /v1/matches/{matchId})' }),
    finished: z.boolean(),
    firstPoints: orNull(z.number().int()).openapi({ description: 'score-sheet points once finished' }),
    secondPoints: orNull(z.number().int()),
    winner: orNull(z.string()).openapi({ description: 'once finished: the winner; null on a draw (and for a bye)' }),
    passedIn: z.boolean().openapi({ description: 'arena: the game was passed in (1 point each)' }),
  })
  .openapi('TournamentGame', { description: "a pairing of the tournament: an arena's game, a Swiss round's match (or a bye), with its result once finished" });

export const TournamentGamePageSchema = z
  .object({ items: z.array(TournamentGameSchema), nextCursor: orNull(z.string()).openapi({ description: 'pass as `cursor` for the next page; null: the last page' }) })
  .openapi('TournamentGamePage');

const EntrantSchema = z
  .object({ ...Ref.shape, rating: orNull(z.number().int()).openapi({ description: "the player's rating in the tournament's variant (as the leaderboard shows it); null before a rated game" }) })
  .openapi('TournamentEntrant');

export const TournamentOptionsSchema = z
  .object({
    variant: z.enum(VARIANTS),
    config: ConfigSchema,
    turnSeconds: z.number().int(),
    rated: z.boolean(),
    maxPlayers: z.number().int(),
    bots: z.enum(TOURNAMENT_BOTS),
    minutes: z.number().int().optional().openapi({ description: 'arena' }),
    rounds: z.number().int().optional().openapi({ description: 'swiss' }),
    gamesPerRound: z.number().int().optional().openapi({ description: 'swiss' }),
  })
  .openapi('TournamentOptions');

export const TournamentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    system: z.enum(TOURNAMENT_SYSTEMS),
    status: z.enum(TOURNAMENT_STATUSES),
    createdBy: Ref.openapi('TournamentCreator'),
    startsAt: z.string().openapi({ format: 'date-time' }),
    endsAt: z.string().optional().openapi({ format: 'date-time', description: 'arena: the end of the window (games running then still count); swiss: when it finished' }),
    round: z.number().int().optional().openapi({ description: 'swiss: the round being played (0 before the first)' }),
    rounds: z.number().int().optional(),
    endedEarly: z.string().optional().openapi({ description: 'why a swiss event ended before its last round' }),
    options: TournamentOptionsSchema,
    players: z.number().int().openapi({ description: 'entrants, the withdrawn included' }),
    standings: z.array(StandingSchema).openapi({ description: 'live while it runs; the final standings once finished, kept for ever. One page of them (`standingsLimit`, default 100), best first' }),
    standingsNextCursor: orNull(z.string()).openapi({ description: 'pass as `standingsCursor` for the next page of the standings; null: this page is the last' }),
    pairings: z.array(TournamentPairingSchema).optional().openapi({ description: "swiss: the current round's pairings; arena: the games being played" }),
    finishedAt: z.string().optional().openapi({ format: 'date-time' }),
    paused: z
      .array(z.string())
      .optional()
      .openapi({ description: 'an arena not finished: the entrants who paused (POST …/pause), not paired until they come back; the stream says nothing of pauses: read it here' }),
    you: z
      .object({
        paused: z.boolean().openapi({ description: 'you paused: not paired until you come back (DELETE …/pause)' }),
        restUntil: orNull(z.string().openapi({ format: 'date-time' })).openapi({ description: 'the end of your rest after your last game: you are not paired before it (then as soon as an opponent is free); null: not resting' }),
      })
      .optional()
      .openapi('TournamentYou', { description: 'an arena not finished, read by one of its entrants (not withdrawn) with a token: your own state' }),
  })
  .openapi('Tournament');

export const TournamentSummarySchema = TournamentSchema.omit({ standings: true, standingsNextCursor: true, pairings: true, paused: true, you: true }).openapi('TournamentSummary');

export const TournamentPageSchema = z
  .object({ items: z.array(TournamentSummarySchema), nextCursor: orNull(z.string()).openapi({ description: 'pass as `cursor` for the next page; null: the last page' }) })
  .openapi('TournamentPage');

export const TournamentIdParam = z.object({
  tournamentId: z.string().regex(ID).openapi({ param: { name: 'tournamentId', in: 'path' }, example: '5c1e9a7b-3d2f-4b8e-9a6c-7f0d2e4b8a13' }),
});

export const AddHouseBotsSchema = z
  .object({
    levels: z
      .array(z.string().regex(/^[a-z0-9-]{1,24}$/, 'a level: lower-case letters, digits and dashes'))
      .min(1)
      .max(8)
      .refine((levels) => new Set(levels).size === levels.length, 'each level once')
      .openapi({ description: "the house bots' levels to enter (`houseLevel` of GET /v1/bots/online): random, greedy, pimc, star, weakest to strongest", example: ['greedy', 'pimc'] }),
  })
  .openapi('AddHouseBots');

export const TournamentEventSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('standings'), standings: z.array(StandingSchema) }).openapi('TournamentStandingsEvent', { description: 'the standings after a result' }),
    z
      .object({ type: z.literal('pairing'), round: z.number().int(), pairings: z.array(TournamentPairingSchema) })
      .openapi('TournamentPairingEvent', { description: 'new pairings: a swiss round, or an arena wave' }),
    z.object({ type: z.literal('roundStart'), round: z.number().int() }).openapi('TournamentRoundStartEvent', { description: 'swiss: a round begins; arena: the window opens (round 1)' }),
    z.object({ type: z.literal('roundEnd'), round: z.number().int() }).openapi('TournamentRoundEndEvent', { description: 'swiss: every pairing of the round ended; arena: the window closed (games running still count)' }),
    z
      .object({ type: z.literal('tournamentEnd'), standings: z.array(StandingSchema), endedEarly: orNull(z.string()) })
      .openapi('TournamentEndEvent', { description: 'the final standings; the stream ends' }),
    z
      .object({ type: z.literal('join'), entrant: EntrantSchema, players: z.number().int().openapi({ description: 'entrants now, the withdrawn included' }) })
      .openapi('TournamentJoinEvent', { description: 'a player entered (or came back after a withdrawal), also before the start' }),
    z.object({ type: z.literal('withdraw'), playerId: z.string() }).openapi('TournamentWithdrawEvent', { description: 'a player withdrew (not paired again; the score made stays)' }),
  ])
  .openapi('TournamentEvent');
