// The problem catalogue: every code this service answers with its HTTP status and a one-line
// description. Errors become RFC 9457 problem+json from it, and the OpenAPI error responses of
// every route are made from it (each route names the codes it can answer).
//
// The platform declares its own codes here (PLATFORM_PROBLEMS: the edge's, auth's, the cursor's,
// the idempotency keys', the capacity the platform guards); each feature declares its own in
// src/<feature>/refusals.ts; the app composes the whole catalogue (src/app/problems.ts) and hands
// it here (useProblems), with the fields features add to a problem (a VERSION_CONFLICT's view).
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AuthErrorCode } from '../auth/errors.ts';
import type { DomainErrorCode, PlatformRefusalCode } from '../errors.ts';
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

/** A code's entry in the catalogue. */
export interface ProblemEntry {
  status: ContentfulStatusCode;
  /**
   * Where the code stands among the codes of its status in the catalogue (the document's
   * ProblemCode enum): the composed catalogue is ordered by status, then rank, then code.
   */
  rank: number;
  description: string;
  /** Seconds a client waits before it tries again (the Retry-After header; every 503 has one). */
  retryAfter?: number;
  /** What the example of the code's problem says, where the description is not what the service says. */
  example?: { detail: string; extra?: Record<string, unknown> };
}

/** A part of the catalogue: the platform's, or a feature's refusals (src/<feature>/refusals.ts). */
export type Problems<C extends string = string> = Record<C, ProblemEntry>;

/** The platform's own codes: what the edge, auth, the cursors, the idempotency keys and the platform's capacity refuse. */
export const PLATFORM_PROBLEMS = {
  // The edge's (problems the HTTP layer answers before or around any use case).
  VALIDATION_FAILED: {
    status: 400,
    rank: 1,
    description: 'a path, query, header or body that fails the schema (the fields in `errors`)',
    example: {
      detail: 'expectedVersion: Too small: expected number to be >=0',
      extra: { errors: [{ path: 'expectedVersion', message: 'Too small: expected number to be >=0' }] },
    },
  },
  MALFORMED_JSON: { status: 400, rank: 2, description: 'the body is not valid JSON' },
  MALFORMED_REQUEST: { status: 400, rank: 4, description: 'bytes that are no HTTP request (answered by the server before any route)' },
  NOT_FOUND: { status: 404, rank: 1, description: 'no such route' },
  WEB_CLIENT_NOT_BUILT: { status: 404, rank: 7, description: 'the web client is not built here: run npm run build' },
  METHOD_NOT_ALLOWED: { status: 405, rank: 1, description: 'the path exists, but not for this method (the ones it takes are in `Allow`)' },
  REQUEST_TIMEOUT: { status: 408, rank: 1, description: 'the request headers or body did not arrive in time (HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS)' },
  PAYLOAD_TOO_LARGE: { status: 413, rank: 1, description: 'a body over 16 KiB' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, rank: 1, description: 'a body that is not application/json' },
  RATE_LIMITED: { status: 429, rank: 6, description: 'too many requests: wait as `Retry-After` says (the budget is in `RateLimit-Policy`, what is left in `RateLimit`)' },
  HEADERS_TOO_LARGE: { status: 431, rank: 1, description: 'request headers over 16 KiB' },
  INTERNAL: { status: 500, rank: 1, description: 'something went wrong on the service’s side' },
  // Auth's (platform/auth).
  INVALID_TOKEN: {
    status: 401,
    rank: 1,
    description: 'no token where one is needed, or a malformed, forged or foreign one',
    example: { detail: 'this call needs a bearer token' },
  },
  TOKEN_EXPIRED: { status: 401, rank: 2, description: 'the token has expired' },
  TOKEN_REVOKED: { status: 401, rank: 3, description: 'the token was revoked (by its player, a password change or the account’s deletion)' },
  INSUFFICIENT_SCOPE: {
    status: 403,
    rank: 7,
    description: 'the token lacks the scope this call needs: `play` for a write (a `read` token may only read), `account` for the account’s own calls (a bot’s or an app’s token may not)',
  },
  IDENTITY_PROVIDER_UNAVAILABLE: { status: 503, rank: 5, retryAfter: 5, description: 'the external identity provider’s key set could not be fetched; retry after Retry-After' },
  // A page's cursor (platform/db/cursor.ts).
  INVALID_CURSOR: { status: 400, rank: 3, description: 'a cursor this service did not hand out' },
  // The Idempotency-Key (http/idempotency.ts).
  IDEMPOTENCY_KEY_IN_USE: { status: 409, rank: 7, retryAfter: 1, description: 'a request with this Idempotency-Key is still being answered; retry after Retry-After for its answer' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, rank: 13, description: 'this Idempotency-Key was used with another request' },
  // The platform's capacity: its waiters (streams/waiters.ts), the database, a shutdown.
  TOO_MANY_WAITERS: { status: 503, rank: 1, retryAfter: 1, description: 'this process (or you, on it) holds too many waiting requests; retry after Retry-After' },
  DATABASE_UNAVAILABLE: {
    status: 503,
    rank: 4,
    retryAfter: 1,
    description:
      'the database is away or did not answer in time; a write may or may not have been made: retry after Retry-After with the same Idempotency-Key or expectedVersion',
  },
  SHUTTING_DOWN: { status: 503, rank: 6, retryAfter: 1, description: 'this process is shutting down; retry after Retry-After (on a new connection)' },
} satisfies Problems<EdgeCode | AuthErrorCode | PlatformRefusalCode>;

/** Retry-After of the 503 answers that are no problem+json (`/readyz`). */
export const RETRY_AFTER_SECONDS = 1;

export interface Problem {
  type: string;
  title: string;
  status: number;
  code: ProblemCode;
  detail: string;
  [extra: string]: unknown;
}

// ------------------------------------------------------------------ the catalogue in use

/** Every problem's fields but those features add (`errors` on VALIDATION_FAILED is the edge's). */
const problemFields = (code: z.ZodType, added: z.ZodRawShape) => ({
  type: z.string().openapi({ description: 'a URI naming the kind of problem' }),
  title: z.string().openapi({ description: "the status code's reason phrase" }),
  status: z.number().int(),
  code,
  detail: z.string().openapi({ description: 'what went wrong here, for humans' }),
  errors: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .openapi({ description: 'on VALIDATION_FAILED: every offending field' }),
  ...added,
  requestId: z.string().optional().openapi({ description: 'the id of the request (as in X-Request-Id): quote it when you report a problem' }),
});

interface Catalogue {
  problems: Readonly<Partial<Problems<ProblemCode>>>;
  /** The document's ProblemCode: every code of the catalogue, in its order. */
  codeSchema: z.ZodType<ProblemCode>;
  /** The document's Problem: the platform's fields and those the features add. */
  problemSchema: z.ZodType;
}

function catalogueOf(problems: Readonly<Partial<Problems<ProblemCode>>>, added: z.ZodRawShape): Catalogue {
  const codes = Object.keys(problems) as [ProblemCode, ...ProblemCode[]];
  const codeSchema = z.enum(codes).openapi('ProblemCode', { description: 'The stable machine code of a problem: what went wrong' });
  const problemSchema = z.object(problemFields(codeSchema, added)).openapi('Problem', { description: 'An RFC 9457 problem with a stable `code`' });
  return { problems, codeSchema, problemSchema };
}

/** The platform's codes alone, until the app hands over the whole catalogue. */
let catalogue: Catalogue | null = null;
const current = (): Catalogue => (catalogue ??= catalogueOf(PLATFORM_PROBLEMS, {}));

/**
 * The whole catalogue, as the app composes it (src/app/problems.ts): every code the service
 * answers, and the fields features add to a problem (the view a VERSION_CONFLICT carries).
 */
export function useProblems(problems: Readonly<Problems<ProblemCode>>, added: z.ZodRawShape): void {
  catalogue = catalogueOf(problems, added);
}

/** A code's entry in the catalogue in use. */
export function problemOf(code: ProblemCode): ProblemEntry {
  const entry = current().problems[code];
  if (!entry) throw new Error(`${code} is in no problem catalogue (the app composes them: src/app/problems.ts)`);
  return entry;
}

/** The document's ProblemCode, as the catalogue in use has it (read when a message's schema is generated or parsed). */
export const ProblemCodeSchema: z.ZodType<ProblemCode> = z.lazy(() => current().codeSchema);

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
    this.status = problemOf(code).status;
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
  const retryAfter = problemOf(p.code).retryAfter;
  if (retryAfter !== undefined) setHeader(c, 'Retry-After', String(retryAfter));
  const requestId: string | undefined = c.get('requestId');
  return respond(c, problemBody(p, requestId), p.status, 'application/problem+json');
}

// ------------------------------------------------------------------ the OpenAPI side

/** A small, real body of a code's problem (what the service answers, as in the catalogue). */
export function problemExample(code: ProblemCode): Problem {
  const { example, description } = problemOf(code);
  return problemBody(new ProblemError(code, example?.detail ?? description, example?.extra));
}

interface ProblemResponse {
  description: string;
  headers?: Record<string, { description: string; schema: { type: 'integer' | 'string'; minimum?: number } }>;
  content: {
    'application/problem+json': { schema: z.ZodType; examples: Record<string, { summary: string; value: Problem }> };
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

/** Where a route's responses keep the codes it names (see problemResponses). */
const NAMED = Symbol('the problem codes a route names');

/** The codes a route's responses name, until the app makes them into its error responses. */
export interface NamedProblems {
  readonly [NAMED]: readonly ProblemCode[];
}

/**
 * The error responses of an operation that can answer `codes`: spread into a route's responses,
 * they name the codes; the app makes them responses (one per status, naming each code) when it
 * documents its routes (documentEdgeProblems), from the whole catalogue: a route may name a code
 * of a feature it cannot import (ratings' PLAYER_NOT_FOUND), and the Problem schema has the
 * fields of every feature.
 */
export function problemResponses(...codes: ProblemCode[]): NamedProblems {
  return { [NAMED]: codes };
}

/** The codes a route's responses name (problemResponses), and its other responses. */
export function namedProblems<T extends object>(responses: T): { codes: readonly ProblemCode[]; others: T } {
  const { [NAMED]: codes = [], ...others } = responses as T & Partial<NamedProblems>;
  return { codes, others: others as T };
}

/** The error responses of `codes`, from the catalogue in use: one per status, naming each code. */
export function errorResponses(...codes: ProblemCode[]): Record<number, ProblemResponse> {
  const { problemSchema } = current();
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of new Set(codes)) {
    const status = problemOf(code).status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<number, ProblemResponse> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[status] = {
      description: list.map((c) => `${c}: ${problemOf(c).description}`).join('; '),
      ...(HEADERS[status] ? { headers: HEADERS[status] } : list.some((c) => problemOf(c).retryAfter !== undefined) ? { headers: RETRY_AFTER_HEADER } : {}),
      content: {
        'application/problem+json': {
          schema: problemSchema,
          examples: Object.fromEntries(list.map((c) => [c, { summary: problemOf(c).description, value: problemExample(c) }])),
        },
      },
    };
  }
  return out;
}
