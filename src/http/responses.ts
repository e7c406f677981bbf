// The OpenAPI description of error answers, so every route documents its problems.
import { ProblemSchema } from './schemas.ts';

const DESCRIPTIONS: Record<number, string> = {
  400: 'Malformed JSON or a body/query that fails the schema (VALIDATION_FAILED, MALFORMED_JSON)',
  401: 'No, bad or expired token (INVALID_TOKEN, TOKEN_EXPIRED)',
  403: 'Not your seat or game (NOT_A_PLAYER, SEAT_RESERVED)',
  404: 'No such game (GAME_NOT_FOUND) or record not yet available (RECORD_NOT_AVAILABLE)',
  409: 'Version conflict (VERSION_CONFLICT, with the current view), seat taken (SEAT_TAKEN)',
  413: 'Body over 16 KiB (PAYLOAD_TOO_LARGE)',
  415: 'A body that is not application/json (UNSUPPORTED_MEDIA_TYPE)',
  422: "A move the rules reject: the engine's code (NOT_YOUR_TURN, ILLEGAL_CARD, MUST_FOLLOW_SUIT, WRONG_PHASE, …) or IDEMPOTENCY_KEY_REUSED",
  503: 'Too many waiting clients on this process (TOO_MANY_WAITERS) or database unavailable',
};

export function problems(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: DESCRIPTIONS[s] ?? 'Error', content: { 'application/problem+json': { schema: ProblemSchema } } },
    ]),
  );
}

/** One problem answer with the codes a route gives for it, when the generic text is too vague. */
export function problem(description: string) {
  return { description, content: { 'application/problem+json': { schema: ProblemSchema } } };
}

type Security = Record<string, string[]>[];
export const bearer: Security = [{ bearerAuth: [] }];
/** Reads work without a token (spectator view) and show more with one. */
export const optionalBearer: Security = [{ bearerAuth: [] }, {}];
