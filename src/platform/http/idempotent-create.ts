// Create calls (POST /v1/players, /v1/games, /v1/matches, /v1/seeks, /v1/tournaments) made safe to send again, by
// the rule of idempotency.ts: with an `Idempotency-Key` header, a repeat by the same caller with
// the same body gets the first answer (its status, body and Location) and makes nothing new; the
// same key with another body is refused (422). A repeat that arrives while the first is still
// being answered waits for it a little, then gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After.
// The answer kept is the first one, even when what was made has changed since (a seek paired
// after it was answered `waiting`): the resource's own GET says how it is now.
//
// The create is told the id to give what it makes, chosen when the key is taken and kept with it.
// Taking the key, the create and keeping its answer are three statements, not one transaction: when
// the database goes away between the create's commit and keeping its answer (a failover, a crash),
// a repeat finds the key under way and looks for what was made by that id; found, it is the answer
// (as it is now, as its GET would say). A create that never committed leaves the key under way
// until STALE_MS, when a repeat takes it over and makes it, with the same id.
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { CreateAnswerStore, CreateKey } from '../db/create-answers.ts';
import { scrubbedMessage } from '../db/errors.ts';
import { DomainError } from '../errors.ts';
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

/** One create call: what it is, how to make it, and how to find what an earlier try made. */
export interface CreateCall<T, K = T> {
  /** The operation's name, part of the key. */
  operation: string;
  /** What was asked (the validated body), to tell a repeat from another request under the same key. */
  request: unknown;
  /** Makes the thing, giving it the id `id`. */
  make: (id: string) => Promise<Created<T>>;
  /** The answer for what a create with the id `id` made, as it is now; null when it made nothing. */
  find: (id: string) => Promise<Created<T> | null>;
  keeping?: Keeping<T, K>;
}

/** `find`'s usual shape: the resource's read, with its NOT_FOUND refusal read as "nothing made". */
export async function foundOrNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (e) {
    if (e instanceof DomainError && e.code.endsWith('_NOT_FOUND')) return null;
    throw e;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How often a repeat that finds the key under way looks for what the first try made. */
const LOOK_MS = 500;

/**
 * Answers a create call (201 with Location): made by `make`, or, for a repeat of a key, the answer
 * kept the first time (or what the first time made, when its answer was never kept).
 */
export async function idempotentCreate<T, K = T>(
  c: Context<AppEnv>,
  { store, log }: IdempotentCreates,
  { operation, request, make, find, keeping }: CreateCall<T, K>,
): Promise<Response & TypedResponse<JSONParsed<T>, 201, 'json'>> {
  const answer = (body: T, location: string) => {
    setHeader(c, 'Location', location);
    return respond(c, body, 201);
  };
  const key = c.req.header('idempotency-key');
  if (key === undefined) {
    const made = await make(crypto.randomUUID());
    return answer(made.body, made.location);
  }

  const id: CreateKey = { caller: callerOf(c), operation, key };
  const keep = async (made: Created<T>) => {
    const kept = keeping ? keeping.keep(made.body) : made.body;
    try {
      await store.fill(id, { status: 201, body: JSON.stringify(kept), location: made.location });
    } catch (e) {
      // The thing is made: its maker gets it. A repeat finds it by the key's id.
      log.error({ requestId: c.get('requestId'), event: 'createAnswerNotKept', operation, message: scrubbedMessage(e) });
    }
    return answer(made.body, made.location);
  };
  // A create's path names no resource yet: the body is the whole request.
  const hash = requestHash(operation, [], request);
  const until = Date.now() + WAIT_MS;
  let lookAfter = 0;
  let resourceId: string;
  for (;;) {
    const held = await store.take(id, hash, new Date(Date.now() - STALE_MS), crypto.randomUUID());
    if (held.taken) {
      resourceId = held.resourceId;
      break;
    }
    const row = held.row;
    sameRequest(row.requestHash, hash);
    if (row.status !== 0 && row.body !== null && row.location !== null) {
      const kept = JSON.parse(row.body) as K;
      // Without `keeping`, K is T: the body itself was kept.
      return answer(keeping ? await keeping.restore(kept) : (kept as unknown as T), row.location);
    }
    // Under way: made and committed, its answer not kept (the database went away in between)?
    if (row.resourceId !== null && Date.now() >= lookAfter) {
      lookAfter = Date.now() + LOOK_MS;
      const found = await find(row.resourceId);
      if (found) return keep(found);
    }
    if (Date.now() >= until) throw keyInUse();
    await sleep(POLL_MS);
  }

  // A key taken over from a try that left it under way: that try may have made it after all.
  const found = await find(resourceId);
  if (found) return keep(found);
  let made: Created<T>;
  try {
    made = await make(resourceId);
  } catch (e) {
    // Refused or failed: nothing to keep, and a repeat may try again.
    await store.release(id).catch(() => {});
    throw e;
  }
  return keep(made);
}
