import { describe, expect, it } from 'vitest';
import { Cancellation } from './cancellation.ts';

describe('Cancellation', () => {
  it('runs its listeners once, in order; a listener taken back does not run; one added late runs at once', () => {
    const c = new Cancellation();
    const ran: string[] = [];
    c.onCancel(() => ran.push('a'));
    const off = c.onCancel(() => ran.push('b'));
    c.onCancel(() => ran.push('c'));
    off();
    expect(c.cancelled).toBe(false);
    c.cancel();
    c.cancel();
    expect(ran).toEqual(['a', 'c']);
    expect(c.cancelled).toBe(true);
    c.onCancel(() => ran.push('late'));
    expect(ran).toEqual(['a', 'c', 'late']);
  });

  it('links a child to its parent until unlinked', () => {
    const parent = new Cancellation();
    const first = Cancellation.linkedTo(parent);
    const second = Cancellation.linkedTo(parent);
    second.off();
    parent.cancel();
    expect(first.cancellation.cancelled).toBe(true);
    expect(second.cancellation.cancelled).toBe(false);
    expect(Cancellation.linkedTo(undefined).cancellation.cancelled).toBe(false);
  });
});
