// Create calls (POST /v1/players, /v1/games, /v1/matches, /v1/seeks) made safe to send again, by
// the rule of idempotency.ts: with an `Idempotency-Key` header, a repeat by the same caller with
// the same body gets the first answer (its status, body and Location) and makes nothing new; the
// same key with another body is refused (422). A repeat that arrives while the first is still
// being answered waits for it a little, then gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After.
// The answer kept is the first one, even when what was made has changed since (a seek paired
// after it was answered `waiting`): the resource's own GET says how it is now.
//
// What it does not cover: the key is taken, the create runs, then the answer is kept: three
// statements, not one transaction. A process that dies between the create and keeping its answer
// leaves the key under way; a repeat takes it over after STALE_MS and creates again.
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { CreateAnswerStore, CreateKey } from '../db/create-answers.ts';
import { scrubbedMessage } from '../db/errors.ts';
import type { Logger } from '../log.ts';
import type { AppEnv } from './env.ts';
import { callerOf, keyInUse, requestHash, sameRequest } from './idempotency.ts';
import { respond, setHeader } from './reply.ts';

/** How long a repeat waits for the first request's answer before it is told to come back. */
const WAIT_MS = 2_000;
const POLL_MS = 50;
/** A key under way for this long without an answer was left by a create that never finished. */
const STALE_MS = 60_000;

/** What a create made: the answer's body and the new resource's address. */
export interface Created<T> {
  body: T;
  location: string;
}

/**
 * How an operation keeps its answer when the answer holds what must not be stored (a new player's
 * token): `keep` takes what may be stored, `restore` makes the answer again from it.
 */
export interface Keeping<T, K> {
  keep: (body: T) => K;
  restore: (kept: K) => Promise<T>;
}

export interface IdempotentCreates {
  store: CreateAnswerStore;
  log: Logger;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Answers a create call (201 with Location): made by `make`, or, for a repeat of a key, the answer
 * kept the first time. `request` is what was asked (the validated body), to tell a repeat from
 * another request under the same key.
 */
export async function idempotentCreate<T, K = T>(
  c: Context<AppEnv>,
  { store, log }: IdempotentCreates,
  operation: string,
  request: unknown,
  make: () => Promise<Created<T>>,
  keeping?: Keeping<T, K>,
): Promise<Response & TypedResponse<JSONParsed<T>, 201, 'json'>> {
  const answer = (body: T, location: string) => {
    setHeader(c, 'Location', location);
    return respond(c, body, 201);
  };
  const key = c.req.header('idempotency-key');
  if (key === undefined) {
    const made = await make();
    return answer(made.body, made.location);
  }

  const id: CreateKey = { caller: callerOf(c), operation, key };
  // A create's path names no resource yet: the body is the whole request.
  const hash = requestHash(operation, [], request);
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const held = await store.take(id, hash, new Date(Date.now() - STALE_MS));
    if (!held) break;
    sameRequest(held.requestHash, hash);
    if (held.status !== 0 && held.body !== null && held.location !== null) {
      const kept = JSON.parse(held.body) as K;
      // Without `keeping`, K is T: the body itself was kept.
      return answer(keeping ? await keeping.restore(kept) : (kept as unknown as T), held.location);
    }
    if (Date.now() >= until) throw keyInUse();
    await sleep(POLL_MS);
  }

  let made: Created<T>;
  try {
    made = await make();
  } catch (e) {
    // Refused or failed: nothing to keep, and a repeat may try again.
    await store.release(id).catch(() => {});
    throw e;
  }
  const kept = keeping ? keeping.keep(made.body) : made.body;
  try {
    await store.fill(id, { status: 201, body: JSON.stringify(kept), location: made.location });
  } catch (e) {
    // The thing is made: its maker gets it. A repeat finds the key under way (then stale).
    log.error({ requestId: c.get('requestId'), event: 'createAnswerNotKept', operation, message: scrubbedMessage(e) });
  }
  return answer(made.body, made.location);
}
