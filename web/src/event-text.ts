// One game event as a sentence (the replay's log, the table's latest news).
import type { GameEvent } from '@offiziersskat/client';
import type { BySeat } from '../../src/engine/index.ts';
import { declarationWords } from './contract-text.ts';
import { cardName, type MessageKey, type Translate } from './i18n.ts';

export function describeEvent(e: GameEvent, names: BySeat<string>, t: Translate): string {
  const seat = 'seat' in e && e.seat ? names[e.seat] : '';
  const cards = (list: readonly string[]) => list.map((c) => (c === 'hidden' ? '▮' : cardName(t, c as never))).join(', ');
  switch (e.type) {
    case 'seated':
    case 'kontra':
    case 're':
    case 'passed':
    case 'resigned':
    case 'timedOut':
      return t(`ev_${e.type}`, { seat });
    case 'cut':
      return t('ev_cut', { seat, n: e.at });
    case 'dealt': {
      // Covered cards are counted, not drawn as ▮; the stock is said for what it is.
      const covered = e.cards.every((c) => c === 'hidden');
      if (e.to === 'stock') return covered ? t('ev_dealtStockCovered', { n: e.cards.length }) : t('ev_dealtStock', { cards: cards(e.cards) });
      const to = t(`to_${e.to}` as MessageKey, { seat: e.seat ? names[e.seat] : '' });
      return t('ev_dealt', { to, cards: covered ? t('coveredCards', { n: e.cards.length }) : cards(e.cards) });
    }
    case 'declared':
      return t('ev_declared', { seat, game: declarationWords(t, e).join(' · ') });
    case 'bid':
    case 'held':
      return t(`ev_${e.type}`, { seat, n: e.value });
    case 'stockPickedUp':
    case 'discarded':
      return t(`ev_${e.type}`, { seat, cards: cards(e.cards) });
    case 'played':
      return t('ev_played', { seat, cards: cardName(t, e.card) });
    case 'trickTaken':
      return t('ev_trickTaken', { seat: names[e.winner], n: e.points });
    case 'turned':
      return t('ev_turned', { seat, cards: cardName(t, e.card) });
    case 'finished':
      return t('ev_finished');
    case 'cancelled':
      return t('ev_cancelled');
  }
}
