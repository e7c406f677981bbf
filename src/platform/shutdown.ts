// How a running service stops: the requests it is answering counted, and the graceful shutdown
// (SIGTERM, SIGINT) that lets them finish. app/server.ts wires both to the service it starts.
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';

/** How long a shutting-down process keeps idle connections open after the last answer. */
const LINGER_MS = 250;

export interface InFlight {
  /** Requests being answered now (streams included). */
  count(): number;
  /** Resolves when no request is being answered. */
  allAnswered(): Promise<void>;
}

/** Counts the requests of `http` from their arrival to the close of their answer. */
export function countRequests(http: Server): InFlight {
  let active = 0;
  let idle: (() => void) | null = null;
  http.on('request', (_req, res) => {
    active++;
    res.once('close', () => {
      active--;
      if (active === 0) idle?.();
    });
  });
  return {
    count: () => active,
    allAnswered: () => new Promise<void>((resolve) => (active === 0 ? resolve() : (idle = resolve))),
  };
}

/** What a shutdown stops, besides the server. */
export interface Stoppable {
  /** Says "no new work" from now on (requests are answered 503 SHUTTING_DOWN). */
  stopTakingWork(): void;
  notifier: { drain(): void; close(): Promise<void> };
  sweeper: { stop(): Promise<void> };
  /** Closes the database (nothing when it was handed in and belongs to the caller). */
  closeDatabase(): Promise<void>;
}

/**
 * The graceful shutdown: takes no new work and says not ready; lets waiters go (a long poll
 * answers what it has, a stream ends with a `retry:` hint); lets the requests in flight finish
 * (and with them the group commits they wait for); then stops listening, answers what came in
 * on the connections accepted meanwhile, sends the last announcements, closes the connections
 * and the database. True when all of it took less than `timeoutMs`; else the connections are cut
 * at `timeoutMs` and it resolves false.
 */
export async function shutdownGracefully(http: Server, inFlight: InFlight, service: Stoppable, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const late = () => new Promise<false>((resolve) => timers.add(setTimeout(() => resolve(false), Math.max(0, deadline - performance.now()))));
  // From now on no new work: a request is answered 503 SHUTTING_DOWN (Retry-After, Connection:
  // close), on an open connection or a new one. The listening socket stays open until the
  // requests in flight are done: closing it now would reset the connections the kernel (or the
  // cluster's primary) has accepted but not yet handed over, and http.Server.close() would also
  // close idle keep-alive connections a client may be sending a request on right now.
  service.stopTakingWork();
  service.notifier.drain();
  const sweeping = service.sweeper.stop();
  // Every request answered, and none more for a moment: a request a client sent on an open
  // connection just as the last answer left is answered too (503) rather than cut off.
  const settled = async () => {
    do {
      await inFlight.allAnswered();
      await new Promise((r) => setTimeout(r, LINGER_MS));
    } while (inFlight.count() > 0);
    return true as const;
  };
  let clean = await Promise.race([settled(), late()]);
  NetServer.prototype.close.call(http);
  // A connection accepted just before the close may send its request only now: it is answered
  // too (503, Connection: close) before the rest are cut, rather than reset unanswered.
  if (clean) clean = await Promise.race([settled(), late()]);
  for (const timer of timers) clearTimeout(timer);
  http.closeAllConnections();
  // The last announcements, then the pools, in what is left of the time (at least a moment).
  const inTime = (work: Promise<unknown>) => Promise.race([work, new Promise((r) => setTimeout(r, Math.max(100, deadline - performance.now())))]);
  await inTime(sweeping);
  await inTime(service.notifier.close());
  await inTime(service.closeDatabase());
  return clean && performance.now() <= deadline;
}
