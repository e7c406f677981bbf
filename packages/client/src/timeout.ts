// A request that is never answered must not hold a player for ever. A connection can be open and
// silent: a process killed while the operating system or node:cluster was handing it the
// connection, a network partition, a proxy that lost its upstream. The socket then neither
// answers nor fails, so each attempt gets a time limit and, past it, fails like a lost connection
// (`code: 'ETIMEDOUT'`): retried when safe to repeat, else the caller's. The service answers
// every request within a few seconds (its database waits are bounded at 5 s), except the long
// poll, which waits up to 30 s for a change before it answers.

/** The longest a long poll (`?waitForVersion=N`) waits before the service answers it. */
export const LONG_POLL_MS = 30_000;

/** The default time for an answer's headers to arrive (a long poll: on top of its wait). */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** What a timed fetch reads of a request; `rebuild` gives the same request with another signal. */
export interface TimedRequest {
  url: string;
  signal?: AbortSignal | null;
}

/** The error of an attempt that had no answer in time (a network failure to the retrying fetch). */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  readonly code = 'ETIMEDOUT';
  constructor(readonly url: string, readonly ms: number) {
    super(`no answer from ${url} within ${ms} ms`);
  }
}

/**
 * `fetch` with a time limit on each call: the answer's headers (a streamed body is then the
 * reader's to watch, see readEventStream's `idleMs`) within `timeoutMs`, plus LONG_POLL_MS for a
 * long poll. Past it the request is aborted and the call throws a `TimeoutError`. The caller's
 * own signal still aborts it as before (an `AbortError`). `rebuild` makes the request anew with
 * the given signal (`(r, signal) => new Request(r, { signal })` for WHATWG requests).
 */
export function timedFetch<Req extends TimedRequest, Res>(
  fetch: (request: Req) => Promise<Res>,
  rebuild: (request: Req, signal: AbortSignal) => Req,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): (request: Req) => Promise<Res> {
  if (timeoutMs <= 0) return fetch;
  return async (request) => {
    const limit = timeoutMs + (/[?&]waitForVersion=/.test(request.url) ? LONG_POLL_MS : 0);
    const own = new AbortController();
    // AbortSignal.any is newer than some browsers the client runs in: the caller's abort is passed on by hand.
    const callers = request.signal ?? undefined;
    const passOn = () => own.abort(callers?.reason);
    if (callers?.aborted) passOn();
    else callers?.addEventListener('abort', passOn, { once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Raced, not only aborted: a transport that does not heed its signal is given up on too.
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new TimeoutError(request.url, limit);
        reject(error);
        own.abort(error);
      }, limit);
    });
    try {
      return await Promise.race([fetch(rebuild(request, own.signal)), late]);
    } finally {
      clearTimeout(timer);
      callers?.removeEventListener('abort', passOn);
    }
  };
}
