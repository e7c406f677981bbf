// The match decider, given → when → then: given a match and its played games, when a player
// joins or a game ends, then these match events, this status, this next game.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { GameRow } from '../games/index.ts';
import type { PlayedGame } from './store.ts';
import type { MatchRow } from './tables.ts';
import { DEFAULT_CONFIG, seedCommitment, type Result } from '../engine/index.ts';
import { DomainError } from '../platform/errors.ts';
import { decideCancel, decideDecline, decideExpiry, decideJoin, decideNext, type Draw } from './decide.ts';
import { firstDealerIndex } from './sheet.ts';

const ANNA = 'anna';
const BERT = 'bert';
const at = new Date('2026-11-30T12:00:00.000Z');
const draw = (n: number): Draw => ({ id: `game-${n}`, serverSeed: String(n).padStart(2, '0').repeat(32) });

/** A match seed whose first dealer is the creator (0) or the opponent (1). */
function seedWithFirstDealer(index: 0 | 1): string {
  for (let i = 0; ; i++) {
    const seed = createHash('sha256').update(`seed ${i}`).digest('hex');
    if (firstDealerIndex(seed) === index) return seed;
  }
}

function match(overrides: Partial<MatchRow> = {}): MatchRow {
  const matchSeed = seedWithFirstDealer(0);
  return {
    id: 'm1',
    config: DEFAULT_CONFIG,
    games: 2,
    turnSeconds: null,
    rated: false,
    status: 'playing',
    version: 1,
    creatorPlayerId: ANNA,
    opponentPlayerId: BERT,
    reservedPlayerId: null,
    matchSeed,
    seedCommitment: seedCommitment(matchSeed),
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** Game `number`, its seats as the match deals them (first dealer: the creator). */
function played(number: number, result: Partial<Result> | null): PlayedGame {
  const dealer = number % 2 === 1 ? ANNA : BERT;
  const forehand = dealer === ANNA ? BERT : ANNA;
  const row = { id: `game-${number}`, number, status: result ? 'finished' : 'playing', dealerPlayerId: dealer, forehandPlayerId: forehand } as GameRow;
  return { row, result: result && ({ declarer: 'forehand', game: 'clubs', won: true, draw: false, end: 'played', passedIn: false, resigned: null, timedOut: null, ...result } as Result) };
}

describe('a player joins', () => {
  it('given a waiting match, the second player takes the slot and game 1 starts, both seated', () => {
    const given = match({ status: 'waiting', version: 0, opponentPlayerId: null });
    const step = decideJoin(given, BERT, draw(1));
    expect(step).toEqual({
      events: [{ type: 'gameStarted', number: 1, gameId: 'game-1', dealer: ANNA, forehand: BERT }],
      status: 'playing',
      opponentPlayerId: BERT,
      game: {
        id: 'game-1',
        number: 1,
        serverSeed: draw(1).serverSeed,
        seedCommitment: seedCommitment(draw(1).serverSeed),
        forehandPlayerId: BERT,
        dealerPlayerId: ANNA,
        events: [
          { type: 'seated', seat: 'forehand', playerId: BERT },
          { type: 'seated', seat: 'dealer', playerId: ANNA },
        ],
      },
      // Both hear the match and its first game began.
      notices: [
        { playerId: ANNA, event: { type: 'matchStart', matchId: 'm1', opponent: BERT, games: 2 } },
        { playerId: BERT, event: { type: 'matchStart', matchId: 'm1', opponent: ANNA, games: 2 } },
        { playerId: BERT, event: { type: 'gameStart', gameId: 'game-1', seat: 'forehand', opponent: ANNA, matchId: 'm1', number: 1 } },
        { playerId: ANNA, event: { type: 'gameStart', gameId: 'game-1', seat: 'dealer', opponent: BERT, matchId: 'm1', number: 1 } },
      ],
    });
  });

  it('given a seed that draws the opponent, the opponent deals game 1', () => {
    const given = match({ status: 'waiting', version: 0, opponentPlayerId: null, matchSeed: seedWithFirstDealer(1) });
    const step = decideJoin(given, BERT, draw(1));
    expect(step).toMatchObject({ events: [{ dealer: BERT, forehand: ANNA }], game: { dealerPlayerId: BERT, forehandPlayerId: ANNA } });
  });

  it.each([
    ['the creator', match({ status: 'waiting', opponentPlayerId: null }), ANNA, 'ALREADY_IN_MATCH'],
    ['a player of a full match', match(), BERT, 'ALREADY_IN_MATCH'],
    ['a third player of a full match', match(), 'cleo', 'MATCH_FULL'],
    ['another player than the reserved one', match({ status: 'waiting', opponentPlayerId: null, reservedPlayerId: BERT }), 'cleo', 'SEAT_RESERVED'],
  ])('given %s joining, it is refused', (_, given, player, code) => {
    const step = decideJoin(given, player, draw(1));
    expect(step).toBeInstanceOf(DomainError);
    expect((step as DomainError).code).toBe(code);
  });

  it('given a slot reserved for this player, it is taken', () => {
    const step = decideJoin(match({ status: 'waiting', opponentPlayerId: null, reservedPlayerId: BERT }), BERT, draw(1));
    expect(step).not.toBeInstanceOf(DomainError);
  });
});

describe('a game of the match ends', () => {
  it('given game 1 of 2 finished, it goes on the sheet and game 2 starts, the dealer alternating', () => {
    const step = decideNext(match(), [played(1, { scores: { forehand: 36, dealer: 0 }, value: 36 })], draw(2));
    expect(step).toEqual({
      events: [
        {
          type: 'gameFinished',
          number: 1,
          gameId: 'game-1',
          declarer: BERT,
          game: 'clubs',
          won: true,
          draw: false,
          end: 'played',
          passedIn: false,
          value: 36,
          points: { [ANNA]: 0, [BERT]: 36 },
          totals: { [ANNA]: 0, [BERT]: 36 },
        },
        { type: 'gameStarted', number: 2, gameId: 'game-2', dealer: BERT, forehand: ANNA },
      ],
      status: 'playing',
      game: expect.objectContaining({ id: 'game-2', number: 2, dealerPlayerId: BERT, forehandPlayerId: ANNA }),
      notices: [
        { playerId: ANNA, event: { type: 'gameStart', gameId: 'game-2', seat: 'forehand', opponent: BERT, matchId: 'm1', number: 2 } },
        { playerId: BERT, event: { type: 'gameStart', gameId: 'game-2', seat: 'dealer', opponent: ANNA, matchId: 'm1', number: 2 } },
      ],
    });
  });

  it('given the last game finished, the match ends with its totals, winner and seed revealed', () => {
    const given = match();
    const step = decideNext(
      given,
      [played(1, { scores: { forehand: 36, dealer: 0 }, value: 36 }), played(2, { declarer: 'dealer', won: false, scores: { forehand: 0, dealer: -96 }, value: 48 })],
      draw(3),
    );
    expect(step?.status).toBe('finished');
    expect(step?.game).toBeUndefined();
    // Game 2: Bert deals and loses 96 as declarer.
    expect(step?.events).toEqual([
      expect.objectContaining({ type: 'gameFinished', number: 2, declarer: BERT, won: false, points: { [ANNA]: 0, [BERT]: -96 }, totals: { [ANNA]: 0, [BERT]: -60 } }),
      { type: 'matchFinished', totals: { [ANNA]: 0, [BERT]: -60 }, winner: ANNA, draw: false, matchSeed: given.matchSeed },
    ]);
    expect(step?.notices).toEqual([ANNA, BERT].map((playerId) => ({ playerId, event: { type: 'matchFinish', matchId: 'm1', winner: ANNA, draw: false, totals: { [ANNA]: 0, [BERT]: -60 } } })));
  });

  it('given equal totals at the end, the match is a draw', () => {
    const step = decideNext(match({ games: 1 }), [played(1, { declarer: null, game: null, won: false, passedIn: true, end: 'passedIn', scores: { forehand: 0, dealer: 0 }, value: 0 })], draw(2));
    expect(step?.events.at(-1)).toMatchObject({ type: 'matchFinished', winner: null, draw: true });
    expect(step?.events[0]).toMatchObject({ type: 'gameFinished', declarer: null, passedIn: true, end: 'passedIn', points: { [ANNA]: 0, [BERT]: 0 } });
  });

  it.each([
    ['a waiting match', match({ status: 'waiting', opponentPlayerId: null }), []],
    ['a match whose current game still runs', match(), [played(1, null)]],
    ['a finished match', match({ status: 'finished' }), [played(1, { scores: { forehand: 1, dealer: 0 } }), played(2, { scores: { forehand: 1, dealer: 0 } })]],
  ])('given %s, no step is due', (_, given, games) => {
    expect(decideNext(given, games, draw(9))).toBeNull();
  });
});

describe('a waiting match is called off', () => {
  const waiting = (overrides: Partial<MatchRow> = {}) => match({ status: 'waiting', version: 0, opponentPlayerId: null, reservedPlayerId: BERT, ...overrides });

  it('given its creator calls it off, it is cancelled and both the creator and the challenged hear it', () => {
    expect(decideCancel(waiting(), ANNA)).toEqual({
      events: [{ type: 'matchCancelled', by: ANNA, reason: 'cancelled' }],
      status: 'cancelled',
      notices: [ANNA, BERT].map((playerId) => ({ playerId, event: { type: 'challengeCancelled', kind: 'match', id: 'm1', by: ANNA, reason: 'cancelled' } })),
    });
  });

  it('given the challenged player declines, it is cancelled as declined', () => {
    expect(decideDecline(waiting(), BERT)).toMatchObject({
      events: [{ type: 'matchCancelled', by: BERT, reason: 'declined' }],
      status: 'cancelled',
      notices: [ANNA, BERT].map((playerId) => ({ playerId, event: { type: 'challengeDeclined', kind: 'match', id: 'm1', by: BERT } })),
    });
  });

  it('given nobody joined in time, it expires; a match that began does not', () => {
    expect(decideExpiry(waiting())).toMatchObject({ events: [{ type: 'matchCancelled', by: null, reason: 'expired' }], status: 'cancelled' });
    expect(decideExpiry(match())).toBeNull();
  });

  it('given it is off already, calling it off again changes nothing', () => {
    expect(decideCancel(waiting({ status: 'cancelled' }), ANNA)).toEqual({ events: [], status: 'cancelled', notices: [] });
  });

  it.each([
    ['the challenged player calling it off', () => decideCancel(waiting(), BERT), 'NOT_YOUR_MATCH'],
    ['its creator declining it', () => decideDecline(waiting(), ANNA), 'NOT_YOUR_CHALLENGE'],
    ['its creator calling off a match that began', () => decideCancel(match(), ANNA), 'MATCH_STARTED'],
    ['joining a match that is off', () => decideJoin(waiting({ status: 'cancelled' }), BERT, draw(1)), 'MATCH_CANCELLED'],
  ])('given %s, it is refused', (_, when, code) => {
    const step = when();
    expect(step).toBeInstanceOf(DomainError);
    expect((step as DomainError).code).toBe(code);
  });
});
