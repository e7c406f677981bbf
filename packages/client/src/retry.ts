// Retries as the service asks for them. `429 RATE_LIMITED` and `503` (TOO_MANY_WAITERS, a
// database away) are waited out for `Retry-After` (seconds or an HTTP date), or with capped
// exponential backoff when the answer names no time. A `409` is retried only when it carries
// `Retry-After` — the service's sign that the conflict is passing; a `409 VERSION_CONFLICT` with
// the current view is the caller's to decide again from, never sent blindly a second time.
// Only a request that is safe to repeat is retried at all: GET/HEAD, or one with an
// `Idempotency-Key` (the service answers a repeat with the first answer; the client's moves and
// create calls carry one by default). A write without one (joining, calling off, a create sent
// with keys turned off) gets its 429, 503 or network failure back: a 503 does not say the write
// was not made, and a second attempt could make a second player, game or match.

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  /** The first backoff step when the service names no time; doubled per attempt. */
  baseDelayMs: number;
  /** Backoff never waits longer than this. */
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the answer goes to the caller. */
  maxRetryAfterMs: number;
}

/**
 * 10 retries: a Postgres failover (docs/operations.md, high availability) is answered 503 with
 * Retry-After 1 for up to ~15 s, some of them at once (a write refused by a node turning standby);
 * ten waits of a second or more outlast it, where four did not.
 */
export const DEFAULT_RETRY: RetryPolicy = { retries: 10, baseDelayMs: 200, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 };

/** The waits a retrying fetch depends on; tests give their own. */
export interface Clock {
  sleep: (ms: number, signal?: AbortSignal | null) => Promise<void>;
  random: () => number;
  now: () => number;
}

export const realClock: Clock = {
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(abortError(signal));
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        // biome-ignore lint/style/noNonNullAssertion: the listener is added only when there is a signal
        reject(abortError(signal!));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
  random: Math.random,
  now: Date.now,
};

function abortError(signal: AbortSignal): unknown {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted.', 'AbortError');
}

/** `Retry-After` in ms: delay-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | null {
  if (header === null || header === undefined) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its weekday or month (Date.parse alone would read "-1" as a year).
  const at = /[A-Za-z]/.test(text) ? Date.parse(text) : NaN;
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Full-jitter exponential backoff: uniform in [0, min(max, base · 2^attempt)]. */
export function backoffMs(attempt: number, policy: RetryPolicy, random = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(random() * ceiling);
}

/**
 * How long to wait before retrying an answer (`attempt` = retries made so far), or null when it
 * is not to be retried: not a retryable status, retries used up, or a wait past the cap.
 */
export function retryDelay(
  status: number,
  retryAfter: string | null,
  attempt: number,
  policy: RetryPolicy,
  clock: Pick<Clock, 'random' | 'now'> = realClock,
): number | null {
  if (attempt >= policy.retries) return null;
  const asked = retryAfterMs(retryAfter, clock.now());
  if (status === 409 && asked === null) return null;
  if (status !== 409 && status !== 429 && status !== 503) return null;
  if (asked !== null) return asked <= policy.maxRetryAfterMs ? asked : null;
  return backoffMs(attempt, policy, clock.random);
}

/** The parts of a request a retrying fetch reads: WHATWG `Request`, or the bots' plain one. */
export interface RequestLike {
  method: string;
  headers: { get(name: string): string | null };
  signal?: AbortSignal | null;
  /** A WHATWG Request's body can be read once: each attempt sends a clone. */
  clone?: () => unknown;
}
export interface ResponseLike {
  status: number;
  headers: { get(name: string): string | null };
}

const safeToRepeat = (r: RequestLike) => r.method === 'GET' || r.method === 'HEAD' || r.headers.get('idempotency-key') !== null;

/** `fetch` with the retries above; the last answer (or error) goes to the caller. */
export function retryingFetch<Req extends RequestLike, Res extends ResponseLike>(
  fetch: (request: Req) => Promise<Res>,
  policy: RetryPolicy = DEFAULT_RETRY,
  clock: Clock = realClock,
): (request: Req) => Promise<Res> {
  return async (request) => {
    for (let attempt = 0; ; attempt++) {
      const sent = (typeof request.clone === 'function' ? request.clone() : request) as Req;
      let response: Res;
      try {
        response = await fetch(sent);
      } catch (e) {
        if (request.signal?.aborted || attempt >= policy.retries || !safeToRepeat(request) || !isNetworkError(e)) throw e;
        await clock.sleep(backoffMs(attempt, policy, clock.random), request.signal);
        continue;
      }
      const wait = safeToRepeat(request) ? retryDelay(response.status, response.headers.get('retry-after'), attempt, policy, clock) : null;
      if (wait === null) return response;
      await discard(response);
      await clock.sleep(wait, request.signal);
    }
  };
}

/** fetch's TypeError ("fetch failed", "Failed to fetch") or a socket error, not an abort or a bug. */
function isNetworkError(e: unknown): boolean {
  if (!(e instanceof Error) || e.name === 'AbortError') return false;
  return e instanceof TypeError || typeof (e as { code?: unknown }).code === 'string';
}

/** Lets go of an answer that will not be read (its connection goes back to the pool). */
async function discard(response: ResponseLike): Promise<void> {
  const body = (response as { body?: { cancel?: () => Promise<void> } | null }).body;
  try {
    await body?.cancel?.();
  } catch {
    // nothing to free
  }
}
