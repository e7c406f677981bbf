// A stream's standing wait (platform/streams/subscription.ts): one registration for the stream's life,
// remembering what it heard while its stream was busy, let go by the client's going, a drain or
// its close.
import { describe, expect, it } from 'vitest';
import { Cancellation } from '../../src/platform/cancellation.ts';
import { LocalNotifier } from '../../src/platform/streams/notifier.ts';
import { DomainError } from '../../src/platform/errors.ts';

const LONG = 60_000;
/** Whether `p` has settled after the pending callbacks ran, and to what. */
async function state<T>(p: Promise<T>): Promise<{ settled: boolean; value?: T }> {
  const pending = Symbol('pending');
  const v = await Promise.race([p, new Promise<typeof pending>((resolve) => setImmediate(() => resolve(pending)))]);
  return v === pending ? { settled: false } : { settled: true, value: v as T };
}

/** A notifier whose listening connection can be lost (a reset: announcements may have been missed). */
class Resettable extends LocalNotifier {
  lose() {
    this.reset();
  }
}

describe('Subscription', () => {
  it('wakes a wait when its key passes the version, not before, and not for another key', async () => {
    const notifier = new LocalNotifier(10);
    const sub = notifier.subscribe('g', new Cancellation());
    const moved = sub.wait(3, LONG);
    await notifier.publish('other', 9);
    await notifier.publish('g', 3);
    expect(await state(moved)).toEqual({ settled: false });
    await notifier.publish('g', 4);
    expect(await state(moved)).toEqual({ settled: true, value: true });
    sub.close();
  });

  it('remembers a version announced while no wait was pending (its stream was writing)', async () => {
    const notifier = new LocalNotifier(10);
    const sub = notifier.subscribe('g', new Cancellation());
    await notifier.publish('g', 5);
    expect(await sub.wait(4, LONG)).toBe(true);
    // Caught up to what was heard: the next wait waits.
    const next = sub.wait(5, LONG);
    expect(await state(next)).toEqual({ settled: false });
    await notifier.publish('g', 6);
    expect(await next).toBe(true);
    sub.close();
  });

  it('runs out after timeoutMs, wait after wait, on its one timer', async () => {
    const notifier = new LocalNotifier(10);
    const sub = notifier.subscribe('g', new Cancellation());
    const started = performance.now();
    expect(await sub.wait(1, 30)).toBe(false);
    expect(await sub.wait(1, 30)).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    // Woken before its time, then a wait that runs out again.
    const woken = sub.wait(1, 30);
    await notifier.publish('g', 2);
    expect(await woken).toBe(true);
    expect(await sub.wait(2, 30)).toBe(false);
    sub.close();
  });

  it('lets go for good when its client goes', async () => {
    const notifier = new LocalNotifier(10);
    const gone = new Cancellation();
    const sub = notifier.subscribe('g', gone);
    const pending = sub.wait(1, LONG);
    gone.cancel();
    expect(await pending).toBe(false);
    expect(await sub.wait(1, LONG)).toBe(false);
    sub.close();
  });

  it('lets go at close, and a closed subscription hears nothing more', async () => {
    const notifier = new LocalNotifier(10);
    const sub = notifier.subscribe('g', new Cancellation());
    const pending = sub.wait(1, LONG);
    sub.close();
    expect(await pending).toBe(false);
    await notifier.publish('g', 7);
    expect(await sub.wait(1, LONG)).toBe(false);
  });

  it('lets go when the process drains, then refuses to wait (SHUTTING_DOWN), and no new one subscribes', async () => {
    const notifier = new LocalNotifier(10);
    const sub = notifier.subscribe('g', new Cancellation());
    const pending = sub.wait(1, LONG);
    notifier.drain();
    expect(await pending).toBe(false);
    expect(() => sub.wait(1, LONG)).toThrow(DomainError);
    expect(() => notifier.subscribe('h', new Cancellation())).toThrow(expect.objectContaining({ code: 'SHUTTING_DOWN' }));
    sub.close();
  });

  it('looks again after announcements may have been missed (a reset), pending or not', async () => {
    const notifier = new Resettable(10);
    const sub = notifier.subscribe('g', new Cancellation());
    const pending = sub.wait(1, LONG);
    notifier.lose();
    expect(await pending).toBe(true);
    notifier.lose();
    expect(await sub.wait(1, LONG)).toBe(true);
    expect(await state(sub.wait(1, LONG))).toEqual({ settled: false });
    sub.close();
  });

  it('counts in no cap: the stream holds its slot', () => {
    const notifier = new LocalNotifier(2);
    const slot = notifier.reserve();
    const subs = [1, 2, 3].map(() => notifier.subscribe('g', new Cancellation()));
    expect(notifier.waiting()).toBe(1);
    for (const s of subs) s.close();
    slot.release();
    expect(notifier.waiting()).toBe(0);
  });

  it("offers each announcement to the wait's push first: taken, the wait goes on past it; declined or failed, the wait ends", async () => {
    const notifier = new LocalNotifier(10);
    const sub = notifier.subscribe('g', new Cancellation());
    const offered: number[] = [];
    let take = true;
    const push = () => {
      offered.push(offered.length + 1);
      return take;
    };
    const wait = sub.wait(1, LONG, push);
    await notifier.publish('g', 2);
    await notifier.publish('g', 2); // nothing new: not offered again
    await notifier.publish('g', 3);
    expect(offered).toEqual([1, 2]);
    expect(await state(wait)).toEqual({ settled: false });
    take = false;
    await notifier.publish('g', 4);
    expect(offered).toEqual([1, 2, 3]);
    expect(await state(wait)).toEqual({ settled: true, value: true });
    // A push that throws is a push declined: the stream's loop makes the round itself.
    const failing = sub.wait(4, LONG, () => {
      throw new Error('no round');
    });
    await notifier.publish('g', 5);
    expect(await failing).toBe(true);
    // A wait without a push is woken as before; the push of an earlier wait is not kept.
    const plain = sub.wait(5, LONG);
    await notifier.publish('g', 6);
    expect(await plain).toBe(true);
    expect(offered).toHaveLength(3);
    sub.close();
  });

  it('does not offer a reset (announcements missed) to the push: the loop looks at the version itself', async () => {
    const notifier = new Resettable(10);
    const sub = notifier.subscribe('g', new Cancellation());
    let offered = 0;
    const wait = sub.wait(1, LONG, () => ++offered > 0);
    notifier.lose();
    expect(await wait).toBe(true);
    expect(offered).toBe(0);
    sub.close();
  });

  it('starts its timer again after a push taken: a stream that keeps sending does not run out', async () => {
    const notifier = new LocalNotifier(10);
    const sub = notifier.subscribe('g', new Cancellation());
    const wait = sub.wait(1, 80, () => true);
    for (let v = 2; v <= 5; v++) {
      await new Promise((r) => setTimeout(r, 40));
      await notifier.publish('g', v);
    }
    // 160 ms after the wait began, 40 after the last push: still waiting.
    expect(await state(wait)).toEqual({ settled: false });
    expect(await wait).toBe(false);
    sub.close();
  });
});
