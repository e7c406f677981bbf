// Wakes requests waiting for a game to change. The interface lets a cross-process
// implementation (Postgres LISTEN/NOTIFY) replace the in-process one.
import type { Database } from '../db/client.ts';
import { ProblemError } from './problem.ts';

export interface GameNotifier {
  /** Tell every waiter (in every process the implementation reaches) that a game moved on. */
  publish(gameId: string, version: number): Promise<void>;
  /**
   * Resolves true as soon as `gameId` passes `version` (as published), false after `timeoutMs`
   * or when `signal` aborts. Throws a 503 problem past the waiter cap.
   */
  wait(gameId: string, version: number, timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
  /** Whether one more waiter fits under the cap (checked before a stream opens). */
  hasRoom(): boolean;
  close(): Promise<void>;
}

/**
 * Waits until `key` passes `version`: registers with the notifier first, then reads the current
 * version once, so that a change committed in between is never missed.
 */
export async function waitPast(
  notifier: GameNotifier,
  key: string,
  version: number,
  timeoutMs: number,
  readVersion: () => Promise<number | null>,
  signal?: AbortSignal,
): Promise<boolean> {
  const done = new AbortController();
  const onAbort = () => done.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const moved = notifier.wait(key, version, timeoutMs, done.signal);
    const current = await readVersion();
    if (current !== null && current > version) {
      done.abort();
      await moved;
      return true;
    }
    return await moved;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

type Waiter = { version: number; wake: (moved: boolean) => void };

/** Waiters registry shared by implementations: one map per process, capped. */
export class Waiters {
  private readonly byGame = new Map<string, Set<Waiter>>();
  private count = 0;
  constructor(private readonly max: number) {}

  get size(): number {
    return this.count;
  }

  hasRoom(): boolean {
    return this.count < this.max;
  }

  notify(gameId: string, version: number): void {
    const set = this.byGame.get(gameId);
    if (!set) return;
    for (const w of set) if (version > w.version) w.wake(true);
  }

  wait(gameId: string, version: number, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    if (this.count >= this.max)
      throw new ProblemError(503, 'TOO_MANY_WAITERS', 'this server holds too many waiting requests; retry shortly');
    return new Promise<boolean>((resolve) => {
      let set = this.byGame.get(gameId);
      if (!set) this.byGame.set(gameId, (set = new Set()));
      const waiter: Waiter = {
        version,
        wake: (moved) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          if (set!.delete(waiter)) this.count--;
          if (set!.size === 0) this.byGame.delete(gameId);
          resolve(moved);
        },
      };
      const onAbort = () => waiter.wake(false);
      const timer = setTimeout(() => waiter.wake(false), timeoutMs);
      set.add(waiter);
      this.count++;
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) onAbort();
    });
  }

  wakeAll(): void {
    for (const set of this.byGame.values()) for (const w of [...set]) w.wake(false);
  }
}

/** One process only: enough for the embedded database, which one process owns. */
export class LocalNotifier implements GameNotifier {
  private readonly waiters: Waiters;
  constructor(maxWaiters: number) {
    this.waiters = new Waiters(maxWaiters);
  }
  async publish(gameId: string, version: number): Promise<void> {
    this.waiters.notify(gameId, version);
  }
  wait(gameId: string, version: number, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    return this.waiters.wait(gameId, version, timeoutMs, signal);
  }
  hasRoom(): boolean {
    return this.waiters.hasRoom();
  }
  async close(): Promise<void> {
    this.waiters.wakeAll();
  }
}

const CHANNEL = 'offiziersskat_versions';

/**
 * Across processes: Postgres LISTEN/NOTIFY on one channel, over ONE listening connection per
 * process (postgres.js keeps a dedicated one; PGlite is its own single session). A publish
 * reaches the waiters of every process on the same database.
 */
export class PgNotifier implements GameNotifier {
  private constructor(
    private readonly waiters: Waiters,
    private readonly send: (payload: string) => Promise<unknown>,
    private readonly stop: () => Promise<void>,
  ) {}

  static async start(database: Database, maxWaiters: number): Promise<PgNotifier> {
    const waiters = new Waiters(maxWaiters);
    const onNotify = (payload: string) => {
      const at = payload.lastIndexOf(' ');
      const version = Number(payload.slice(at + 1));
      if (at > 0 && Number.isInteger(version)) waiters.notify(payload.slice(0, at), version);
    };
    if (database.sql) {
      const sql = database.sql;
      const { unlisten } = await sql.listen(CHANNEL, onNotify);
      return new PgNotifier(waiters, (p) => sql.notify(CHANNEL, p), async () => {
        waiters.wakeAll();
        await unlisten().catch(() => {});
      });
    }
    const pg = database.pglite!;
    const unlisten = await pg.listen(CHANNEL, onNotify);
    return new PgNotifier(waiters, (p) => pg.query('select pg_notify($1, $2)', [CHANNEL, p]), async () => {
      waiters.wakeAll();
      await unlisten().catch(() => {});
    });
  }

  async publish(key: string, version: number): Promise<void> {
    await this.send(`${key} ${version}`);
  }

  wait(key: string, version: number, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    return this.waiters.wait(key, version, timeoutMs, signal);
  }

  hasRoom(): boolean {
    return this.waiters.hasRoom();
  }

  close(): Promise<void> {
    return this.stop();
  }
}
