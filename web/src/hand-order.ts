// The order a player sorts a hand in: trumps first, then the suits. model.ts sorts every hand it
// shows with it (a file of its own: the layout reads the models, the models do not read the layout).
import type { Card, GameType } from '@offiziersskat/client';

const SUIT_ORDER = 'CSHD';
const PLAIN_ORDER = 'AKQJT987'; // null: A K Q J 10 9 8 7
const SUIT_RANKS = 'ATKQ987'; // suit and grand: jacks are trumps, the rest A 10 K Q 9 8 7
const TRUMP_SUIT: Partial<Record<GameType, string>> = { clubs: 'C', spades: 'S', hearts: 'H', diamonds: 'D' };

/**
 * A hand in the order a player sorts it: trumps first (jacks CJ SJ HJ DJ, then the trump suit),
 * then the suits C S H D, each high to low; in null the jacks sit in their suits.
 */
export function sortHand(cards: readonly Card[], game: GameType | null, ramschTrumps: 'jacks' | 'none' = 'jacks'): Card[] {
  const jacksAreTrumps = game !== 'null' && !(game === 'ramsch' && ramschTrumps === 'none');
  const trumpSuit = game ? TRUMP_SUIT[game] : undefined;
  const rankOrder = game === 'null' || !jacksAreTrumps ? PLAIN_ORDER : SUIT_RANKS;
  const weight = (c: Card): number => {
    if (jacksAreTrumps && c[1] === 'J') return SUIT_ORDER.indexOf(c[0]);
    const suit = c[0] === trumpSuit ? -1 : SUIT_ORDER.indexOf(c[0]);
    return 10 + (suit + 1) * 10 + rankOrder.indexOf(c[1]);
  };
  return [...cards].sort((a, b) => weight(a) - weight(b));
}
