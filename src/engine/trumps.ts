// Which cards are trumps, what suit a card follows, and which card wins a trick, per game.
import { DECK, cardIndex, isJack, rankOf, suitOf } from './cards.ts';
import { SUITS, type Card, type GameType, type RamschTrumps, type Suit } from './types.ts';

/** The suit class a card belongs to when following: a printed suit, or trump. */
export const TRUMP = 'trump';
export type SuitClass = Suit | typeof TRUMP;

export interface TrickRules {
  /** What a card counts as when following suit. */
  cls: Readonly<Record<Card, SuitClass>>;
  /** Within its class, the higher power wins. */
  power: Readonly<Record<Card, number>>;
}

const JACK_POWER: Record<Suit, number> = { C: 104, S: 103, H: 102, D: 101 };
const SUIT_ORDER = '789QKTA'; // A T K Q 9 8 7, jack excluded (jacks are trumps)
const NULL_ORDER = '789TJQKA';
const NO_TRUMP_ORDER = '789JQKTA'; // ramsch without trumps: the jack ranks between queen and nine

const TRUMP_SUIT: Partial<Record<GameType, Suit>> = { clubs: 'C', spades: 'S', hearts: 'H', diamonds: 'D' };

function build(kind: 'suit' | 'jacks' | 'none', order: string, trumpSuit?: Suit): TrickRules {
  const cls = {} as Record<Card, SuitClass>;
  const power = {} as Record<Card, number>;
  for (const card of DECK) {
    const suit = suitOf(card);
    if (kind !== 'none' && isJack(card)) {
      cls[card] = TRUMP;
      power[card] = JACK_POWER[suit];
    } else {
      cls[card] = suit === trumpSuit ? TRUMP : suit;
      power[card] = order.indexOf(rankOf(card)) + 1;
    }
  }
  return { cls, power };
}

const RULES = {
  clubs: build('suit', SUIT_ORDER, 'C'),
  spades: build('suit', SUIT_ORDER, 'S'),
  hearts: build('suit', SUIT_ORDER, 'H'),
  diamonds: build('suit', SUIT_ORDER, 'D'),
  grand: build('jacks', SUIT_ORDER),
  ramsch: build('jacks', SUIT_ORDER),
  ramschNoTrumps: build('none', NO_TRUMP_ORDER),
  null: build('none', NULL_ORDER),
};

export function trickRules(game: GameType, ramschTrumps: RamschTrumps): TrickRules {
  if (game === 'ramsch' && ramschTrumps === 'none') return RULES.ramschNoTrumps;
  return RULES[game];
}

/**
 * The same rules as tables by card index (see `cardIndex`), for the per-move hot paths.
 * A suit class is a number here: 0–3 the printed suits C S H D, `TRUMP_CLASS` the trumps.
 */
export interface CardOrder {
  follows: Uint8Array;
  power: Uint8Array;
}
export const TRUMP_CLASS = 4;

function cardOrderOf(rules: TrickRules): CardOrder {
  const classNumber = (cls: SuitClass) => (cls === TRUMP ? TRUMP_CLASS : SUITS.indexOf(cls));
  return {
    follows: Uint8Array.from(DECK, (c) => classNumber(rules.cls[c])),
    power: Uint8Array.from(DECK, (c) => rules.power[c]),
  };
}

const ORDERS = {
  clubs: cardOrderOf(RULES.clubs),
  spades: cardOrderOf(RULES.spades),
  hearts: cardOrderOf(RULES.hearts),
  diamonds: cardOrderOf(RULES.diamonds),
  grand: cardOrderOf(RULES.grand),
  ramsch: cardOrderOf(RULES.ramsch),
  ramschNoTrumps: cardOrderOf(RULES.ramschNoTrumps),
  null: cardOrderOf(RULES.null),
};

export function cardOrder(game: GameType, ramschTrumps: RamschTrumps): CardOrder {
  // A switch, not ORDERS[game]: V8 looks a varying key up slowly, and this runs every move.
  switch (game) {
    case 'clubs':
      return ORDERS.clubs;
    case 'spades':
      return ORDERS.spades;
    case 'hearts':
      return ORDERS.hearts;
    case 'diamonds':
      return ORDERS.diamonds;
    case 'grand':
      return ORDERS.grand;
    case 'ramsch':
      return ramschTrumps === 'none' ? ORDERS.ramschNoTrumps : ORDERS.ramsch;
    case 'null':
      return ORDERS.null;
  }
}

/** Whether the second card of a two-card trick beats the led one (both as card indices). */
export function secondWins(order: CardOrder, led: number, second: number): boolean {
  const a = order.follows[led];
  const b = order.follows[second];
  return a === b ? order.power[second] > order.power[led] : b === TRUMP_CLASS;
}

export function trumpSuitOf(game: GameType): Suit | undefined {
  return TRUMP_SUIT[game];
}

/** Whether `second` beats the `led` card of a two-card trick in this game (secondWins by card). */
export function beats(game: GameType, ramschTrumps: RamschTrumps, led: Card, second: Card): boolean {
  return secondWins(cardOrder(game, ramschTrumps), cardIndex(led), cardIndex(second));
}

/** Index (0 or 1) of the card that wins a two-card trick, led card first. */
export function trickWinnerIndex(game: GameType, ramschTrumps: RamschTrumps, led: Card, second: Card): 0 | 1 {
  return beats(game, ramschTrumps, led, second) ? 1 : 0;
}

/** The cards of `playable` that may be played to a trick led with `led` (follow suit). */
export function followers(rules: TrickRules, led: Card, playable: readonly Card[]): Card[] {
  const need = rules.cls[led];
  const same = playable.filter((c) => rules.cls[c] === need);
  return same.length > 0 ? same : playable.slice();
}
