// The contract in words, in full: the game and what is trump in it, hand, schneider or schwarz
// announced, kontra, re and the bid. The table shows every word (wrapping, never cut off), and the
// event log says a declaration with the same words.
import type { GameType } from '@offiziersskat/client';
import type { ContractView } from '../../src/engine/index.ts';
import { gameName, type Translate } from './i18n.ts';

const SUITS = new Set<GameType>(['clubs', 'spades', 'hearts', 'diamonds']);

/** The game with its trumps: "Clubs, trump" for a suit game; Grand, Null and Ramsch say theirs. */
export function gameWithTrump(t: Translate, game: GameType): string {
  if (SUITS.has(game)) return t('suitTrump', { suit: gameName(t, game) });
  if (game === 'grand') return t('grandTrump');
  if (game === 'null') return t('nullTrump');
  return gameName(t, game);
}

/** What was declared: the game and its announcements (a declaration's words). */
export function declarationWords(t: Translate, d: { game: GameType; hand?: boolean; schneider?: boolean; schwarz?: boolean }): string[] {
  return [gameWithTrump(t, d.game), d.hand ? t('hand') : null, d.schwarz ? t('schwarz') : d.schneider ? t('schneider') : null].filter((w): w is string => w !== null);
}

/** Every word of a contract, in order. */
export function contractWords(t: Translate, c: Pick<ContractView, 'hand' | 'schneider' | 'schwarz' | 'kontra' | 're' | 'bid'> & { game: GameType }): string[] {
  return [...declarationWords(t, c), c.kontra ? t('kontra') : null, c.re ? t('re') : null, c.bid ? t('bidValue', { n: c.bid }) : null].filter(
    (w): w is string => w !== null,
  );
}
