// When a director must next look at a tournament (next-at.ts), by its state.
import { describe, expect, it } from 'vitest';
import { nextAt, SWISS_WAIT_RECHECK_MS } from './next-at.ts';

const NOW = new Date('2026-12-07T12:00:00.000Z');
const at = (s: number) => new Date(NOW.getTime() + s * 1000);
const arena = { system: 'arena' as const, startsAt: at(-60), endsAt: at(3600) };
const swiss = { system: 'swiss' as const, startsAt: at(-60), endsAt: null };

describe('the next look at a tournament', () => {
  it('is its start while upcoming, and never once finished', () => {
    expect(nextAt({ ...arena, status: 'upcoming', startsAt: at(300) }, [], NOW)).toEqual(at(300));
    expect(nextAt({ ...arena, status: 'finished' }, [at(10)], NOW)).toBeNull();
  });

  it("is a running arena's end, or the earliest deadline of its games before it", () => {
    expect(nextAt({ ...arena, status: 'running' }, [], NOW)).toEqual(at(3600));
    expect(nextAt({ ...arena, status: 'running' }, [at(90), at(30)], NOW)).toEqual(at(30));
    // Past its end, only its games still played.
    expect(nextAt({ ...arena, status: 'running', endsAt: at(-1) }, [at(45)], NOW)).toEqual(at(45));
  });

  it("is a Swiss round's earliest deadline, or a look again later when nothing is played (waiting for free players)", () => {
    expect(nextAt({ ...swiss, status: 'running' }, [at(60), at(20)], NOW)).toEqual(at(20));
    expect(nextAt({ ...swiss, status: 'running' }, [], NOW)).toEqual(new Date(NOW.getTime() + SWISS_WAIT_RECHECK_MS));
  });

  it('is a deadline already passed as it is (a claim due now)', () => {
    expect(nextAt({ ...swiss, status: 'running' }, [at(-5)], NOW)).toEqual(at(-5));
  });
});
