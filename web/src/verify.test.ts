import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../src/record/index.ts';
import { ReplayModel } from './replay-model.ts';
import { playedRecord } from '../../test/support/test-record.ts';
import { verifyInBrowser } from './verify.ts';

const copy = (r: GameRecord): GameRecord => JSON.parse(JSON.stringify(r));

describe('verification in the browser', () => {
  it('a genuine record passes every check, the commitment by WebCrypto', async () => {
    for (const variant of ['classic', 'halfOpen', 'bidding'] as const) {
      const outcome = await verifyInBrowser(playedRecord(variant, 3));
      expect(outcome.checks.filter((c) => !c.ok)).toEqual([]);
      expect(outcome.ok).toBe(true);
      expect(outcome.webCrypto).toBe(true);
      expect(outcome.checks.map((c) => c.name)).toEqual(['record', 'commitment', 'deal', 'moves', 'result']);
    }
  });

  it('without WebCrypto (an insecure context) the engine’s SHA-256 computes the same commitment', async () => {
    const record = playedRecord();
    const outcome = await verifyInBrowser(record, null);
    expect(outcome).toMatchObject({ ok: true, webCrypto: false, commitment: record.seedCommitment });
  });

  it('a card swapped in the deal fails the deal and the moves; the seed still matches', async () => {
    const record = copy(playedRecord());
    const dealt = record.events.find((e) => e.event.type === 'dealt' && e.event.to === 'open')!.event as { cards: string[] };
    const at = record.events.findIndex((e) => e.event.type === 'dealt' && e.event.to === 'covered');
    const covered = record.events[at].event as { cards: string[] };
    [dealt.cards[0], covered.cards[0]] = [covered.cards[0], dealt.cards[0]];
    const outcome = await verifyInBrowser(record);
    expect(outcome.ok).toBe(false);
    const by = Object.fromEntries(outcome.checks.map((c) => [c.name, c]));
    expect(by.commitment.ok).toBe(true);
    expect(by.deal.ok).toBe(false);
    expect(by.deal.details[0]).toMatch(/^deal: event \d+ should deal deck positions/);
    expect(by.moves.ok).toBe(false);
  });

  it('another seed than the committed one fails the commitment', async () => {
    const record = copy(playedRecord());
    record.seedCommitment = 'ab'.repeat(32);
    const outcome = await verifyInBrowser(record);
    expect(outcome.ok).toBe(false);
    expect(outcome.checks.find((c) => c.name === 'commitment')).toMatchObject({ ok: false });
    expect(outcome.checks.find((c) => c.name === 'commitment')!.details[0]).toContain('published seedCommitment is abab');
  });

  it('a changed result fails the result only; a malformed record says so', async () => {
    const record = copy(playedRecord());
    record.result!.scores.forehand += 10;
    const outcome = await verifyInBrowser(record);
    expect(outcome.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['result']);

    const broken = await verifyInBrowser({ hello: 'world' } as unknown as GameRecord);
    expect(broken.ok).toBe(false);
    expect(broken.checks[0]).toMatchObject({ name: 'record', ok: false });
  });
});

describe('replay stepping', () => {
  const record = playedRecord('classic', 5);
  const replay = new ReplayModel(record);

  it('one state per event, from the empty table to the finished game', () => {
    expect(replay.brokenAt).toBeNull();
    expect(replay.last).toBe(record.events.length);
    expect(replay.states[0].phase).toBe('cutting');
    expect(replay.states[replay.last].phase).toBe('finished');
    expect(replay.states[replay.last].result).toEqual(record.result);
  });

  it('trick steps land on the start, the first card, each complete trick and the end, forwards and back', () => {
    const firstPlay = record.events.findIndex((e) => e.event.type === 'played');
    expect(replay.nextTrick(0)).toBe(firstPlay);
    const complete = replay.nextTrick(firstPlay);
    expect(replay.states[complete].trick).toHaveLength(2);
    expect(replay.trickAt(complete)).toBe(1);
    expect(replay.prevTrick(complete)).toBe(firstPlay);
    expect(replay.prevTrick(firstPlay)).toBe(0);
    // 16 complete tricks in a classic game played out (fewer when someone resigned: not here).
    expect(replay.stops.filter((i) => i > 0 && replay.states[i].trick.length === 2)).toHaveLength(16);
    let at = 0;
    let steps = 0;
    while (at < replay.last) {
      at = replay.nextTrick(at);
      steps++;
    }
    expect(steps).toBe(replay.stops.length - 1);
    expect(replay.nextTrick(replay.last)).toBe(replay.last);
    expect(replay.clamp(-3)).toBe(0);
    expect(replay.clamp(10_000)).toBe(replay.last);
  });

  it('a record the engine cannot fold is replayed as far as it goes', () => {
    const bad = copy(record);
    bad.events[5] = { seq: 6, event: { type: 'nonsense' } as never };
    const partial = new ReplayModel(bad);
    expect(partial.last).toBeLessThanOrEqual(bad.events.length);
  });
});
