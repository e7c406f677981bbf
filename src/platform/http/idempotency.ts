// The one rule for every POST that takes an `Idempotency-Key` (a move; the create calls: players,
// games, matches, seeks), as the code applies it and as the document describes it:
// - a key belongs to its caller (the token's player; without a token, the address the rate limits
//   see) and to its operation;
// - a repeat is the same request when it hashes the same: the operation, the path's ids and the
//   parsed JSON body (`requestHash`); it gets the first answer, and nothing is done again;
// - the same key with another request is refused: 422 IDEMPOTENCY_KEY_REUSED (`sameRequest`);
// - a repeat of a create while the first is still being answered is told to come back: 409
//   IDEMPOTENCY_KEY_IN_USE with Retry-After (`keyInUse`); a move's repeat never is (the move and
//   its answer are written in one statement: a repeat finds the answer, or makes the move);
// - a key is forgotten after IDEMPOTENCY_TTL_SECONDS (the sweeper).
// Where the first answer is kept differs, not the rule: a move keeps it with its append, in the
// group commit's statement (games/run-command.ts, games/guarded-append.ts), so only moves use the
// `idempotency_keys` table and its (player, key) is the move's scope; a create keeps it in
// `create_answers`, taken before the create runs (idempotent-create.ts).
import { createHash } from 'node:crypto';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { DomainError } from '../errors.ts';
import { clientOf } from './edge.ts';
import { storedText } from './schemas.ts';
import type { AppEnv } from './env.ts';

/** Whose key: the token's player, else the address the rate limits see. */
export const callerOf = (c: Context<AppEnv>): string => {
  const player = c.get('player')?.playerId;
  return player ? `player:${player}` : clientOf(c);
};

/**
 * What tells a repeat from another request under the same key: the operation, the path's ids (in
 * the path's order; the operation fixes how many) and the body as validated (its keys in the
 * schema's order, unknown ones dropped), hashed.
 */
export const requestHash = (operation: string, ids: readonly string[], body: unknown): string =>
  createHash('sha256').update(JSON.stringify([operation, ...ids, body])).digest('hex');

/** A kept answer answers a repeat only of the request it was kept for; another request is refused. */
export function sameRequest(keptHash: string, hash: string): void {
  if (keptHash !== hash) throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'this Idempotency-Key was used with another request');
}

/** The first request with this key is still being answered (its answer is not kept yet). */
export const keyInUse = (): DomainError => new DomainError('IDEMPOTENCY_KEY_IN_USE', 'a request with this Idempotency-Key is still being answered');

// ------------------------------------------------------------------ as the document says it

export const CreateIdempotencyHeaders = z.object({
  // Kept in the database: held to what it can store (node's HTTP parser refuses most control
  // characters in a header already, not a tab).
  'idempotency-key': storedText()
    .min(1)
    .max(200)
    .optional()
    .openapi({ description: 'any string you choose per create call (a UUID, say), to retry it safely: a repeat with the same body gets the first answer' }),
});

/** What a create call with a key may be refused with. */
export const IDEMPOTENT_CREATE_CODES = ['IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE'] as const;

/** The sentence every create call's description ends with. */
export const IDEMPOTENT_CREATE_NOTE =
  ' An optional `Idempotency-Key` header makes a retry safe (after a lost answer, a 503 or a timeout): a repeat by the same caller (the token\'s player, or the address without a token) with the same key and body gets the first answer — its status, body and `Location` — and creates nothing; the same key with another body answers 422 IDEMPOTENCY_KEY_REUSED; a repeat while the first is still being answered gets 409 IDEMPOTENCY_KEY_IN_USE with `Retry-After`; when the first answer was lost with the database as the create committed, a repeat gets what it made, as it is now. Keys are kept for IDEMPOTENCY_TTL_SECONDS (a day by default).';
