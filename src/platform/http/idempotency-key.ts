// The `Idempotency-Key` header of the create calls, as the document describes it (the handling is
// in idempotent-create.ts).
import { z } from '@hono/zod-openapi';
import { storedText } from './schemas.ts';

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
  ' An optional `Idempotency-Key` header makes a retry safe (after a lost answer, a 503 or a timeout): a repeat by the same caller (the token\'s player, or the address without a token) with the same key and body gets the first answer — its status, body and `Location` — and creates nothing; the same key with another body answers 422 IDEMPOTENCY_KEY_REUSED; a repeat while the first is still being answered gets 409 IDEMPOTENCY_KEY_IN_USE with `Retry-After`. Keys are kept for IDEMPOTENCY_TTL_SECONDS (a day by default).';
