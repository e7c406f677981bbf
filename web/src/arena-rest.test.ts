import { describe, expect, it } from 'vitest';
import { nextGame } from './arena-rest.ts';

const now = Date.parse('2026-12-06T18:04:00Z');
const arena = (over: Record<string, unknown> = {}) =>
  ({ system: 'arena', status: 'running', pairings: [], you: { paused: false, restUntil: null }, ...over }) as Parameters<typeof nextGame>[0];
const pairing = (first: string, second: string, finished = false) => ({ round: 3, first, second, gameId: 'g', matchId: null, finished, firstPoints: null, secondPoints: null, winner: null });

describe("an arena entrant's next game", () => {
  it('counts down to the end of the rest, then waits for an opponent', () => {
    expect(nextGame(arena({ you: { paused: false, restUntil: '2026-12-06T18:04:08Z' } }), 'me', now)).toEqual({ kind: 'resting', until: now + 8000 });
    expect(nextGame(arena({ you: { paused: false, restUntil: '2026-12-06T18:04:08Z' } }), 'me', now + 8000)).toEqual({ kind: 'waiting' });
    expect(nextGame(arena(), 'me', now)).toEqual({ kind: 'waiting' });
  });

  it('says paused, and nothing while playing, for others, in a Swiss event or once finished', () => {
    expect(nextGame(arena({ you: { paused: true, restUntil: '2026-12-06T18:04:08Z' } }), 'me', now)).toEqual({ kind: 'paused' });
    expect(nextGame(arena({ pairings: [pairing('me', 'bot')] }), 'me', now)).toEqual({ kind: 'none' });
    expect(nextGame(arena({ pairings: [pairing('me', 'bot', true), pairing('a', 'b')] }), 'me', now)).toEqual({ kind: 'waiting' });
    expect(nextGame(arena({ you: undefined }), 'me', now)).toEqual({ kind: 'none' });
    expect(nextGame(arena({ system: 'swiss' }), 'me', now)).toEqual({ kind: 'none' });
    expect(nextGame(arena({ status: 'finished' }), 'me', now)).toEqual({ kind: 'none' });
    expect(nextGame(arena(), undefined, now)).toEqual({ kind: 'none' });
  });
});
