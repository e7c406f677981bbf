// The problem catalogue: every code this service answers with its HTTP status and a one-line
// description, in one table. Errors become RFC 9457 problem+json from it, and the OpenAPI error
// responses of every route are generated from it (each route names the codes it can answer).
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { DomainErrorCode } from '../errors.ts';
import { ViewSchema } from './schemas.ts';
import { respond, setHeader } from './reply.ts';

/** Codes only the HTTP edge answers: requests that never reach a use case. */
export type EdgeCode =
  | 'VALIDATION_FAILED'
  | 'MALFORMED_JSON'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'RATE_LIMITED'
  | 'WEB_CLIENT_NOT_BUILT'
  | 'MALFORMED_REQUEST'
  | 'REQUEST_TIMEOUT'
  | 'HEADERS_TOO_LARGE'
  | 'INTERNAL';

export type ProblemCode = DomainErrorCode | EdgeCode;

interface Entry {
  status: ContentfulStatusCode;
  description: string;
  /** Seconds a client waits before it tries again (the Retry-After header; every 503 has one). */
  retryAfter?: number;
}

export const PROBLEMS: Record<ProblemCode, Entry> = {
  // 400
  VALIDATION_FAILED: { status: 400, description: 'a path, query, header or body that fails the schema (the fields in `errors`)' },
  MALFORMED_JSON: { status: 400, description: 'the body is not valid JSON' },
  INVALID_CURSOR: { status: 400, description: 'a cursor this service did not hand out' },
  MALFORMED_REQUEST: { status: 400, description: 'bytes that are no HTTP request (answered by the server before any route)' },
  // 401
  INVALID_TOKEN: { status: 401, description: 'no token where one is needed, or a malformed, forged or foreign one' },
  TOKEN_EXPIRED: { status: 401, description: 'the token has expired' },
  TOKEN_REVOKED: { status: 401, description: 'the token was revoked (by its player, a password change or the account’s deletion)' },
  INVALID_CREDENTIALS: { status: 401, description: 'no account with this username and password' },
  // 403
  NOT_A_PLAYER: { status: 403, description: 'you do not sit at this game' },
  NOT_YOUR_GAME: { status: 403, description: 'only the creator of a game calls it off' },
  NOT_YOUR_MATCH: { status: 403, description: 'only the creator of a match calls it off' },
  NOT_YOUR_SEEK: { status: 403, description: 'only the player who seeks withdraws a seek' },
  NOT_YOUR_CHALLENGE: { status: 403, description: 'only the player a game or match is reserved for declines it' },
  SEAT_RESERVED: { status: 403, description: 'the free seat is reserved for another player' },
  INSUFFICIENT_SCOPE: { status: 403, description: 'the token may only read (scope `read`): this call needs `play`' },
  WRONG_PASSWORD: { status: 403, description: 'the current password is not the account’s' },
  ACCOUNT_REQUIRED: {
    status: 403,
    description: 'only an account may do this (a password, a token that never expires or lives over 30 days): sign up or claim your player first',
  },
  // 404
  NOT_FOUND: { status: 404, description: 'no such route' },
  GAME_NOT_FOUND: { status: 404, description: 'no game with this id' },
  MATCH_NOT_FOUND: { status: 404, description: 'no match with this id' },
  SEEK_NOT_FOUND: { status: 404, description: 'no seek with this id (an ended seek is kept for a day)' },
  TOURNAMENT_NOT_FOUND: { status: 404, description: 'no tournament with this id' },
  PLAYER_NOT_FOUND: { status: 404, description: 'no player with this id' },
  WEB_CLIENT_NOT_BUILT: { status: 404, description: 'the web client is not built here: run npm run build' },
  TOKEN_NOT_FOUND: { status: 404, description: 'you have no live token with this id' },
  RECORD_NOT_AVAILABLE: { status: 404, description: 'the record is published when the game is finished' },
  ANALYSIS_NOT_FOUND: { status: 404, description: 'nobody has asked for this analysis of the game yet (POST it)' },
  // 405
  METHOD_NOT_ALLOWED: { status: 405, description: 'the path exists, but not for this method (the ones it takes are in `Allow`)' },
  // 408
  REQUEST_TIMEOUT: { status: 408, description: 'the request headers or body did not arrive in time (HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS)' },
  // 409
  VERSION_CONFLICT: { status: 409, description: 'the game is not at the version the request was made for (with the current `version` and `view`)' },
  SEAT_TAKEN: { status: 409, description: 'both seats are taken' },
  ALREADY_SEATED: { status: 409, description: 'you already sit at this game' },
  ALREADY_IN_MATCH: { status: 409, description: 'you already play in this match' },
  MATCH_FULL: { status: 409, description: 'both player slots of the match are taken' },
  USERNAME_TAKEN: { status: 409, description: 'the username (ignoring case) belongs to another account' },
  IDEMPOTENCY_KEY_IN_USE: { status: 409, retryAfter: 1, description: 'a request with this Idempotency-Key is still being answered; retry after Retry-After for its answer' },
  NOT_A_GUEST: { status: 409, description: 'the player is an account already, or an identity of the external provider' },
  TOURNAMENT_FULL: { status: 409, description: 'the tournament has as many players as its maxPlayers' },
  ALREADY_WITHDRAWN: { status: 409, description: 'you have withdrawn from this tournament already' },
  GAME_NOT_FINISHED: { status: 409, description: 'the game is not finished: a rematch and an analysis follow a finished game' },
  TOO_MANY_TOKENS: { status: 409, description: 'you hold as many live tokens as one player may (100): revoke one first' },
  // 413, 415
  PAYLOAD_TOO_LARGE: { status: 413, description: 'a body over 16 KiB' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, description: 'a body that is not application/json' },
  // 422: the rules engine's refusals of a move
  INVALID_MOVE: { status: 422, description: 'not a move the engine knows, or a malformed one' },
  WRONG_PHASE: { status: 422, description: 'a move of a kind the game is not at now' },
  NOT_YOUR_TURN: { status: 422, description: 'it is the other player’s turn' },
  GAME_FINISHED: { status: 422, description: 'the game is over' },
  ILLEGAL_CARD: { status: 422, description: 'a card that is neither open on one of your stacks nor in your hand' },
  MUST_FOLLOW_SUIT: { status: 422, description: 'a card that does not follow suit while you can' },
  ILLEGAL_CUT: { status: 422, description: 'a cut outside 4..28' },
  ILLEGAL_GAME: { status: 422, description: 'a game or an announcement not allowed here' },
  ILLEGAL_BID: { status: 422, description: 'a bid that is no Skat value, not higher than the last, or not yours to make' },
  ILLEGAL_DISCARD: { status: 422, description: 'not exactly two different cards of your hand' },
  // 422: the service's refusals
  WEAK_PASSWORD: { status: 422, description: 'a password of fewer than 8 or more than 128 characters, or one on the list of common passwords' },
  GAME_NOT_STARTED: { status: 422, description: 'the game starts when the second player joins' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, description: 'this Idempotency-Key was used with another request' },
  INVALID_OPPONENT: { status: 422, description: 'the opponent is yourself, no known player, or a deleted one' },
  NO_DEADLINE: { status: 422, description: 'the game was created without turnSeconds' },
  DEADLINE_NOT_REACHED: { status: 422, description: 'the player to move still has time (with `deadline`)' },
  YOUR_TURN: { status: 422, description: 'you are the player to move: only the waiting player can claim a timeout' },
  GAME_STARTED: { status: 422, description: 'the game has begun: it can no longer be called off or declined' },
  GAME_CANCELLED: { status: 422, description: 'the game was called off before it began' },
  MATCH_STARTED: { status: 422, description: 'the match has begun: it can no longer be called off or declined' },
  MATCH_CANCELLED: { status: 422, description: 'the match was called off before it began' },
  SEEK_PAIRED: { status: 422, description: 'the seek was paired already: its game or match has begun' },
  MATCH_GAME: { status: 422, description: 'the game belongs to a match, which goes on by itself' },
  RATED_NEEDS_ACCOUNT: { status: 422, description: 'rated play is between two accounts: a guest can neither create nor join a rated game or match' },
  RATED_WITH_SEED: { status: 422, description: 'a rated game is never a practice deal: leave out seed' },
  RATED_TURN_SECONDS: { status: 422, description: 'a rated game or match gives 10..300 seconds per move (default 60)' },
  TOURNAMENT_OPTIONS: { status: 422, description: 'options that do not fit the system: minutes for an arena only, rounds and gamesPerRound for Swiss only, a rated one with bots or a deadline outside 10..300 s' },
  TOURNAMENT_STARTS_AT: { status: 422, description: 'startsAt is in the past or more than 30 days ahead' },
  TOURNAMENT_FINISHED: { status: 422, description: 'the tournament is over: nobody joins or withdraws any more' },
  TOURNAMENT_ENTRY_CLOSED: { status: 422, description: 'a Swiss event takes no entries and no withdrawals once its last round is paired' },
  BOTS_NOT_ALLOWED: { status: 422, description: 'this tournament is for people only (bots: "none")' },
  BOTS_ONLY: { status: 422, description: 'this tournament is a bot league (bots: "only")' },
  NOT_IN_TOURNAMENT: { status: 422, description: 'you have not joined this tournament' },
  // 429
  TOO_MANY_TOURNAMENTS: { status: 429, description: 'you have as many tournaments as one account may (5 upcoming; not finished, 10 by default), or your address as many not finished as one may (20 by default): wait until one starts or ends' },
  TOO_MANY_WAITING_GAMES: { status: 429, description: 'you have as many games waiting for a second player as one player may (10): call one off, or wait until one starts' },
  TOO_MANY_WAITING_MATCHES: { status: 429, description: 'you have as many matches waiting for a second player as one player may (10): call one off, or wait until one starts' },
  TOO_MANY_SEEKS: { status: 429, description: 'you have as many seeks waiting in the pool as one player may (5): withdraw one, or wait until one is paired' },
  TOO_MANY_ANALYSES: {
    status: 429,
    retryAfter: 30,
    description: 'your address has as many analyses queued or running as one address may (ANALYSIS_MAX_PER_ADDRESS, 2 by default); retry after Retry-After',
  },
  RATE_LIMITED: { status: 429, description: 'too many requests: wait as `Retry-After` says (the budget is in `RateLimit-Policy`, what is left in `RateLimit`)' },
  // 431
  HEADERS_TOO_LARGE: { status: 431, description: 'request headers over 16 KiB' },
  // 500, 503
  INTERNAL: { status: 500, description: 'something went wrong on the service’s side' },
  TOO_MANY_WAITERS: { status: 503, retryAfter: 1, description: 'this process (or you, on it) holds too many waiting requests; retry after Retry-After' },
  TOO_MANY_EXPORTS: {
    status: 503,
    retryAfter: 5,
    description: 'this process streams as many exports at once as it may, or your address as many as one address may (2 by default); retry after Retry-After',
  },
  ANALYSIS_QUEUE_FULL: { status: 503, retryAfter: 60, description: 'the analysis queue is full (ANALYSIS_QUEUE_MAX); retry after Retry-After' },
  DATABASE_UNAVAILABLE: {
    status: 503,
    retryAfter: 1,
    description:
      'the database is away or did not answer in time; a write may or may not have been made: retry after Retry-After with the same Idempotency-Key or expectedVersion',
  },
  IDENTITY_PROVIDER_UNAVAILABLE: { status: 503, retryAfter: 5, description: 'the external identity provider’s key set could not be fetched; retry after Retry-After' },
  SHUTTING_DOWN: { status: 503, retryAfter: 1, description: 'this process is shutting down; retry after Retry-After (on a new connection)' },
};

/** Retry-After of the 503 answers that are no problem+json (`/readyz`). */
export const RETRY_AFTER_SECONDS = 1;

/** The engine's refusals of a move, every one of them. */
export const ENGINE_CODES = [
  'INVALID_MOVE',
  'WRONG_PHASE',
  'NOT_YOUR_TURN',
  'GAME_FINISHED',
  'ILLEGAL_CARD',
  'MUST_FOLLOW_SUIT',
  'ILLEGAL_CUT',
  'ILLEGAL_GAME',
  'ILLEGAL_BID',
  'ILLEGAL_DISCARD',
] as const satisfies readonly ProblemCode[];

/** What the example of a code's problem says, where the catalogue's description is not what the service says. */
type ProblemExamples = Partial<Record<ProblemCode, { detail: string; extra?: Record<string, unknown> }>>;
const EXAMPLES: ProblemExamples = {
  VALIDATION_FAILED: {
    detail: 'expectedVersion: Too small: expected number to be >=0',
    extra: { errors: [{ path: 'expectedVersion', message: 'Too small: expected number to be >=0' }] },
  },
  INVALID_TOKEN: { detail: 'this call needs a bearer token' },
  NOT_YOUR_TURN: { detail: "it is forehand's turn" },
  ILLEGAL_CUT: { detail: 'cut with "at" an integer from 4 to 28' },
};

/**
 * A feature's own examples of the problems it answers (a game's id, the view a VERSION_CONFLICT
 * carries): the platform knows no feature, so each tells its examples here, and the document
 * reads them when it is made (problemResponses' examples are read then, not when a route is defined).
 */
export function describeProblems(examples: ProblemExamples): void {
  Object.assign(EXAMPLES, examples);
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  code: ProblemCode;
  detail: string;
  [extra: string]: unknown;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Thrown anywhere at the edge; the app's error handler answers it as problem+json. */
export class ProblemError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(`${code}: ${detail}`);
    this.status = PROBLEMS[code].status;
  }
}

export function problemBody(p: ProblemError, requestId?: string): Problem {
  return {
    type: `https://offiziersskat.dev/problems/${p.code.toLowerCase().replaceAll('_', '-')}`,
    title: TITLES[p.status] ?? 'Error',
    status: p.status,
    code: p.code,
    detail: p.detail,
    ...p.extra,
    ...(requestId ? { requestId } : {}),
  };
}

/** The problem as an answer, with the request's id (see edge.ts requestId). */
export function problemResponse(c: Context, p: ProblemError): Response {
  const retryAfter = PROBLEMS[p.code].retryAfter;
  if (retryAfter !== undefined) setHeader(c, 'Retry-After', String(retryAfter));
  const requestId: string | undefined = c.get('requestId');
  return respond(c, problemBody(p, requestId), p.status, 'application/problem+json');
}

// ------------------------------------------------------------------ the OpenAPI side

/** Every code of the catalogue: a code added to PROBLEMS is in the document at once. */
export const ProblemCodeSchema = z
  .enum(Object.keys(PROBLEMS) as [ProblemCode, ...ProblemCode[]])
  .openapi('ProblemCode', { description: 'The stable machine code of a problem: what went wrong' });

export const ProblemSchema = z
  .object({
    type: z.string().openapi({ description: 'a URI naming the kind of problem' }),
    title: z.string().openapi({ description: "the status code's reason phrase" }),
    status: z.number().int(),
    code: ProblemCodeSchema,
    detail: z.string().openapi({ description: 'what went wrong here, for humans' }),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .openapi({ description: 'on VALIDATION_FAILED: every offending field' }),
    version: z.number().int().optional().openapi({ description: "on VERSION_CONFLICT: the game's current version" }),
    view: ViewSchema.optional().openapi({ description: 'on VERSION_CONFLICT: the current view' }),
    deadline: z.string().optional().openapi({ description: 'on DEADLINE_NOT_REACHED: when the player to move runs out of time' }),
    requestId: z.string().optional().openapi({ description: 'the id of the request (as in X-Request-Id): quote it when you report a problem' }),
  })
  .openapi('Problem', { description: 'An RFC 9457 problem with a stable `code`' });

/** A small, real body of a code's problem (what the service answers, as in the catalogue). */
export function problemExample(code: ProblemCode): Problem {
  const example = EXAMPLES[code];
  return problemBody(new ProblemError(code, example?.detail ?? PROBLEMS[code].description, example?.extra));
}

interface ProblemResponse {
  description: string;
  headers?: Record<string, { description: string; schema: { type: 'integer' | 'string'; minimum?: number } }>;
  content: {
    'application/problem+json': { schema: typeof ProblemSchema; examples: Record<string, { summary: string; value: Problem }> };
  };
}

/** The Retry-After header of every 503, as documented. */
export const RETRY_AFTER_HEADER = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' as const, minimum: 0 } },
};

/** The headers that come with a refusal of this status (503: those with a retryAfter). */
const HEADERS: Partial<Record<number, ProblemResponse['headers']>> = {
  429: {
    'Retry-After': { description: 'seconds until the budget has room again', schema: { type: 'integer' } },
    RateLimit: { description: 'what is left of the budget, and when it resets (IETF RateLimit header fields)', schema: { type: 'string' } },
    'RateLimit-Policy': { description: 'the budget: requests (q) per window in seconds (w)', schema: { type: 'string' } },
  },
};

/** The codes behind each generated problem response (see documentEdgeProblems). */
const CODES = new WeakMap<object, readonly ProblemCode[]>();

/** The error responses of an operation that can answer `codes`: one per status, naming each code. */
export function problemResponses(...codes: ProblemCode[]): Record<number, ProblemResponse> {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of new Set(codes)) {
    const status = PROBLEMS[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<number, ProblemResponse> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const response: ProblemResponse = {
      description: list.map((c) => `${c}: ${PROBLEMS[c].description}`).join('; '),
      ...(HEADERS[status] ? { headers: HEADERS[status] } : list.some((c) => PROBLEMS[c].retryAfter !== undefined) ? { headers: RETRY_AFTER_HEADER } : {}),
      content: {
        'application/problem+json': {
          schema: ProblemSchema,
          examples: Object.fromEntries(
            list.map((c) => [
              c,
              {
                summary: PROBLEMS[c].description,
                // Read when the document is made, after every feature told its examples.
                get value() {
                  return problemExample(c);
                },
              },
            ]),
          ),
        },
      },
    };
    CODES.set(response, list);
    out[status] = response;
  }
  return out;
}

/** The codes an operation's responses document (those made by problemResponses). */
export function documentedCodes(responses: Record<string, unknown>): ProblemCode[] {
  return Object.values(responses).flatMap((r) => (r && typeof r === 'object' ? (CODES.get(r) ?? []) : []));
}
