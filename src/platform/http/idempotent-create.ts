// Create calls (POST /v1/players, /v1/games, /v1/matches, /v1/seeks, /v1/tournaments) made safe to send again, by
// the rule of idempotency.ts: with an `Idempotency-Key` header, a repeat by the same caller with
// the same body gets the first answer (its status, body and Location) and makes nothing new; the
// same key with another body is refused (422). A repeat that arrives while the first is still
// being answered waits for it a little, then gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After.
// The answer kept is the first one, even when what was made has changed since (a seek paired
// after it was answered `waiting`): the resource's own GET says how it is now.
//
// The create is told the id to give what it makes, chosen when the key is taken and kept with it.
// Taking the key, the create and keeping its answer are three statements, not one transaction, and
// the key is held (a lock of its process's database session, db/key-locks.ts) from taking it to
// keeping the answer. A repeat that finds the key held waits for the answer a little; one that finds
// it under way and held by nobody knows the try that took it is gone (its process died, or the
// database went away: a failover, a crash) and takes it over at once: it looks for what was made by
// the key's id (made and committed, its answer not kept: that is the answer, as it is now, as its
// GET would say), else makes it with that id. A create that was refused lets go of its key; one that
// failed otherwise (the database away) leaves it under way with its id, since it may have committed.
// Two tries that make with one id (a holder taken for gone while at work: its lock session lost)
// cannot both make: the id is the new row's primary key, and the loser answers with what was made.
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { CreateAnswerStore, CreateKey } from '../db/create-answers.ts';
import { unavailableOf } from '../db/availability.ts';
import { scrubbedMessage } from '../db/errors.ts';
import { DomainError } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { AppEnv } from './env.ts';
import { callerOf, keyInUse, requestHash, sameRequest } from './idempotency.ts';
import { respond, setHeader } from './reply.ts';

/** How long a repeat waits for the first request's answer before it is told to come back. */
const WAIT_MS = 2_000;
const POLL_MS = 50;

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

/** Nothing was made: a refusal (4xx), not the database away nor an error that may follow a commit. */
const refused = (e: unknown) => e instanceof DomainError && unavailableOf(e) === null;

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
  for (;;) {
    const held = await store.take(id, hash, crypto.randomUUID());
    if (held.taken) {
      try {
        return await run(held.resourceId, held.fresh);
      } finally {
        await held.letGo();
      }
    }
    const row = held.row;
    if (row) {
      sameRequest(row.requestHash, hash);
      if (row.status !== 0 && row.body !== null && row.location !== null) {
        const kept = JSON.parse(row.body) as K;
        // Without `keeping`, K is T: the body itself was kept.
        return answer(keeping ? await keeping.restore(kept) : (kept as unknown as T), row.location);
      }
    }
    // Held by a request at work on it: its answer comes soon.
    if (Date.now() >= until) throw keyInUse();
    await sleep(POLL_MS);
  }

  /** The create under the key taken, with the id it holds; `fresh`: no try before this one. */
  async function run(resourceId: string, fresh: boolean) {
    // A key taken over from a try that left it under way: that try may have made it after all.
    const found = fresh ? null : await find(resourceId);
    if (found) return keep(found);
    let made: Created<T>;
    try {
      made = await make(resourceId);
    } catch (e) {
      if (refused(e)) {
        // Nothing to keep, and a repeat may try again.
        await store.release(id).catch(() => {});
        throw e;
      }
      // Made by another try with this id meanwhile (the make lost to its primary key)?
      const other = await find(resourceId).catch(() => null);
      if (other) return keep(other);
      // Maybe made (committed as the database went away): the key stays under way with its id.
      throw e;
    }
    return keep(made);
  }
}
