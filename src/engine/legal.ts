// legalMoves: the exact move objects `decide` accepts now from a seat (resign aside, which is
// always open to a seated player while the game runs and is not listed).
import { BID_VALUES } from './bids.ts';
import { MAX_CUT, MIN_CUT } from './seed.ts';
import { trickRules, type SuitClass, type TrickRules } from './trumps.ts';
import { DECK } from './cards.ts';
import type { State } from './state.ts';
import type { Card, GameType, Move, Seat } from './types.ts';

export const CLASSIC_GAMES: readonly GameType[] = ['clubs', 'spades', 'hearts', 'diamonds', 'grand', 'ramsch'];
export const BIDDING_GAMES: readonly GameType[] = ['clubs', 'spades', 'hearts', 'diamonds', 'grand', 'null'];

const CUTS: Move[] = Array.from({ length: MAX_CUT - MIN_CUT + 1 }, (_, i) => ({ type: 'cut', at: MIN_CUT + i }));

/** The suit class a seat must follow now, or null when it leads or any card will do. */
function mustFollow(state: State, seat: Seat): { cls: TrickRules['cls']; need: SuitClass } | null {
  if (state.trick.length === 0) return null;
  const { cls } = trickRules(state.contract!.game!, state.config.ramschTrumps);
  const need = cls[state.trick[0].card];
  for (const c of state.open[seat]) if (c !== null && cls[c] === need) return { cls, need };
  for (const c of state.hand[seat]) if (cls[c] === need) return { cls, need };
  return null;
}

/** The cards a seat may play to the current trick (hot path: no intermediate arrays). */
export function playableNow(state: State, seat: Seat): Card[] {
  const follow = mustFollow(state, seat);
  const out: Card[] = [];
  for (const c of state.open[seat]) if (c !== null && (!follow || follow.cls[c] === follow.need)) out.push(c);
  for (const c of state.hand[seat]) if (!follow || follow.cls[c] === follow.need) out.push(c);
  return out;
}

export type PlayCheck = 'ok' | 'ILLEGAL_CARD' | 'MUST_FOLLOW_SUIT';

/** Whether `card` may be played now, without building the list. */
export function checkPlay(state: State, seat: Seat, card: Card): PlayCheck {
  if (!state.open[seat].includes(card) && !state.hand[seat].includes(card)) return 'ILLEGAL_CARD';
  const follow = mustFollow(state, seat);
  return follow && follow.cls[card] !== follow.need ? 'MUST_FOLLOW_SUIT' : 'ok';
}

/** One shared, frozen move object per card: legalMoves allocates nothing per card. */
const PLAY_MOVES = Object.fromEntries(DECK.map((card) => [card, Object.freeze({ type: 'play', card })])) as Record<
  Card,
  Move
>;

/** The declarations open to a declarer who plays hand (bidding): with schneider, and schwarz. */
function handDeclarations(): Move[] {
  const out: Move[] = [];
  for (const game of BIDDING_GAMES) {
    out.push({ type: 'declare', game, hand: true });
    if (game === 'null') continue;
    out.push({ type: 'declare', game, hand: true, schneider: true });
    out.push({ type: 'declare', game, hand: true, schneider: true, schwarz: true });
  }
  return out;
}
const HAND_DECLARATIONS = handDeclarations();

export function discardPairs(hand: readonly Card[]): Move[] {
  const out: Move[] = [];
  for (let i = 0; i < hand.length; i++)
    for (let j = i + 1; j < hand.length; j++) out.push({ type: 'discard', cards: [hand[i], hand[j]] });
  return out;
}

export function legalMoves(state: State, seat: Seat): Move[] {
  if (state.toMove !== seat) return [];
  switch (state.phase) {
    case 'cutting':
      return CUTS.slice();
    case 'declaring': {
      const games = state.config.variant === 'bidding' ? BIDDING_GAMES : CLASSIC_GAMES;
      return games.map((game) => ({ type: 'declare', game }));
    }
    case 'kontra':
      return [{ type: 'kontra' }, { type: 'pass' }];
    case 're':
      return [{ type: 're' }, { type: 'pass' }];
    case 'bidding': {
      const b = state.bidding!;
      // Forehand answers the dealer's bid; after the dealer passed with nothing held it may bid.
      if (seat === 'forehand' && !b.passed.dealer) return [{ type: 'hold' }, { type: 'pass' }];
      const bids: Move[] = BID_VALUES.filter((v) => v > b.value).map((value) => ({ type: 'bid', value }));
      return [...bids, { type: 'pass' }];
    }
    case 'stock':
      if (state.stockPickedUp) return discardPairs(state.hand[seat]);
      return [{ type: 'pickUpStock' }, ...HAND_DECLARATIONS];
    case 'playing':
      return playableNow(state, seat).map((card) => PLAY_MOVES[card]);
    case 'finished':
      return [];
  }
}
