// The seeded deal: the published test vector, the commitment, and the cut.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DECK } from './cards.ts';
import { MAX_CUT, MIN_CUT, cutDeck, isSeedHex, seedCommitment, shuffle } from './seed.ts';
import { Game, ZERO_SEED, cards } from '../../test/support/testkit.ts';
import { view } from './view.ts';

const VECTOR = cards('HJ DK HK SQ HA DQ DT C9 CT C7 H9 ST DJ HT S9 CJ H8 SA D7 CK DA CA S7 H7 S8 SK C8 D9 SJ CQ D8 HQ');

describe('the shuffle', () => {
  it('deals the test vector from 32 zero bytes', () => {
    expect(shuffle(ZERO_SEED)).toEqual(VECTOR);
  });

  it('is a permutation of the canonical deck C7 … DA', () => {
    expect(DECK[0]).toBe('C7');
    expect(DECK[31]).toBe('DA');
    for (const seed of [ZERO_SEED, 'ff'.repeat(32), '0123456789abcdef'.repeat(4)])
      expect([...shuffle(seed)].sort()).toEqual([...DECK].sort());
  });

  it('depends on every byte of the seed', () => {
    const other = '00'.repeat(31) + '01';
    expect(shuffle(other)).not.toEqual(VECTOR);
  });
});

/**
 * The shuffle as a client would write it from docs/rules.md, on node:crypto instead of the
 * engine's SHA-256: returns the deck and the swap partner j chosen for each i = 31 … 1.
 */
function clientShuffle(seedHex: string): { deck: string[]; js: number[] } {
  const seed = Buffer.from(seedHex, 'hex');
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 32;
  const nextWord = () => {
    if (offset === 32) {
      const input = Buffer.alloc(seed.length + 4);
      seed.copy(input);
      input.writeUInt32BE(counter++, seed.length);
      block = createHash('sha256').update(input).digest();
      offset = 0;
    }
    offset += 4;
    return block.readUInt32BE(offset - 4);
  };
  const deck = [...'CSHD'].flatMap((s) => [...'789TJQKA'].map((r) => s + r));
  const js: number[] = [];
  for (let i = 31; i >= 1; i--) {
    const n = i + 1;
    const limit = 2 ** 32 - (2 ** 32 % n);
    let w = nextWord();
    while (w >= limit) w = nextWord();
    const j = w % n;
    js.push(j);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return { deck, js };
}

describe('a client re-implementing the shuffle from docs/rules.md', () => {
  it('gets the test vector, with the swap partners listed there', () => {
    const { deck, js } = clientShuffle(ZERO_SEED);
    expect(deck).toEqual(VECTOR);
    // j for i = 31, 30, …, 1 (no word is rejected in this vector).
    expect(js).toEqual([21, 25, 5, 12, 26, 1, 14, 9, 16, 8, 7, 7, 6, 9, 15, 15, 4, 10, 6, 12, 11, 9, 0, 3, 2, 1, 5, 4, 1, 1, 0]);
  });

  it('agrees with the engine on other seeds', () => {
    for (let k = 1; k <= 50; k++) {
      const seed = createHash('sha256').update(`seed ${k}`).digest('hex');
      expect(shuffle(seed)).toEqual(clientShuffle(seed).deck);
    }
  });
});

describe('the commitment', () => {
  it('is hex(SHA-256(serverSeed)) of the seed bytes, not of the hex text', () => {
    // SHA-256 of 32 zero bytes, a well-known constant.
    expect(seedCommitment(ZERO_SEED)).toBe('66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925');
  });

  it('accepts only 64 lower-case hex digits as a seed', () => {
    expect(isSeedHex(ZERO_SEED)).toBe(true);
    for (const bad of ['', '0'.repeat(63), '0'.repeat(65), 'A'.repeat(64), 'g'.repeat(64), 42, null])
      expect(isSeedHex(bad)).toBe(false);
  });
});

describe('the cut', () => {
  it('lifts `at` cards and puts them under the rest', () => {
    expect(cutDeck(VECTOR, 4)).toEqual([...VECTOR.slice(4), ...VECTOR.slice(0, 4)]);
    expect(cutDeck(VECTOR, 4).slice(0, 4)).toEqual(cards('HA DQ DT C9'));
  });

  it('lies between 4 and 28 cards', () => {
    expect([MIN_CUT, MAX_CUT]).toEqual([4, 28]);
    for (const at of [3, 29, 0, 32, -1, 4.5, Number.NaN])
      expect(Game.start().try('forehand', { type: 'cut', at })).toMatchObject({ ok: false, error: { code: 'ILLEGAL_CUT' } });
    for (const at of [4, 16, 28]) expect(Game.start().try('forehand', { type: 'cut', at }).ok).toBe(true);
  });

  it('is missing from the move: ILLEGAL_CUT (the service picks one at random, not the engine)', () => {
    expect(Game.start().try('forehand', { type: 'cut' })).toMatchObject({ ok: false, error: { code: 'ILLEGAL_CUT' } });
  });
});

describe('the deal of the test vector, cut at 4, classic', () => {
  // Cut deck: HA DQ DT C9 | CT C7 H9 ST | DJ HT S9 CJ | H8 SA D7 CK | DA CA S7 H7 | S8 SK C8 D9 | SJ CQ D8 HQ | HJ DK HK SQ
  const game = Game.start({ kontra: false }).moves({ type: 'cut', at: 4 }, { type: 'declare', game: 'grand' });
  const { state } = game;

  it("covers forehand's stacks with HA DQ DT C9 DA CA S7 H7 under open DJ HT S9 CJ SJ CQ D8 HQ", () => {
    expect(state.covered.forehand).toEqual(cards('HA DQ DT C9 DA CA S7 H7'));
    expect(state.open.forehand).toEqual(cards('DJ HT S9 CJ SJ CQ D8 HQ'));
  });

  it("covers the dealer's stacks with CT C7 H9 ST S8 SK C8 D9 under open H8 SA D7 CK HJ DK HK SQ", () => {
    expect(state.covered.dealer).toEqual(cards('CT C7 H9 ST S8 SK C8 D9'));
    expect(state.open.dealer).toEqual(cards('H8 SA D7 CK HJ DK HK SQ'));
  });

  it('shows the open cards to everyone and the covered ones to nobody', () => {
    for (const viewer of ['forehand', 'dealer', 'spectator'] as const) {
      const t = view(state, viewer).table;
      expect(t.forehand.stacks.map((s) => s.open)).toEqual(cards('DJ HT S9 CJ SJ CQ D8 HQ'));
      expect(t.forehand.stacks.every((s) => s.covered === 'hidden')).toBe(true);
      expect(t.dealer.stacks.every((s) => s.covered === 'hidden')).toBe(true);
    }
  });
});

describe('the deal of the test vector, cut at 4, the other variants', () => {
  it('halfOpen: four stacks each, then eight hand cards each', () => {
    const { state } = Game.start({ variant: 'halfOpen', kontra: false }).moves(
      { type: 'cut', at: 4 },
      { type: 'declare', game: 'grand' },
    );
    expect(state.covered.forehand).toEqual(cards('HA DQ DT C9'));
    expect(state.open.forehand).toEqual(cards('DJ HT S9 CJ'));
    expect(state.covered.dealer).toEqual(cards('CT C7 H9 ST'));
    expect(state.open.dealer).toEqual(cards('H8 SA D7 CK'));
    expect(state.hand.forehand).toEqual(cards('DA CA S7 H7 S8 SK C8 D9'));
    expect(state.hand.dealer).toEqual(cards('SJ CQ D8 HQ HJ DK HK SQ'));
  });

  it('bidding: five stacks and five hand cards each, two in the stock', () => {
    const { state } = Game.start({ variant: 'bidding' }).moves({ type: 'cut', at: 4 });
    expect(state.covered.forehand).toEqual(cards('HA DQ DT C9 CT'));
    expect(state.covered.dealer).toEqual(cards('C7 H9 ST DJ HT'));
    expect(state.open.forehand).toEqual(cards('S9 CJ H8 SA D7'));
    expect(state.open.dealer).toEqual(cards('CK DA CA S7 H7'));
    expect(state.hand.forehand).toEqual(cards('S8 SK C8 D9 SJ'));
    expect(state.hand.dealer).toEqual(cards('CQ D8 HQ HJ DK'));
    expect(state.stock).toEqual(cards('HK SQ'));
  });
});
