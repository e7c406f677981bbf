// The tournaments' operations, as OpenAPI definitions; the handlers are in api.ts beside.
import { createRoute, z } from '@hono/zod-openapi';
import { AnalysisQuery, ndjson } from '../exports/index.ts';
import { TOURNAMENT_STATUSES } from './tables.ts';
import { bearer, json, jsonBody, pageCursor, pageLimit, publicAccess, optionalBearer, seqQuery } from '../platform/http/openapi.ts';
import { problemResponses } from '../platform/http/problems.ts';
import { ID } from '../platform/http/schemas.ts';
import { CreateIdempotencyHeaders, IDEMPOTENT_CREATE_CODES, IDEMPOTENT_CREATE_NOTE } from '../platform/http/idempotency.ts';
import { ResumeHeaders, streamResponses, streamSchemas } from '../platform/http/sse.ts';
import { tournamentExamples } from './examples.ts';
import { STANDINGS_PAGE } from './standings-page.ts';
import { AddHouseBotsSchema, CreateTournamentSchema, TournamentEventSchema, TournamentGamePageSchema, TournamentIdParam, TournamentPageSchema, TournamentSchema } from './schemas.ts';

export const TournamentStream = streamSchemas(
  'TournamentEvent',
  TournamentEventSchema,
  'Server-Sent Events: each message is one TournamentEvent (`event:` its type, `id:` its seq, `data:` the event as JSON)',
);

export const createTournament = createRoute({
  method: 'post',
  path: '/v1/tournaments',
  operationId: 'createTournament',
  tags: ['tournaments'],
  summary: 'Create an arena or a Swiss event (accounts only)',
  description:
    'An arena runs from `startsAt` for `minutes`: a joined player who is free and has a player stream open is paired as soon as another is (nearest in score, not the last opponent again while another is free; never two bots unless `bots` is `only`; not until some seconds after its last game ended, TOURNAMENT_REST_MS, 8 s by default; not while paused); a game won scores 2, drawn or passed in 1, lost 0; the tiebreak is the sum of score-sheet points; games running at the end count. A Swiss event plays `rounds` rounds, each pairing `gamesPerRound` games with alternating dealers (a match); a pairing won scores 1, drawn ½, a bye 1 (once a player); a player in a game of another tournament when a round is paired is absent from it (0 for the round), and the round starts without them; tiebreaks Buchholz, then Sonneborn–Berger. At most 5 upcoming tournaments per account, and of tournaments not finished (upcoming or running) 10 per account and 20 per creating client address by default (429 TOO_MANY_TOURNAMENTS), and 20 creations an hour per account on each process of the service (429 RATE_LIMITED, with Retry-After). `Location` names it.' +
    IDEMPOTENT_CREATE_NOTE,
  security: bearer,
  request: { headers: CreateIdempotencyHeaders, body: jsonBody(CreateTournamentSchema, tournamentExamples.create) },
  responses: {
    201: json(TournamentSchema, 'The new tournament (upcoming)', tournamentExamples.created),
    ...problemResponses('ACCOUNT_REQUIRED', 'TOURNAMENT_OPTIONS', 'TOURNAMENT_STARTS_AT', 'RATED_TURN_SECONDS', 'TOO_MANY_TOURNAMENTS', ...IDEMPOTENT_CREATE_CODES),
  },
});

export const listTournaments = createRoute({
  method: 'get',
  path: '/v1/tournaments',
  operationId: 'listTournaments',
  tags: ['tournaments'],
  summary: 'List tournaments: upcoming and running soonest first, finished newest first',
  description: 'By `status` (default upcoming). Keyset-paginated: pass `nextCursor` as `cursor` for the next page.',
  security: publicAccess,
  request: {
    query: z.object({
      status: z.enum(TOURNAMENT_STATUSES).optional().openapi({ description: 'default upcoming' }),
      limit: pageLimit(),
      cursor: pageCursor(),
    }),
  },
  responses: { 200: json(TournamentPageSchema, 'One page of tournaments', tournamentExamples.page), ...problemResponses('INVALID_CURSOR') },
});

export const getTournament = createRoute({
  method: 'get',
  path: '/v1/tournaments/{tournamentId}',
  operationId: 'getTournament',
  tags: ['tournaments'],
  summary: 'Read a tournament: options, a page of the standings, the current pairings',
  description:
    "The standings are live while it runs and final once it is finished (kept for ever), best first, a page at a time: `standingsLimit` rows (default 100, the whole table of a tournament of the default size), then pass `standingsNextCursor` as `standingsCursor` for the next page. While it runs the ranking may move between two pages (the stream's `standings` event has the whole table at once). `pairings`: a Swiss event's current round, an arena's games being played. A strong ETag (a hash of the answer); If-None-Match answers 304.",
  security: optionalBearer,
  request: {
    params: TournamentIdParam,
    query: z.object({
      standingsLimit: z
        .string()
        .regex(/^\d{1,9}$/, 'a non-negative integer')
        .transform(Number)
        .refine((n) => n >= 1 && n <= STANDINGS_PAGE.max, `between 1 and ${STANDINGS_PAGE.max}`)
        .optional()
        .openapi({ type: 'integer', minimum: 1, maximum: STANDINGS_PAGE.max, default: STANDINGS_PAGE.default, description: `rows of the standings, 1..${STANDINGS_PAGE.max}` }),
      standingsCursor: z.string().max(200).optional().openapi({ description: 'standingsNextCursor of the page before' }),
    }),
  },
  responses: {
    200: json(TournamentSchema, 'The tournament', tournamentExamples.running),
    304: { description: 'Not modified since the ETag given in If-None-Match' },
    ...problemResponses('TOURNAMENT_NOT_FOUND', 'INVALID_CURSOR'),
  },
});

export const joinTournament = createRoute({
  method: 'post',
  path: '/v1/tournaments/{tournamentId}/join',
  operationId: 'joinTournament',
  tags: ['tournaments'],
  summary: 'Enter a tournament (again after a withdrawal: the score made kept)',
  description:
    'An arena takes entries until its end, a Swiss event until its last round is paired (a late entrant starts with 0). Joining twice changes nothing. When paired you get `tournamentGame` (and `gameStart`) on your player stream; in an arena you are paired only while a player stream of yours is open.',
  security: bearer,
  request: { params: TournamentIdParam },
  responses: {
    200: json(TournamentSchema, 'The tournament, you in it', tournamentExamples.running),
    ...problemResponses('TOURNAMENT_NOT_FOUND', 'TOURNAMENT_FINISHED', 'TOURNAMENT_ENTRY_CLOSED', 'TOURNAMENT_FULL', 'RATED_NEEDS_ACCOUNT', 'BOTS_NOT_ALLOWED', 'BOTS_ONLY'),
  },
});

export const addHouseBots = createRoute({
  method: 'post',
  path: '/v1/tournaments/{tournamentId}/house-bots',
  operationId: 'addHouseBots',
  tags: ['tournaments'],
  summary: "Enter the service's house bots of chosen levels (the creator, bots allowed)",
  description:
    "The creator of a tournament whose `bots` is not `none` enters house bots (the service's own bots, `houseLevel` in GET /v1/bots/online) until it takes no more entries; each plays its games like any other entrant. All or none: a level whose bot does not play on this service now, or one in already (not withdrawn), refuses the whole request; then each joins in the order given.",
  security: bearer,
  request: { params: TournamentIdParam, body: jsonBody(AddHouseBotsSchema, tournamentExamples.addHouseBots) },
  responses: {
    200: json(TournamentSchema, 'The tournament, the house bots in it', tournamentExamples.created),
    ...problemResponses('TOURNAMENT_NOT_FOUND', 'NOT_TOURNAMENT_CREATOR', 'TOURNAMENT_FINISHED', 'TOURNAMENT_ENTRY_CLOSED', 'BOTS_NOT_ALLOWED', 'HOUSE_BOT_NOT_RUNNING', 'ALREADY_ENTERED', 'TOURNAMENT_FULL'),
  },
});

export const withdrawTournament = createRoute({
  method: 'post',
  path: '/v1/tournaments/{tournamentId}/withdraw',
  operationId: 'withdrawTournament',
  tags: ['tournaments'],
  summary: 'Leave a tournament: not paired again, the score made kept',
  description: 'A game being played goes on to its end (and counts). A Swiss event takes no withdrawals once its last round is paired.',
  security: bearer,
  request: { params: TournamentIdParam },
  responses: {
    204: { description: 'Withdrawn' },
    ...problemResponses('TOURNAMENT_NOT_FOUND', 'TOURNAMENT_FINISHED', 'TOURNAMENT_ENTRY_CLOSED', 'NOT_IN_TOURNAMENT', 'ALREADY_WITHDRAWN'),
  },
});

const PAUSE_NOTE =
  'A pause is for arenas (a Swiss event pairs everyone present each round: withdraw to leave it). Paused, you are not paired; a game being played goes on to its end and counts; your score and place stay. Pausing or coming back twice changes nothing. A pause lasts until you come back, withdraw, or the arena ends (the final standings show no pause). The answer is the tournament with `you`.';

export const pauseTournament = createRoute({
  method: 'post',
  path: '/v1/tournaments/{tournamentId}/pause',
  operationId: 'pauseTournament',
  tags: ['tournaments'],
  summary: 'Pause in an arena: not paired until you come back',
  description: PAUSE_NOTE,
  security: bearer,
  request: { params: TournamentIdParam },
  responses: {
    200: json(TournamentSchema, 'The tournament, you paused', tournamentExamples.paused),
    ...problemResponses('TOURNAMENT_NOT_FOUND', 'NOT_AN_ARENA', 'TOURNAMENT_FINISHED', 'NOT_IN_TOURNAMENT', 'ALREADY_WITHDRAWN'),
  },
});

export const resumeTournament = createRoute({
  method: 'delete',
  path: '/v1/tournaments/{tournamentId}/pause',
  operationId: 'resumeTournament',
  tags: ['tournaments'],
  summary: 'Come back to an arena after a pause: paired again once an opponent is free',
  description: `${PAUSE_NOTE} Coming back, you are paired as soon as you are free, rested and another player is.`,
  security: bearer,
  request: { params: TournamentIdParam },
  responses: {
    200: json(TournamentSchema, 'The tournament, you back', tournamentExamples.back),
    ...problemResponses('TOURNAMENT_NOT_FOUND', 'NOT_AN_ARENA', 'TOURNAMENT_FINISHED', 'NOT_IN_TOURNAMENT', 'ALREADY_WITHDRAWN'),
  },
});

export const streamTournament = createRoute({
  method: 'get',
  path: '/v1/tournaments/{tournamentId}/stream',
  operationId: 'streamTournamentEvents',
  tags: ['tournaments'],
  summary: 'Follow a tournament: entries, standings, pairings, rounds and its end as Server-Sent Events',
  description:
    "Each SSE message's `data:` is one `TournamentEvent` (schema TournamentEventMessage), `event:` its type (`standings`, `pairing`, `roundStart`, `roundEnd`, `tournamentEnd`, `join`, `withdraw`), `id:` its seq. `join` and `withdraw` come as players enter and leave, also before the start. Events are stored: reconnect with `Last-Event-ID` (or `?after=N`), whichever process answers. Each `standings` event holds the whole table, so one stands for those before it: a `standings`, `join` or `withdraw` event is left out once a later `standings` (or `tournamentEnd`) is stored. What is stored when you connect (after your Last-Event-ID) comes first, at most its newest 512 KiB, preceded by the newest standings if the cut passed them; the ids show where events were left out. A `: heartbeat` comment comes every 15 s; the stream ends after `tournamentEnd`.",
  security: optionalBearer,
  request: {
    params: TournamentIdParam,
    query: z.object({ after: seqQuery('start after this seq') }),
    headers: ResumeHeaders,
  },
  responses: streamResponses(TournamentStream, tournamentExamples.stream, 'TOURNAMENT_NOT_FOUND'),
});

export const listTournamentGames = createRoute({
  method: 'get',
  path: '/v1/tournaments/{tournamentId}/games',
  operationId: 'listTournamentGames',
  tags: ['tournaments'],
  summary: "A tournament's games: each round's pairings and results, or one player's games",
  description:
    "Its pairings, running and finished: an arena's games, a Swiss event's matches (and byes), each with both players named, its game (a Swiss match's first), and once finished its score-sheet points and winner. By round, then as made; `round` keeps one round (an arena's wave), `player` one player's. Keyset-paginated: pass `nextCursor` as `cursor` for the next page (with the same filters).",
  security: optionalBearer,
  request: {
    params: TournamentIdParam,
    query: z.object({
      round: z
        .string()
        .regex(/^\d{1,9}$/, 'an integer from 1 to 999999999')
        .transform(Number)
        .refine((n) => n >= 1, 'an integer from 1 to 999999999')
        .optional()
        .openapi({ type: 'integer', minimum: 1, maximum: 999_999_999, description: 'only this round (swiss) or wave (arena)' }),
      player: z.string().regex(ID, 'a player id').optional().openapi({ description: "only this player's games (a player id)" }),
      limit: pageLimit(),
      cursor: pageCursor(),
    }),
  },
  responses: {
    200: json(TournamentGamePageSchema, 'One page of its games', tournamentExamples.games),
    ...problemResponses('TOURNAMENT_NOT_FOUND', 'INVALID_CURSOR'),
  },
});

export const exportTournamentGames = createRoute({
  method: 'get',
  path: '/v1/tournaments/{tournamentId}/games/export',
  operationId: 'exportTournamentGames',
  tags: ['tournaments'],
  summary: "Download a tournament's finished games as ndjson",
  description:
    'Its finished games, newest end first, one record per line (as GET /v1/games/{gameId}/record; each verifies with `npm run verify`; with `analysis=true` each carries its open-lens analysis where one is done), streamed as read, on the exports\' budget and caps (RATE_LIMIT_EXPORT, EXPORT_MAX_CONCURRENT, EXPORT_MAX_PER_ADDRESS).',
  security: optionalBearer,
  request: { params: TournamentIdParam, query: AnalysisQuery },
  responses: { 200: ndjson("The tournament's finished games, one record a line"), ...problemResponses('TOURNAMENT_NOT_FOUND', 'RATE_LIMITED', 'TOO_MANY_EXPORTS') },
});
