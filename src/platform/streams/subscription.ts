// A stream's standing wait on one key (see Subscription): the path a commit's announcement takes to
// every stream of its game, kept lean (no promise, timer or cancellation link per announcement).
import type { Cancellation } from '../cancellation.ts';
import type { Admission } from './waiters.ts';

/** One wait on a key; `heard`: the version announced, when an announcement wakes it. */
export type Waiter = { version: number; wake: (moved: boolean, heard?: number) => void };

/** The waits of each key: what an announcement of the key wakes (see LocalNotifier). */
export type WaitersByKey = Map<string, Set<Waiter>>;

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

/**
 * Subscribes to `key` in `byKey`, for a stream whose slot `admission` counts already: it only
 * refuses (SHUTTING_DOWN) once the process drains.
 */
export function subscribe(byKey: WaitersByKey, key: string, cancel: Cancellation, admission: Admission): Subscription {
  admission.open();
  let set = byKey.get(key);
  if (!set) byKey.set(key, (set = new Set()));
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
      admission.open();
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
      if (set!.size === 0) byKey.delete(key);
      done(false);
    },
  };
}
