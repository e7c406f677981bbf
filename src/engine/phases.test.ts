// Every phase rejects what does not belong to it, with the right code, and changes nothing.
// Given a game at some point, when a seat tries a move, then it is rejected with a code.
import { describe, expect, it } from 'vitest';
import { decide } from './decide.ts';
import { Game, cards } from '../../test/support/testkit.ts';
import type { Config, EngineErrorCode, Phase, Seat } from './types.ts';

type Given = () => Game;
type Case = [seat: Seat, move: unknown, code: EngineErrorCode];

/** decide is pure: the state is neither changed nor mutated by a rejected move. */
function expectRejected(game: Game, seat: Seat, move: unknown, code: EngineErrorCode): void {
  const before = structuredClone(game.state);
  const d = decide(game.state, seat, move);
  expect(d).toMatchObject({ ok: false, error: { code } });
  if (!d.ok) expect(d.error.detail).toEqual(expect.any(String));
  expect(game.state).toEqual(before);
}

// The test vector (zero seed, cut 4). Classic: forehand open DJ HT S9 CJ, later SJ CQ D8 HQ;
// the dealer open H8 SA D7 CK, later HJ DK HK SQ.
const classic = (over: Partial<Config> = {}) => Game.start(over).moves({ type: 'cut', at: 4 });
// Bidding: forehand open S9 CJ H8 SA D7, hand S8 SK C8 D9 SJ; dealer open CK DA CA S7 H7,
// hand CQ D8 HQ HJ DK; stock HK SQ.
const bidding = (over: Partial<Config> = {}) => Game.start({ variant: 'bidding', ...over }).moves({ type: 'cut', at: 4 });
const forehandDeclares18 = () => bidding().moves({ type: 'pass' }, { type: 'bid', value: 18 });

const phases: [label: string, phase: Phase, given: Given, cases: Case[]][] = [
  [
    'cutting',
    'cutting',
    () => Game.start(),
    [
      ['dealer', { type: 'cut', at: 10 }, 'NOT_YOUR_TURN'],
      ['forehand', { type: 'declare', game: 'grand' }, 'WRONG_PHASE'],
      ['forehand', { type: 'play', card: 'CJ' }, 'WRONG_PHASE'],
      ['forehand', { type: 'pass' }, 'WRONG_PHASE'],
      ['forehand', { type: 'cut', at: 3 }, 'ILLEGAL_CUT'],
      ['forehand', { type: 'cut', at: '10' }, 'ILLEGAL_CUT'],
    ],
  ],
  [
    'declaring (classic)',
    'declaring',
    () => classic(),
    [
      ['dealer', { type: 'declare', game: 'grand' }, 'NOT_YOUR_TURN'],
      ['forehand', { type: 'cut', at: 10 }, 'WRONG_PHASE'],
      ['forehand', { type: 'bid', value: 18 }, 'WRONG_PHASE'],
      ['forehand', { type: 'kontra' }, 'WRONG_PHASE'],
      ['forehand', { type: 'play', card: 'DJ' }, 'WRONG_PHASE'],
      ['forehand', { type: 'declare', game: 'null' }, 'ILLEGAL_GAME'],
      ['forehand', { type: 'declare', game: 'grand', hand: true }, 'ILLEGAL_GAME'],
      ['forehand', { type: 'declare', game: 'grand', schneider: true }, 'ILLEGAL_GAME'],
      ['forehand', { type: 'declare', game: 'grand', schwarz: true }, 'ILLEGAL_GAME'],
      ['forehand', { type: 'declare', game: 'ouvert' }, 'INVALID_MOVE'],
      ['forehand', { type: 'declare', game: 'grand', hand: 'yes' }, 'INVALID_MOVE'],
    ],
  ],
  [
    'kontra',
    'kontra',
    () => classic().moves({ type: 'declare', game: 'grand' }),
    [
      ['forehand', { type: 'kontra' }, 'NOT_YOUR_TURN'],
      ['forehand', { type: 'pass' }, 'NOT_YOUR_TURN'],
      ['dealer', { type: 're' }, 'WRONG_PHASE'],
      ['dealer', { type: 'play', card: 'SA' }, 'WRONG_PHASE'],
      ['dealer', { type: 'declare', game: 'clubs' }, 'WRONG_PHASE'],
    ],
  ],
  [
    're',
    're',
    () => classic().moves({ type: 'declare', game: 'grand' }, { type: 'kontra' }),
    [
      ['dealer', { type: 're' }, 'NOT_YOUR_TURN'],
      ['forehand', { type: 'kontra' }, 'WRONG_PHASE'],
      ['forehand', { type: 'play', card: 'DJ' }, 'WRONG_PHASE'],
    ],
  ],
  [
    'playing (grand, forehand leads)',
    'playing',
    () => classic().moves({ type: 'declare', game: 'grand' }, { type: 'pass' }),
    [
      ['dealer', { type: 'play', card: 'SA' }, 'NOT_YOUR_TURN'],
      ['forehand', { type: 'play', card: 'HA' }, 'ILLEGAL_CARD'], // covered under DJ
      ['forehand', { type: 'play', card: 'SA' }, 'ILLEGAL_CARD'], // the dealer's
      ['forehand', { type: 'play', card: 'ZZ' }, 'INVALID_MOVE'],
      ['forehand', { type: 'kontra' }, 'WRONG_PHASE'],
      ['forehand', { type: 'declare', game: 'clubs' }, 'WRONG_PHASE'],
    ],
  ],
  [
    'playing (grand, HT led: the dealer holds H8 and HK)',
    'playing',
    () => classic().moves({ type: 'declare', game: 'grand' }, { type: 'pass' }).play('HT'),
    [
      ['forehand', { type: 'play', card: 'S9' }, 'NOT_YOUR_TURN'],
      ['dealer', { type: 'play', card: 'SA' }, 'MUST_FOLLOW_SUIT'],
      ['dealer', { type: 'play', card: 'HJ' }, 'MUST_FOLLOW_SUIT'], // a trump in grand, not a heart
      ['dealer', { type: 'play', card: 'C8' }, 'ILLEGAL_CARD'], // covered
    ],
  ],
  [
    'bidding (the dealer says first)',
    'bidding',
    () => bidding(),
    [
      ['forehand', { type: 'bid', value: 18 }, 'NOT_YOUR_TURN'],
      ['forehand', { type: 'pass' }, 'NOT_YOUR_TURN'],
      ['dealer', { type: 'hold' }, 'ILLEGAL_BID'],
      ['dealer', { type: 'bid', value: 19 }, 'ILLEGAL_BID'],
      ['dealer', { type: 'bid', value: 17 }, 'ILLEGAL_BID'],
      ['dealer', { type: 'bid', value: '18' }, 'ILLEGAL_BID'],
      ['dealer', { type: 'bid' }, 'ILLEGAL_BID'],
      ['dealer', { type: 'declare', game: 'grand' }, 'WRONG_PHASE'],
      ['dealer', { type: 'pickUpStock' }, 'WRONG_PHASE'],
      ['dealer', { type: 'kontra' }, 'WRONG_PHASE'],
    ],
  ],
  [
    'bidding (forehand answers a bid of 20)',
    'bidding',
    () => bidding().moves({ type: 'bid', value: 20 }),
    [
      ['dealer', { type: 'bid', value: 22 }, 'NOT_YOUR_TURN'],
      ['forehand', { type: 'bid', value: 22 }, 'ILLEGAL_BID'],
    ],
  ],
  [
    'bidding (forehand held 20)',
    'bidding',
    () => bidding().moves({ type: 'bid', value: 20 }, { type: 'hold' }),
    [
      ['dealer', { type: 'bid', value: 20 }, 'ILLEGAL_BID'],
      ['dealer', { type: 'bid', value: 18 }, 'ILLEGAL_BID'],
      ['dealer', { type: 'hold' }, 'ILLEGAL_BID'],
      ['forehand', { type: 'hold' }, 'NOT_YOUR_TURN'],
    ],
  ],
  [
    'bidding (the dealer passed at once: forehand may bid)',
    'bidding',
    () => bidding().moves({ type: 'pass' }),
    [
      ['forehand', { type: 'hold' }, 'ILLEGAL_BID'],
      ['forehand', { type: 'bid', value: 21 }, 'ILLEGAL_BID'],
      ['dealer', { type: 'bid', value: 18 }, 'NOT_YOUR_TURN'],
    ],
  ],
  [
    'stock (before picking up)',
    'stock',
    forehandDeclares18,
    [
      ['dealer', { type: 'pickUpStock' }, 'NOT_YOUR_TURN'],
      ['forehand', { type: 'discard', cards: cards('S8 C8') }, 'WRONG_PHASE'],
      ['forehand', { type: 'declare', game: 'grand' }, 'ILLEGAL_GAME'],
      ['forehand', { type: 'declare', game: 'ramsch', hand: true }, 'ILLEGAL_GAME'],
      ['forehand', { type: 'declare', game: 'null', hand: true, schneider: true }, 'ILLEGAL_GAME'],
      ['forehand', { type: 'bid', value: 20 }, 'WRONG_PHASE'],
      ['forehand', { type: 'play', card: 'CJ' }, 'WRONG_PHASE'],
    ],
  ],
  [
    'stock (picked up: seven hand cards)',
    'stock',
    () => forehandDeclares18().moves({ type: 'pickUpStock' }),
    [
      ['forehand', { type: 'pickUpStock' }, 'WRONG_PHASE'],
      ['forehand', { type: 'declare', game: 'grand', hand: true }, 'WRONG_PHASE'],
      ['dealer', { type: 'discard', cards: cards('CQ D8') }, 'NOT_YOUR_TURN'],
      ['forehand', { type: 'discard', cards: cards('S8') }, 'ILLEGAL_DISCARD'],
      ['forehand', { type: 'discard', cards: cards('S8 C8 D9') }, 'ILLEGAL_DISCARD'],
      ['forehand', { type: 'discard', cards: cards('S8 S8') }, 'ILLEGAL_DISCARD'],
      ['forehand', { type: 'discard', cards: cards('S8 CJ') }, 'ILLEGAL_DISCARD'], // CJ is open on a stack
      ['forehand', { type: 'discard', cards: cards('S8 CQ') }, 'ILLEGAL_DISCARD'], // the dealer's
      ['forehand', { type: 'discard', cards: 'S8' }, 'ILLEGAL_DISCARD'],
      ['forehand', { type: 'discard', cards: ['S8', 'XX'] }, 'ILLEGAL_DISCARD'],
    ],
  ],
  [
    'declaring (bidding, after discarding)',
    'declaring',
    () => forehandDeclares18().moves({ type: 'pickUpStock' }, { type: 'discard', cards: cards('S8 C8') }),
    [
      ['dealer', { type: 'declare', game: 'grand' }, 'NOT_YOUR_TURN'],
      ['forehand', { type: 'declare', game: 'grand', hand: true }, 'ILLEGAL_GAME'],
      ['forehand', { type: 'declare', game: 'grand', schneider: true }, 'ILLEGAL_GAME'],
      ['forehand', { type: 'declare', game: 'ramsch' }, 'ILLEGAL_GAME'],
      ['forehand', { type: 'discard', cards: cards('D9 SJ') }, 'WRONG_PHASE'],
      ['forehand', { type: 'pickUpStock' }, 'WRONG_PHASE'],
    ],
  ],
  [
    'finished',
    'finished',
    () => bidding().moves({ type: 'pass' }, { type: 'pass' }),
    [
      ['forehand', { type: 'play', card: 'CJ' }, 'GAME_FINISHED'],
      ['dealer', { type: 'bid', value: 18 }, 'GAME_FINISHED'],
      ['forehand', { type: 'resign' }, 'GAME_FINISHED'],
      ['dealer', { type: 'resign' }, 'GAME_FINISHED'],
      ['dealer', { type: 'nonsense' }, 'INVALID_MOVE'],
    ],
  ],
];

describe.each(phases)('given a game at %s', (_, phase, given, cases) => {
  it(`is in the ${phase} phase`, () => {
    expect(given().state.phase).toBe(phase);
  });
  it.each(cases)('when %s tries %j, then %s', (seat, move, code) => {
    expectRejected(given(), seat, move, code);
  });
});

describe('resigning', () => {
  it('is open to either seat in every running phase, whoever is to move', () => {
    for (const [, phase, given] of phases) {
      if (phase === 'finished') continue;
      for (const seat of ['forehand', 'dealer'] as const) {
        const g = given();
        expect(g.try(seat, { type: 'resign' }).ok).toBe(true);
        expect(g.state.phase).toBe('finished');
        expect(g.state.result!.resigned).toBe(seat);
      }
    }
  });
});

describe('garbage moves', () => {
  const sparse: unknown[] = ['S8'];
  sparse.length = 2;
  const nullProto = Object.assign(Object.create(null) as object, { type: 'play', card: 'ZZ' });
  const huge = 'x'.repeat(1_000_000);
  const garbage: [string, unknown][] = [
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['NaN', Number.NaN],
    ['a string', 'play'],
    ['true', true],
    ['an array', []],
    ['an array of a move', [{ type: 'resign' }]],
    ['an empty object', {}],
    ['a type that is not a string', { type: 7 }],
    ['an unknown type', { type: 'shuffle' }],
    ['play without a card', { type: 'play' }],
    ['play with a number', { type: 'play', card: 5 }],
    ['play with an object', { type: 'play', card: { toString: () => 'CJ' } }],
    ['play with a lower-case card', { type: 'play', card: 'cj' }],
    ['a huge type', { type: huge }],
    ['a huge card', { type: 'play', card: huge }],
    ['a huge game', { type: 'declare', game: huge }],
    ['type toString', { type: 'toString' }],
    ['type __proto__', { type: '__proto__' }],
    ['type constructor', { type: 'constructor' }],
    ['type hasOwnProperty', { type: 'hasOwnProperty' }],
    ['game constructor', { type: 'declare', game: 'constructor' }],
    ['game __proto__', { type: 'declare', game: '__proto__' }],
    ['card __proto__', { type: 'play', card: '__proto__' }],
    ['a __proto__ key from JSON', JSON.parse('{"__proto__": {"type": "resign"}}')],
    ['a constructor key from JSON', JSON.parse('{"constructor": {"prototype": {"type": "resign"}}}')],
    ['cut at a string', { type: 'cut', at: '4' }],
    ['cut at Infinity', { type: 'cut', at: Infinity }],
    ['bid Infinity', { type: 'bid', value: Infinity }],
    ['bid an array', { type: 'bid', value: [18] }],
    ['discard nulls', { type: 'discard', cards: [null, null] }],
    ['discard a sparse array', { type: 'discard', cards: sparse }],
    ['discard a huge array', { type: 'discard', cards: new Array(100_000).fill('S8') }],
    ['declare with hand 1', { type: 'declare', game: 'grand', hand: 1 }],
    ['declare with a null game', { type: 'declare', game: null }],
  ];
  const moves: [string, unknown][] = [...garbage, ['an object without a prototype', nullProto]];

  const games: [string, Given][] = phases.map(([label, , given]) => [label, given]);

  it.each(games)('never throw and change nothing: %s', (_, given) => {
    for (const seat of ['forehand', 'dealer'] as const)
      for (const [label, move] of moves) {
        const g = given();
        const before = structuredClone(g.state);
        let d: ReturnType<typeof decide> | undefined;
        expect(() => (d = decide(g.state, seat, move)), label).not.toThrow();
        expect(d!.ok, label).toBe(false);
        expect(g.state, label).toEqual(before);
      }
  });

  it('rejects an unknown seat', () => {
    for (const seat of ['spectator', '__proto__', '', null, 0])
      expect(decide(Game.start().state, seat as Seat, { type: 'resign' })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_MOVE' },
      });
  });

  it('names the malformed ones INVALID_MOVE', () => {
    const g = Game.start();
    for (const [label, move] of moves.slice(0, 11))
      expect(decide(g.state, 'forehand', move), label).toMatchObject({ ok: false, error: { code: 'INVALID_MOVE' } });
  });
});
