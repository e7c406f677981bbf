// A feed: a log followed as it grows (a game's events, a match's), for a stream that sends what
// is new and then waits for the next version, never in a sleep loop.
import { tooManyWaiters, waitPast, type Notifier } from '../db/notifier.ts';
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
  next(): Promise<{ items: FeedItem[]; version: number | null }>;
  /** True as soon as the log passes `version`, false after `timeoutMs` or when `cancel` is cancelled. */
  waitPast(version: number, timeoutMs: number, cancel: Cancellation): Promise<boolean>;
}

/**
 * The waiting half of a feed of `key`: registered with the notifier before the version is read
 * once, so a write in between is never missed. Refuses up front past the waiter cap (of the
 * process, or of `client`: who reads the feed).
 */
export function feedWaiter(notifier: Notifier, key: string, readVersion: () => Promise<number | null>, client?: string): Feed['waitPast'] {
  if (!notifier.hasRoom()) throw tooManyWaiters();
  if (!notifier.hasRoom(client)) throw tooManyWaiters(true);
  return (version, timeoutMs, cancel) => waitPast(notifier, key, version, timeoutMs, readVersion, cancel, client);
}
