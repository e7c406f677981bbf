// Wakes requests waiting for a game or a match to change. Each is known by a key (a game's id,
// `match:<id>`) and a version that every write bumps. The interface lets a cross-process
// implementation (Postgres LISTEN/NOTIFY) replace the in-process one. Whether a wait may begin is
// the admission's to say (waiters.ts, the caps and their refusals), asked before it is registered.
import type { Database } from '../db/client.ts';
import { Cancellation } from '../cancellation.ts';
import { subscribe, type Subscription, type Waiter, type WaitersByKey } from './subscription.ts';
import { Admission, type WaiterClient, type WaiterSlot } from './waiters.ts';

/** Told of every version a process hears of, before its waiters wake (the game cache listens). */
export interface VersionObserver {
  heard(key: string, version: number): void;
  /** Announcements may have been missed (the listening connection was re-established). */
  reset(): void;
}

export interface Notifier {
  /**
   * This process has just written `version` of `key`: wake its waiters now. Other processes
   * hear of it from the database (see PgNotifier).
   */
  publish(key: string, version: number): Promise<void>;
  /** Adds an observer of every version heard of, here or from other processes. */
  observe(observer: VersionObserver): void;
  /**
   * Resolves true as soon as `key` passes `version` (as published), false after `timeoutMs`
   * or when `cancel` is cancelled. The admission's refusal is thrown before it registers:
   * TOO_MANY_WAITERS past the waiter cap, or past the cap of `client` (who waits: a player, an address).
   */
  wait(key: string, version: number, timeoutMs: number, cancel?: Cancellation, client?: WaiterClient | WaiterSlot): Promise<boolean>;
  /**
   * A stream's standing wait on `key` (see Subscription), within the slot the stream holds;
   * `cancel` (the client gone) lets its waits go for good. Refused (SHUTTING_DOWN) once draining.
   */
  subscribe(key: string, cancel: Cancellation): Subscription;
  /** Whether one more waiter (of `client`) fits under the caps. */
  hasRoom(client?: WaiterClient): boolean;
  /** A slot for a stream's whole life (see WaiterSlot); refused (TOO_MANY_WAITERS) past the caps. */
  reserve(client?: WaiterClient): WaiterSlot;
  /**
   * The process is shutting down: every waiter is let go now (a long poll answers what it has), and
   * a new wait is refused (SHUTTING_DOWN). Announcements still go out until close().
   */
  drain(): void;
  /** How many waiters this process holds now. */
  waiting(): number;
  close(): Promise<void>;
}

/**
 * Waits until `key` passes `version`: registers with the notifier first, then reads the current
 * version once, so that a change committed in between is never missed.
 */
export async function waitPast(
  notifier: Notifier,
  key: string,
  version: number,
  timeoutMs: number,
  readVersion: () => Promise<number | null>,
  cancel?: Cancellation,
  client?: WaiterClient | WaiterSlot,
): Promise<boolean> {
  const { cancellation: done, off } = Cancellation.linkedTo(cancel);
  try {
    const moved = notifier.wait(key, version, timeoutMs, done, client);
    const current = await readVersion();
    if (current !== null && current > version) {
      done.cancel();
      await moved;
      return true;
    }
    return await moved;
  } finally {
    off();
  }
}

const noop = () => {};

/**
 * One process only: publishing wakes this process's waiters and tells the observers. Each wait is
 * let in by the admission (waiters.ts) before it is registered. The cross-process notifier below
 * builds on it.
 */
export class LocalNotifier implements Notifier {
  private readonly admission: Admission;
  private readonly byKey: WaitersByKey = new Map();
  private readonly observers: VersionObserver[] = [];
  constructor(maxWaiters: number, maxWaitersPerClient?: number, maxWaitersPerAddress?: number) {
    this.admission = new Admission(maxWaiters, maxWaitersPerClient, maxWaitersPerAddress);
  }
  async publish(key: string, version: number): Promise<void> {
    this.heard(key, version);
  }
  /** A version is known here: observers first (the cache), then the waiters wake. */
  protected heard(key: string, version: number): void {
    for (const o of this.observers) o.heard(key, version);
    this.notify(key, version);
  }
  /** Versions may have been missed: observers forget, waiters look again. */
  protected reset(): void {
    for (const o of this.observers) o.reset();
    this.wakeAll(true);
  }
  observe(observer: VersionObserver): void {
    this.observers.push(observer);
  }

  private notify(key: string, version: number): void {
    const set = this.byKey.get(key);
    if (!set) return;
    for (const w of set) if (version > w.version) w.wake(true, version);
  }

  /** Waits as `client` (counted for this wait), or within a slot already held (counted there). */
  wait(key: string, version: number, timeoutMs: number, cancel?: Cancellation, client?: WaiterClient | WaiterSlot): Promise<boolean> {
    this.admission.enter(client);
    return new Promise<boolean>((resolve) => {
      let off: () => void = noop;
      let set = this.byKey.get(key);
      if (!set) this.byKey.set(key, (set = new Set()));
      const waiter: Waiter = {
        version,
        wake: (moved) => {
          clearTimeout(timer);
          off();
          // biome-ignore lint/style/noNonNullAssertion: set is assigned above, before the waiter that closes over it
          if (set!.delete(waiter)) this.admission.leave(client);
          // biome-ignore lint/style/noNonNullAssertion: set is assigned above, before the waiter that closes over it
          if (set!.size === 0) this.byKey.delete(key);
          resolve(moved);
        },
      };
      const timer = setTimeout(() => waiter.wake(false), timeoutMs);
      set.add(waiter);
      // Last: a cancellation that has happened already wakes the waiter at once.
      off = cancel ? cancel.onCancel(() => waiter.wake(false)) : noop;
    });
  }
  subscribe(key: string, cancel: Cancellation): Subscription {
    return subscribe(this.byKey, key, cancel, this.admission);
  }
  hasRoom(client?: WaiterClient): boolean {
    return this.admission.hasRoom(client);
  }
  reserve(client?: WaiterClient): WaiterSlot {
    return this.admission.reserve(client);
  }

  /** Wakes every waiter: `moved` true makes them look again, false lets them go unchanged. */
  private wakeAll(moved: boolean): void {
    for (const set of this.byKey.values()) for (const w of [...set]) w.wake(moved);
  }

  drain(): void {
    this.admission.drain();
    this.wakeAll(false);
  }
  waiting(): number {
    return this.admission.size;
  }
  async close(): Promise<void> {
    this.drain();
  }
}

const CHANNEL = 'offiziersskat_versions';
/** Postgres refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_PAYLOAD = 7900;
/** Announcements leave a process at most once per this many ms (see PgNotifier). */
export const ANNOUNCE_WINDOW_MS = 5;

/**
 * Across processes: Postgres LISTEN/NOTIFY on one channel, over ONE listening connection per
 * process (see Database.listen).
 *
 * `publish` wakes this process's waiters at once and queues the announcement for the others.
 * Announcements are coalesced: at most one NOTIFY per process every ANNOUNCE_WINDOW_MS, its
 * payload listing every key written meanwhile ('key version' lines). A NOTIFY per move was
 * measured to cost Postgres more than the move's own write and to cap the whole database at
 * about 3,000 notifying commits a second: each takes a global lock at commit and wakes every
 * listening session. The first announcement after a quiet window leaves at once, so a lone
 * move costs no latency; under load other processes hear of a move at most a window later.
 * An announcement lost with a crashing process delays the others' waiters until their long
 * poll ends, which then reads the database (games/repository.ts).
 */
export class PgNotifier extends LocalNotifier {
  private stop: () => Promise<void> = async () => {};
  private send: (payload: string) => Promise<unknown> = async () => {};
  /** Versions written here and not yet announced. */
  private pending = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sending: Promise<void> | null = null;
  private lastSent = -Infinity;
  private closed = false;

  static async start(database: Database, maxWaiters: number, maxWaitersPerClient?: number, maxWaitersPerAddress?: number): Promise<PgNotifier> {
    const notifier = new PgNotifier(maxWaiters, maxWaitersPerClient, maxWaitersPerAddress);
    const onNotify = (payload: string) => {
      for (const line of payload.split('\n')) {
        const at = line.lastIndexOf(' ');
        const version = Number(line.slice(at + 1));
        if (at > 0 && Number.isInteger(version)) notifier.heard(line.slice(0, at), version);
      }
    };
    // A re-listen after a lost connection: whatever was announced in between is lost, so
    // observers forget and waiters look again.
    notifier.stop = await database.listen(CHANNEL, onNotify, () => notifier.reset());
    notifier.send = (payload) => database.notify(CHANNEL, payload);
    return notifier;
  }

  override async publish(key: string, version: number): Promise<void> {
    this.heard(key, version);
    if ((this.pending.get(key) ?? -1) < version) this.pending.set(key, version);
    this.schedule();
  }

  private schedule(): void {
    if (this.closed || this.timer || this.sending || this.pending.size === 0) return;
    const wait = Math.max(0, this.lastSent + ANNOUNCE_WINDOW_MS - performance.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.sending = this.flush().finally(() => {
        this.sending = null;
        this.schedule();
      });
    }, wait);
  }

  /** Sends every pending announcement, in as few payloads as fit. */
  private async flush(): Promise<void> {
    const lines = [...this.pending].map(([key, version]) => `${key} ${version}`);
    this.pending = new Map();
    this.lastSent = performance.now();
    let payload = '';
    for (const line of lines) {
      if (payload && payload.length + 1 + line.length > MAX_PAYLOAD) {
        await this.send(payload).catch(() => {});
        payload = '';
      }
      payload = payload ? `${payload}\n${line}` : line;
    }
    // A failed NOTIFY (the database away) is not retried: the other processes' long polls end
    // and read the database; their streams look at the version with every heartbeat.
    if (payload) await this.send(payload).catch(() => {});
  }

  /** Announces what is still pending, then stops listening. */
  override async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.sending;
    await this.flush();
    this.drain();
    await this.stop();
  }
}
