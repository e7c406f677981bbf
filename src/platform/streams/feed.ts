// A feed: a log followed as it grows (a game's events, a match's), for a stream that sends what
// is new and then waits for the next version, never in a sleep loop.
import type { Notifier } from './notifier.ts';
import type { Subscription } from './subscription.ts';
import type { WaiterClient } from './waiters.ts';
import type { Cancellation } from '../cancellation.ts';

export interface FeedItem {
  seq: number;
  type: string;
  payload: unknown;
  /** The payload's JSON text when it is made already (a view shared by several streams). */
  data?: string;
}

export interface Feed {
  /** Every item after the last one taken, and the version they reach; null: the log is complete. */
  next(): Promise<{ items: readonly FeedItem[]; version: number | null }>;
  /**
   * True as soon as the log passes `version`, false after `timeoutMs` or when `cancel` is
   * cancelled. `push`, when given, is called at once when the log moves while this wait is
   * pending, in the turn that announces it: true when it sent the change itself (with nextNow),
   * and then the wait goes on; false and the wait ends, as without it.
   */
  waitPast(version: number, timeoutMs: number, cancel: Cancellation, push?: () => boolean): Promise<boolean>;
  /**
   * The next round at once, when this process has it (or can make it) without waiting and it does
   * not complete the log; null otherwise (then `next`). Takes the round as `next` would.
   */
  nextNow?(): { items: readonly FeedItem[]; version: number } | null;
  /** The feed is done with (its stream ended): its waiter slot goes back. */
  release?(): void;
}

/**
 * The waiting half of a feed of `key`. The feed takes its waiter slot here, before its stream
 * answers anything, and keeps it until `release`: past the cap (of the process, of `client`: who
 * reads the feed, or of its address) it is refused up front, a plain 503, never a stream that
 * opens and then says it cannot wait. Its first wait subscribes to the notifier (one standing wait
 * for the stream's life, see Subscription) and then reads the version once, so a write in between
 * is never missed; so does the first wait after one that ran out (an announcement may be lost).
 */
export function feedWaiter(
  notifier: Notifier,
  key: string,
  readVersion: () => Promise<number | null>,
  client?: WaiterClient,
): Required<Pick<Feed, 'waitPast' | 'release'>> {
  const slot = notifier.reserve(client);
  let subscription: Subscription | null = null;
  let look = true;
  return {
    waitPast: async (version, timeoutMs, cancel, push) => {
      subscription ??= notifier.subscribe(key, cancel);
      if (look) {
        look = false;
        const current = await readVersion();
        if (current !== null && current > version) return true;
      }
      const moved = await subscription.wait(version, timeoutMs, push);
      if (!moved) look = true;
      return moved;
    },
    release: () => {
      subscription?.close();
      slot.release();
    },
  };
}
