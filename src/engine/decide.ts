// decide: a seat's move against the rules. Returns the events the move causes, or a typed
// error. Never throws, whatever `move` is: it may come straight from a client.
// biome-ignore-all lint/style/noNonNullAssertion: each function runs in the phase that has the part it reads (`bidding` while bidding, `contract` once declared): decide checks the phase first
import { isBidValue } from './bids.ts';
import { POINTS_AT, cardIndex, isCard } from './cards.ts';
import { DEAL_STAGES, STAGE, TRICK_COUNT } from './deal.ts';
import { evolve, kontraAllowed } from './evolve.ts';
import { BIDDING_GAMES, CLASSIC_GAMES, followsSuit, playableNow } from './legal.ts';
import { finalResult, type Ending } from './score.ts';
import { MAX_CUT, MIN_CUT } from './seed.ts';
import { cutDeckCards, completedTricks, ofSeat, openStackOf, type State } from './state.ts';
import { cardOrder, secondWins } from './trumps.ts';
import {
  GAME_TYPES,
  type Card,
  type Decision,
  type EngineErrorCode,
  type GameEvent,
  type GameType,
  type Move,
  type Phase,
  type Seat,
} from './types.ts';

const fail = (code: EngineErrorCode, detail: string): Decision => ({ ok: false, error: { code, detail } });

/** A game that is over takes no move: played to its end, or called off before it began. */
const isOver = (state: State) => state.phase === 'finished' || state.phase === 'cancelled';
const overDetail = (state: State) => (state.phase === 'cancelled' ? 'the game was called off before it began' : 'the game is over');
const ok = (events: GameEvent[]): Decision => ({ ok: true, events });

/**
 * Whether `phase` is a time for moves of this kind; undefined for no known kind (resign, which
 * belongs to any running phase, aside). A switch: the type comes from the client and must not
 * find an object's inherited keys such as "toString", and it is checked on every move.
 */
function inPhase(type: string, phase: Phase): boolean | undefined {
  switch (type) {
    case 'play':
      return phase === 'playing';
    case 'cut':
      return phase === 'cutting';
    case 'declare':
      return phase === 'declaring' || phase === 'stock';
    case 'kontra':
      return phase === 'kontra';
    case 're':
      return phase === 're';
    case 'pass':
      return phase === 'kontra' || phase === 're' || phase === 'bidding';
    case 'bid':
    case 'hold':
      return phase === 'bidding';
    case 'pickUpStock':
    case 'discard':
      return phase === 'stock';
    default:
      return undefined;
  }
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const optBool = (x: unknown) => x === undefined || typeof x === 'boolean';

/** Dealt events for stages of the deal (nothing for a stage the variant does not have). */
function dealStages(state: State, first: number, last = first, cut = state.cut ?? 0): GameEvent[] {
  const out: GameEvent[] = [];
  for (let stage = first; stage <= last; stage++)
    for (const b of DEAL_STAGES[state.config.variant][stage] ?? [])
      out.push({ type: 'dealt', seat: b.seat, to: b.to, stacks: b.stacks, cards: cutDeckCards(state, b.from, b.count, cut) });
  return out;
}

/** The game is over: the final event, computed on the state the other events lead to. */
function finish(state: State, events: GameEvent[], ending: Ending): GameEvent[] {
  const after = events.reduce(evolve, state);
  return [...events, { type: 'finished', result: finalResult(after, ending), serverSeed: state.serverSeed }];
}

export function decide(state: State, seat: Seat, move: unknown): Decision {
  if (seat !== 'forehand' && seat !== 'dealer') return fail('INVALID_MOVE', 'unknown seat');
  const type = isRecord(move) ? move.type : undefined;
  const allowed = typeof type === 'string' ? inPhase(type, state.phase) : undefined;
  if (allowed === undefined && type !== 'resign') return fail('INVALID_MOVE', 'a move is an object with a known "type"');
  if (isOver(state)) return fail('GAME_FINISHED', overDetail(state));
  const m = move as Move;
  if (m.type === 'resign') return giveUp(state, seat, 'resigned');
  if (state.toMove !== seat) return fail('NOT_YOUR_TURN', `it is ${state.toMove}'s turn`);
  if (!allowed) return fail('WRONG_PHASE', `"${m.type}" is not a move of the ${state.phase} phase`);

  switch (m.type) {
    case 'play': // first: by far the most frequent
      return play(state, seat, m.card);
    case 'cut':
      return cut(state, seat, m.at);
    case 'declare':
      return declare(state, seat, m);
    case 'kontra':
      // Forehand's second batch, on which it decides re; the dealer's waits for that decision.
      return ok([{ type: 'kontra', seat }, ...dealStages(state, STAGE.kontraDecided)]);
    case 're':
      return ok([{ type: 're', seat }, ...dealStages(state, STAGE.reDecided)]);
    case 'pass':
      return pass(state, seat);
    case 'bid':
      return bid(state, seat, m.value);
    case 'hold':
      if (seat !== 'forehand' || state.bidding!.passed.dealer) return fail('ILLEGAL_BID', 'only forehand holds a bid of the dealer');
      return ok([{ type: 'held', seat, value: state.bidding!.value }]);
    case 'pickUpStock':
      if (state.stockPickedUp) return fail('WRONG_PHASE', 'the stock was picked up already: discard two cards');
      return ok([{ type: 'stockPickedUp', seat, cards: state.stock.slice() }]);
    case 'discard':
      return discard(state, seat, m.cards);
  }
}

function cut(state: State, seat: Seat, at: unknown): Decision {
  if (typeof at !== 'number' || !Number.isInteger(at) || at < MIN_CUT || at > MAX_CUT)
    return fail('ILLEGAL_CUT', `cut with "at" an integer from ${MIN_CUT} to ${MAX_CUT}`);
  return ok([{ type: 'cut', seat, at }, ...dealStages(state, STAGE.cut, STAGE.cut, at)]);
}

function declare(state: State, seat: Seat, m: Record<string, unknown>): Decision {
  const game = m.game as GameType;
  if (!GAME_TYPES.includes(game)) return fail('INVALID_MOVE', `"game" is one of ${GAME_TYPES.join(', ')}`);
  if (!optBool(m.hand) || !optBool(m.schneider) || !optBool(m.schwarz))
    return fail('INVALID_MOVE', '"hand", "schneider" and "schwarz" are booleans');
  const bidding = state.config.variant === 'bidding';
  const allowed = bidding ? BIDDING_GAMES : CLASSIC_GAMES;
  if (!allowed.includes(game)) return fail('ILLEGAL_GAME', `${game} is not a game of the ${state.config.variant} variant`);
  const schwarz = m.schwarz === true;
  const schneider = m.schneider === true || schwarz; // schwarz announced includes schneider
  let hand = m.hand === true;
  if (!bidding) {
    if (hand || schneider) return fail('ILLEGAL_GAME', 'hand and announcements belong to the bidding variant');
    // Without a kontra decision the rest of the deal follows at once.
    const last = kontraAllowed(state.config, game) ? STAGE.declared : STAGE.reDecided;
    return ok([{ type: 'declared', seat, game, hand, schneider, schwarz }, ...dealStages(state, STAGE.declared, last)]);
  }
  if (state.phase === 'stock') {
    if (state.stockPickedUp) return fail('WRONG_PHASE', 'discard two cards before declaring');
    if (!hand) return fail('ILLEGAL_GAME', 'pick up the stock, or declare with "hand": true');
  } else if (hand || schneider) {
    return fail('ILLEGAL_GAME', 'schneider and schwarz may only be announced in a hand game');
  }
  if (game === 'null' && schneider) return fail('ILLEGAL_GAME', 'a null game has no schneider or schwarz');
  hand = state.phase === 'stock';
  return ok([{ type: 'declared', seat, game, hand, schneider, schwarz }]);
}

function pass(state: State, seat: Seat): Decision {
  const passed: GameEvent = { type: 'passed', seat };
  // No kontra: no re either, so the rest of the deal follows at once.
  if (state.phase === 'kontra') return ok([passed, ...dealStages(state, STAGE.kontraDecided, STAGE.reDecided)]);
  if (state.phase === 're') return ok([passed, ...dealStages(state, STAGE.reDecided)]);
  const b = state.bidding!;
  // Forehand passing after the dealer passed with nothing bid: the game is passed in.
  if (seat === 'forehand' && b.passed.dealer && b.value === 0)
    return ok(finish(state, [passed], { kind: 'passedIn' }));
  return ok([passed]);
}

function bid(state: State, seat: Seat, value: unknown): Decision {
  const b = state.bidding!;
  if (seat === 'forehand' && !b.passed.dealer) return fail('ILLEGAL_BID', 'forehand holds or passes the dealer\'s bid');
  if (!isBidValue(value)) return fail('ILLEGAL_BID', '"value" is a Skat bid value: 18, 20, 22, 23, 24, 27, …');
  if (value <= b.value) return fail('ILLEGAL_BID', `a bid must be higher than ${b.value}`);
  return ok([{ type: 'bid', seat, value }]);
}

function discard(state: State, seat: Seat, cards: unknown): Decision {
  if (!state.stockPickedUp) return fail('WRONG_PHASE', 'pick up the stock before discarding');
  // Index the two cards: `every` would skip the holes of a sparse array.
  if (!Array.isArray(cards) || cards.length !== 2) return fail('ILLEGAL_DISCARD', '"cards" are exactly two cards');
  const pair = [cards[0], cards[1]];
  if (!isCard(pair[0]) || !isCard(pair[1]) || pair[0] === pair[1])
    return fail('ILLEGAL_DISCARD', '"cards" are exactly two different cards of your hand');
  if (!state.hand[seat].includes(pair[0]) || !state.hand[seat].includes(pair[1]))
    return fail('ILLEGAL_DISCARD', 'you can only discard cards of your hand');
  return ok([{ type: 'discarded', seat, cards: pair }]);
}

function play(state: State, seat: Seat, card: unknown): Decision {
  if (!isCard(card)) return fail('INVALID_MOVE', '"card" is a card such as "CJ", "HT" or "D7"');
  // The stack the card lies open on; -1: it must be in the hand.
  const stack = openStackOf(state, seat, card);
  if (stack < 0 && !ofSeat(state.hand, seat).includes(card))
    return fail('ILLEGAL_CARD', `${card} is neither open on one of your stacks nor in your hand`);
  if (!followsSuit(state, seat, card))
    return fail('MUST_FOLLOW_SUIT', `follow suit: you can play ${playableNow(state, seat).join(', ')}`);
  const played: GameEvent = { type: 'played', seat, card };
  if (state.trick.length === 0) return ok([played]);
  return ok(completeTrick(state, seat, card, stack, played));
}

function completeTrick(state: State, seat: Seat, card: Card, stack: number, played: GameEvent): GameEvent[] {
  const contract = state.contract!;
  const led = state.trick[0];
  const order = cardOrder(contract.game!, state.config.ramschTrumps);
  const ledIndex = cardIndex(led.card);
  const index = cardIndex(card);
  const winner = secondWins(order, ledIndex, index) ? seat : led.seat;
  const points = POINTS_AT[ledIndex] + POINTS_AT[index];
  // Pushed into an empty array: it is then allocated once with room for the turns to come.
  const events: GameEvent[] = [];
  events.push(played, { type: 'trickTaken', winner, cards: [led.card, card], points });
  // The covered cards under the stacks this trick was played from are turned face up.
  turnUnder(state, led.seat, state.trickStacks[0], events);
  turnUnder(state, seat, stack, events);
  const done = completedTricks(state) + 1 === TRICK_COUNT[state.config.variant];
  const nullLost = contract.game === 'null' && winner === contract.declarer;
  return done || nullLost ? finish(state, events, { kind: 'played' }) : events;
}

/** The card under a stack a trick card came from (-1: from the hand) is turned, if any. */
function turnUnder(state: State, seat: Seat, stack: number, events: GameEvent[]): void {
  const under = stack >= 0 ? ofSeat(state.covered, seat)[stack] : null;
  if (under !== null) events.push({ type: 'turned', seat, stack, card: under });
}

/** A seat ran out of time (the claim is the service's; the engine scores it like resigning). */
export function timeOut(state: State, seat: Seat): Decision {
  if (isOver(state)) return fail('GAME_FINISHED', overDetail(state));
  return giveUp(state, seat, 'timedOut');
}

/** Resigning and running out of time: one way out, scored alike (see `finalResult`). */
function giveUp(state: State, seat: Seat, how: 'resigned' | 'timedOut'): Decision {
  return ok(finish(state, [{ type: how, seat }], { kind: how, seat }));
}

