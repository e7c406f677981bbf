// A log is never rewritten: events stored before a field existed are read in today's shape. A
// result from before `draw` and `end` (issue 11) gets them as the rules then decided.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedEvent } from '../../src/platform/db/events.ts';
import type { GameEvent, Result } from '../../src/engine/types.ts';
import { openTestStores, type TestStores } from '../support/db.ts';
import { seatedGame } from '../support/fixtures.ts';

const RESULT: Omit<Result, 'draw' | 'end'> = {
  declarer: 'forehand',
  game: 'clubs',
  won: false,
  declarerPoints: 60,
  defenderPoints: 60,
  schneider: false,
  schwarz: false,
  matadors: 1,
  multiplier: 2,
  value: 24,
  kontra: false,
  re: false,
  overbid: false,
  durchmarsch: false,
  passedIn: false,
  resigned: null,
  timedOut: null,
  scores: { forehand: -48, dealer: 0 },
};
const finished = (result: Partial<Result>): GameEvent => ({ type: 'finished', result: { ...RESULT, ...result } as Result, serverSeed: '0'.repeat(64) });
const resultOf = (e: GameEvent) => (e.type === 'finished' ? e.result : null);

describe('storedEvent', () => {
  const cases: [string, Partial<Result>, string][] = [
    ['played out', {}, 'played'],
    ['resigned', { resigned: 'forehand' as const }, 'resigned'],
    ['timed out (a claim counts as resigning)', { resigned: 'forehand' as const, timedOut: 'forehand' as const }, 'timedOut'],
    ['passed in', { passedIn: true, declarer: null, game: null }, 'passedIn'],
  ];
  it.each(cases.map(([label, flags, end]) => [label, end, flags] as const))('a result written before draw and end, %s: no draw, end %s', (_, end, flags) => {
    const read = resultOf(storedEvent(finished(flags)));
    expect(read).toMatchObject({ draw: false, end });
  });

  it("keeps today's results and every other event as they are", () => {
    const today = finished({ draw: true, won: null, end: 'played' });
    expect(storedEvent(today)).toBe(today);
    const played: GameEvent = { type: 'played', seat: 'dealer', card: 'CJ' };
    expect(storedEvent(played)).toBe(played);
  });
});

describe('a game loaded from the store', () => {
  let stores: TestStores;
  beforeAll(async () => {
    stores = await openTestStores();
  });
  afterAll(() => stores?.close());

  it('has its old result in today\'s shape', async () => {
    const { game } = await seatedGame(stores);
    // As a result was written before draw and end existed.
    await stores.games.appendEvents({ gameId: game.id, expectedVersion: game.version, events: [finished({ resigned: 'dealer' })], status: 'finished' });
    const loaded = await stores.games.loadGame(game.id);
    expect(resultOf(loaded!.events.at(-1)!)).toMatchObject({ draw: false, end: 'resigned', resigned: 'dealer' });
  });
});
