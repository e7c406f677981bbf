// A tournament's stream as a feed (platform/streams/feed.ts): what a reader is sent, and in what
// pieces. A `standings` event holds the whole table (1,000 players: some 170 KB), and a long event
// has a hundred of them, so:
// - a `standings` event is left out once a later one (or `tournamentEnd`) is stored: the newest
//   stands for those before it. A late joiner gets one table, and so does a reader that fell behind;
// - the replay (what is stored when the reader comes, after its Last-Event-ID) is the newest
//   REPLAY_BYTES of it, and the newest standings before those if the cut passed them;
// - the events go out in pages of PAGE_BYTES (or one event, if larger), each read from the
//   database only when the page before it has left: the stream's loop waits for its socket to
//   drain (sse.ts), so a reader that stops reading holds one page in this process, however long
//   the log.
import type { Feed } from '../platform/streams/feed.ts';
import type { Notifier } from '../platform/streams/notifier.ts';
import { feedWaiter } from '../platform/streams/feed.ts';
import type { WaiterClient } from '../platform/streams/waiters.ts';
import type { TournamentStore } from './store.ts';

/** At most this much JSON a page (one event when it alone is more). */
export const PAGE_BYTES = 64 * 1024;
/** At most this much JSON a replay, besides the standings it starts with. */
export const REPLAY_BYTES = 512 * 1024;

/** The notifier key of a tournament's log. */
export const tournamentKey = (id: string) => `tournament:${id}`;

/** The tournament's events after `after`, as they happen; complete after `tournamentEnd`. The tournament exists. */
export async function tournamentFeed(store: TournamentStore, notifier: Notifier, id: string, after: number, client?: WaiterClient): Promise<Feed> {
  const start = await store.replayStart(id, after, REPLAY_BYTES);
  // The newest standings, when the cut passed them: sent first (the ids still rise).
  let snapshot = start.snapshot > after && start.snapshot <= start.from ? start.snapshot : 0;
  let seq = start.from;
  // The log's length as last read: past `seq`, the next page is due at once (no wait for news).
  let stored = 0;
  const waiter = feedWaiter(notifier, tournamentKey(id), async () => (await store.head(id))?.version ?? null, client);
  return {
    release: waiter.release,
    waitPast: (version, timeoutMs, cancel, push) => (stored > version ? Promise.resolve(true) : waiter.waitPast(version, timeoutMs, cancel, push)),
    next: async () => {
      const t = await store.head(id);
      const events = snapshot > 0 ? await store.eventPage(id, snapshot - 1, 0) : await store.eventPage(id, seq, PAGE_BYTES);
      snapshot = 0;
      for (const e of events) seq = Math.max(seq, e.seq);
      stored = events.length > 0 ? (t?.version ?? 0) : 0;
      // Sent as JSON.stringify writes it: the database's text has a space after every colon and comma.
      const items = events.map((e) => ({ seq: e.seq, type: e.type, payload: null, data: JSON.stringify(JSON.parse(e.data)) }));
      return { items, version: !t || (t.status === 'finished' && seq >= t.version) ? null : seq };
    },
  };
}
