// A stream's loop (platform/http/sse.ts pump) with a commit's push: the round a push sends is the loop's
// next, a socket that is backed up takes no push, and the loop writes nothing more until it drains.
import { describe, expect, it } from 'vitest';
import { Cancellation } from '../../src/platform/cancellation.ts';
import type { Feed, FeedItem } from '../../src/platform/streams/feed.ts';
import { pump } from '../../src/platform/http/sse.ts';

const round = (seq: number, version: number | null) => ({ items: [{ seq, type: 'moved', payload: { seq } }] as FeedItem[], version });
const metrics = { streamOpened: () => () => {} };

describe('a stream pushed to', () => {
  it('sends a pushed round once, takes no push while its socket is backed up, and writes again only after the drain', async () => {
    const rounds = [round(1, 1), round(2, 2), round(3, 3), round(4, null)];
    let nextCalls = 0;
    let push: (() => boolean) | undefined;
    let wake: ((moved: boolean) => void) | undefined;
    const feed: Feed = {
      next: async () => {
        nextCalls++;
        return rounds.shift()!;
      },
      nextNow: () => (rounds.length > 1 ? (rounds.shift() as { items: FeedItem[]; version: number }) : null),
      waitPast: (_version, _ms, _cancel, p) => {
        push = p;
        return new Promise<boolean>((resolve) => {
          wake = resolve;
        });
      },
    };
    const written: string[] = [];
    let drain: (() => void) | undefined;
    const write = (text: string | Uint8Array) => {
      written.push(Buffer.from(text).toString());
      // The second message fills the socket: it drains when the test says so.
      return written.length === 2 ? new Promise<void>((resolve) => (drain = resolve)) : undefined;
    };
    const loop = pump(feed, 60_000, new Cancellation(), metrics, write);
    await new Promise((r) => setImmediate(r));
    expect(nextCalls).toBe(1);
    expect(written).toEqual(['event: moved\ndata: {"seq":1}\nid: 1\n\n']);
    // A commit: the push sends round 2 in the commit's turn (the socket backs up on it).
    expect(push?.()).toBe(true);
    expect(written).toHaveLength(2);
    expect(written[1]).toContain('id: 2');
    // The next commit is declined while the socket is backed up; the wait ends, and the loop waits for the drain.
    expect(push?.()).toBe(false);
    wake?.(true);
    await new Promise((r) => setImmediate(r));
    expect(nextCalls).toBe(1);
    expect(written).toHaveLength(2);
    drain?.();
    await new Promise((r) => setImmediate(r));
    // Drained: the loop's next round is round 3 (round 2 was pushed, not sent again).
    expect(nextCalls).toBe(2);
    expect(written[2]).toContain('id: 3');
    wake?.(true);
    await loop;
    expect(written.map((w) => /id: (\d+)/.exec(w)?.[1])).toEqual(['1', '2', '3', '4']);
  });

  it('takes no push once its client has gone', async () => {
    let push: (() => boolean) | undefined;
    const closed = new Cancellation();
    const feed: Feed = {
      next: async () => round(1, 1),
      nextNow: () => round(2, 2) as { items: FeedItem[]; version: number },
      waitPast: (_v, _ms, cancel, p) => {
        push = p;
        return new Promise<boolean>((resolve) => cancel.onCancel(() => resolve(false)));
      },
    };
    const written: string[] = [];
    const loop = pump(feed, 60_000, closed, metrics, (text) => void written.push(String(text)));
    await new Promise((r) => setImmediate(r));
    closed.cancel();
    expect(push?.()).toBe(false);
    await loop;
    expect(written).toHaveLength(1);
  });
});
