// Wakes requests waiting for a game or a match to change. Each is known by a key (a game's id,
// `match:<id>`) and a version that every write bumps. The interface lets a cross-process
// implementation (Postgres LISTEN/NOTIFY) replace the in-process one.
import { DomainError } from '../errors.ts';
import type { Database } from '../db/client.ts';
import { Cancellation } from '../cancellation.ts';

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
   * or when `cancel` is cancelled. Throws DomainError TOO_MANY_WAITERS past the waiter cap, or past
   * the cap of `client` (who waits: a player, an address).
   */
  wait(key: string, version: number, timeoutMs: number, cancel?: Cancellation, client?: WaiterClient | WaiterSlot): Promise<boolean>;
  /**
   * A stream's standing wait on `key` (see Subscription), within the slot the stream holds;
   * `cancel` (the client gone) lets its waits go for good. Throws SHUTTING_DOWN once draining.
   */
  subscribe(key: string, cancel: Cancellation): Subscription;
  /** Whether one more waiter (of `client`) fits under the caps. */
  hasRoom(client?: WaiterClient): boolean;
  /** A slot for a stream's whole life (see WaiterSlot); throws TOO_MANY_WAITERS past the caps. */
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

/** `heard`: the version announced, when an announcement wakes it. */
type Waiter = { version: number; wake: (moved: boolean, heard?: number) => void };

/**
 * A stream's standing wait on one key: registered once and kept for the stream's life (its slot
 * is counted once, when the stream opens), with one timer re-armed for each wait. So a round of a
 * stream costs a promise, not a waiter, a timer and a cancellation link each: a commit wakes
 * every stream of its game at once, and what each allocates then is what the next young-generation
 * collection copies. It remembers what it heard while its stream was busy writing.
 */
export interface Subscription {
  /**
   * True as soon as the key passes `version` (at once when it has, as heard since subscribing),
   * false after `timeoutMs`, when the stream's cancellation is cancelled or the process drains;
   * throws SHUTTING_DOWN once the process is draining. `push` (see Feed.waitPast) is offered
   * each announcement past the version first: when it answers true, it has sent the change, the
   * wait goes on for what comes after, and runs out `timeoutMs` after the last push it took.
   */
  wait(version: number, timeoutMs: number, push?: () => boolean): Promise<boolean>;
  /** The stream has ended: the wait goes from the key. */
  close(): void;
}

const MOVED = Promise.resolve(true);
const STILL = Promise.resolve(false);

export const shuttingDown = () => new DomainError('SHUTTING_DOWN', 'this process is shutting down; retry (another one serves)');

export const tooManyWaiters = (mine = false) =>
  new DomainError(
    'TOO_MANY_WAITERS',
    mine ? 'you hold too many waiting requests on this server; end one, or retry shortly' : 'this server holds too many waiting requests; retry shortly',
  );

/**
 * Who waits, for the caps: one or more keys separated by spaces, each counted against its own cap
 * (`player:<id> address:<a>`: the token's player against MAX_WAITERS_PER_CLIENT, the address
 * against MAX_WAITERS_PER_ADDRESS).
 */
export type WaiterClient = string;

/**
 * A waiter slot held for as long as a stream is open: taken before the stream answers anything
 * (so a refusal is a plain 503), used by each of its waits, given back once when it ends.
 */
export interface WaiterSlot {
  readonly held: true;
  release(): void;
}

const isSlot = (client: WaiterClient | WaiterSlot | undefined): client is WaiterSlot => typeof client === 'object';

/**
 * Waiters registry shared by implementations: one map per process, capped, and capped per client
 * and per address too, so one client cannot take every slot of the process. The last tenth of the
 * process's slots is kept for addresses that hold none yet: however many players one address
 * signs up, another address still gets in.
 */
export class Waiters {
  private readonly byKey = new Map<string, Set<Waiter>>();
  private readonly byClient = new Map<string, number>();
  private count = 0;
  private draining = false;
  private readonly kept: number;
  constructor(
    private readonly max: number,
    private readonly maxPerClient = Infinity,
    private readonly maxPerAddress = Infinity,
  ) {
    this.kept = max >= 10 ? Math.floor(max / 10) : 0;
  }

  get size(): number {
    return this.count;
  }

  hasRoom(client?: WaiterClient): boolean {
    return this.over(client) === null;
  }

  /** Past which cap one more waiter of `client` would be: the process's, its own, or none (null). */
  private over(client?: WaiterClient): 'process' | 'client' | null {
    if (this.count >= this.max) return 'process';
    if (client === undefined) return null;
    for (const key of client.split(' ')) {
      const held = this.byClient.get(key) ?? 0;
      const address = key.startsWith('address:');
      if (held >= (address ? this.maxPerAddress : this.maxPerClient)) return 'client';
      // The kept room is for addresses that hold nothing yet.
      if (address && held > 0 && this.count >= this.max - this.kept) return 'client';
    }
    return null;
  }

  /** The refusal for one more waiter of `client`, or null when it fits. */
  private refusal(client?: WaiterClient): DomainError | null {
    if (this.draining) return shuttingDown();
    const over = this.over(client);
    return over === null ? null : tooManyWaiters(over === 'client');
  }

  private take(client?: WaiterClient): void {
    this.count++;
    if (client !== undefined) for (const key of client.split(' ')) this.byClient.set(key, (this.byClient.get(key) ?? 0) + 1);
  }

  private give(client?: WaiterClient): void {
    this.count--;
    if (client === undefined) return;
    for (const key of client.split(' ')) {
      const left = (this.byClient.get(key) ?? 1) - 1;
      if (left > 0) this.byClient.set(key, left);
      else this.byClient.delete(key);
    }
  }

  /** A slot for a stream's whole life; throws TOO_MANY_WAITERS (or SHUTTING_DOWN) when none fits. */
  reserve(client?: WaiterClient): WaiterSlot {
    const refused = this.refusal(client);
    if (refused) throw refused;
    this.take(client);
    let held = true;
    return {
      held: true,
      release: () => {
        if (held) this.give(client);
        held = false;
      },
    };
  }

  notify(key: string, version: number): void {
    const set = this.byKey.get(key);
    if (!set) return;
    for (const w of set) if (version > w.version) w.wake(true, version);
  }

  /** See Subscription: counted in the slot of its stream, not here. */
  subscribe(key: string, cancel: Cancellation): Subscription {
    if (this.draining) throw shuttingDown();
    let set = this.byKey.get(key);
    if (!set) this.byKey.set(key, (set = new Set()));
    // A reset: versions may have been missed.
    let lookAgain = false;
    let waitingFor = -1;
    let settle: ((moved: boolean) => void) | null = null;
    let pushed: (() => boolean) | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let timerMs = -1;
    // When the pending wait's push last took an announcement (-1: not since the wait began): the
    // wait runs out timerMs after that. A push reads the clock; the timer moves only when it fires.
    let pushedAt = -1;
    // The timer was set for the rest of a wait (after a push), not for timerMs.
    let short = false;
    const runOut = () => {
      if (settle !== null && pushedAt >= 0) {
        const idle = performance.now() - pushedAt;
        pushedAt = -1;
        if (idle < timerMs) {
          timer = setTimeout(runOut, timerMs - idle);
          short = true;
          return;
        }
      }
      done(false);
    };
    let closed = false;
    const done = (moved: boolean) => {
      const resolve = settle;
      settle = null;
      pushed = null;
      resolve?.(moved);
    };
    /** The pending wait's push took the announcement: it waits on past it. */
    const tookIt = (): boolean => {
      try {
        // biome-ignore lint/style/noNonNullAssertion: called only while a push is set
        if (!pushed!()) return false;
      } catch {
        return false; // the stream's loop makes the round the usual way
      }
      waitingFor = waiter.version;
      pushedAt = performance.now();
      return true;
    };
    // Its version is the highest announced since subscribing (notify wakes it past that only).
    const waiter: Waiter = {
      version: -1,
      wake: (moved, version) => {
        if (version !== undefined) waiter.version = version;
        else if (moved) lookAgain = true;
        if (settle === null) return;
        if (!moved) done(false);
        else if (waiter.version > waitingFor || lookAgain) {
          if (!lookAgain && pushed !== null && tookIt()) return;
          lookAgain = false;
          done(true);
        }
      },
    };
    set.add(waiter);
    const off = cancel.onCancel(() => done(false));
    return {
      wait: (version, timeoutMs, push) => {
        if (closed || cancel.cancelled) return STILL;
        if (this.draining) throw shuttingDown();
        if (waiter.version > version || lookAgain) {
          lookAgain = false;
          return MOVED;
        }
        waitingFor = version;
        // One timer, re-armed from now for each wait; one that fires with no wait pending does nothing.
        pushedAt = -1;
        if (timer === null || timerMs !== timeoutMs || short) {
          if (timer !== null) clearTimeout(timer);
          timer = setTimeout(runOut, timeoutMs);
          timerMs = timeoutMs;
          short = false;
        } else timer.refresh();
        pushed = push ?? null;
        return new Promise<boolean>((resolve) => {
          settle = resolve;
        });
      },
      close: () => {
        if (closed) return;
        closed = true;
        if (timer !== null) clearTimeout(timer);
        off();
        // biome-ignore lint/style/noNonNullAssertion: set is assigned above, before the subscription that closes over it
        set!.delete(waiter);
        // biome-ignore lint/style/noNonNullAssertion: as above
        if (set!.size === 0) this.byKey.delete(key);
        done(false);
      },
    };
  }

  /** Waits as `client` (counted for this wait), or within a slot already held (counted there). */
  wait(key: string, version: number, timeoutMs: number, cancel?: Cancellation, client?: WaiterClient | WaiterSlot): Promise<boolean> {
    const slot = isSlot(client);
    const own = slot ? undefined : client;
    const refused = slot ? (this.draining ? shuttingDown() : null) : this.refusal(own);
    if (refused) throw refused;
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
          if (set!.delete(waiter) && !slot) this.give(own);
          // biome-ignore lint/style/noNonNullAssertion: set is assigned above, before the waiter that closes over it
          if (set!.size === 0) this.byKey.delete(key);
          resolve(moved);
        },
      };
      const timer = setTimeout(() => waiter.wake(false), timeoutMs);
      set.add(waiter);
      if (!slot) this.take(own);
      // Last: a cancellation that has happened already wakes the waiter at once.
      off = cancel ? cancel.onCancel(() => waiter.wake(false)) : noop;
    });
  }

  /** Wakes every waiter: `moved` true makes them look again, false lets them go unchanged. */
  wakeAll(moved = false): void {
    for (const set of this.byKey.values()) for (const w of [...set]) w.wake(moved);
  }

  /** Lets every waiter go and refuses new ones (SHUTTING_DOWN) from now on. */
  drain(): void {
    this.draining = true;
    this.wakeAll();
  }
}

/**
 * One process only: publishing wakes this process's waiters and tells the observers. The
 * cross-process notifier below builds on it.
 */
export class LocalNotifier implements Notifier {
  protected readonly waiters: Waiters;
  private readonly observers: VersionObserver[] = [];
  constructor(maxWaiters: number, maxWaitersPerClient?: number, maxWaitersPerAddress?: number) {
    this.waiters = new Waiters(maxWaiters, maxWaitersPerClient, maxWaitersPerAddress);
  }
  async publish(key: string, version: number): Promise<void> {
    this.heard(key, version);
  }
  /** A version is known here: observers first (the cache), then the waiters wake. */
  protected heard(key: string, version: number): void {
    for (const o of this.observers) o.heard(key, version);
    this.waiters.notify(key, version);
  }
  /** Versions may have been missed: observers forget, waiters look again. */
  protected reset(): void {
    for (const o of this.observers) o.reset();
    this.waiters.wakeAll(true);
  }
  observe(observer: VersionObserver): void {
    this.observers.push(observer);
  }
  wait(key: string, version: number, timeoutMs: number, cancel?: Cancellation, client?: WaiterClient | WaiterSlot): Promise<boolean> {
    return this.waiters.wait(key, version, timeoutMs, cancel, client);
  }
  subscribe(key: string, cancel: Cancellation): Subscription {
    return this.waiters.subscribe(key, cancel);
  }
  hasRoom(client?: WaiterClient): boolean {
    return this.waiters.hasRoom(client);
  }
  reserve(client?: WaiterClient): WaiterSlot {
    return this.waiters.reserve(client);
  }
  drain(): void {
    this.waiters.drain();
  }
  waiting(): number {
    return this.waiters.size;
  }
  async close(): Promise<void> {
    this.waiters.drain();
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
    this.waiters.drain();
    await this.stop();
  }
}
