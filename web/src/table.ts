// The table: the other player's side at the top, the trick in the middle, the bottom player's
// side below. Every row has its variant's fixed number of slots and every stack a fixed box, so a
// card leaving or arriving moves nothing else. Open cards are pictures, covered cards backs (in a
// replay: the card itself, marked as covered); the bottom player's playable cards are buttons.
import type { Card, Seat } from '@offiziersskat/client';
import { contractWords } from './contract-text.ts';
import { cardPicture, h, type Child } from './dom.ts';
import { cardName, type Translate } from './i18n.ts';
import { cardKeys, HAND_SLOTS, slotsPerRow } from './layout.ts';
import { countedAside, other, tallyPoints, type SeatModel, type TableModel } from './model.ts';
import { botBadge } from './bot-badge.ts';

export interface TableOptions {
  t: Translate;
  /** Plays a card (only offered for the model's playable cards). */
  onPlay?: (card: Card) => void;
  /** Hand cards chosen to lay away, and how to toggle one (the discard decision). */
  selecting?: { chosen: ReadonlySet<Card>; toggle: (card: Card) => void };
  /** Disables every card button (a move is on its way). */
  busy?: boolean;
  /** The middle when no trick is on the table: a decision, a message. */
  middle?: Child;
}

export function renderTable(model: TableModel, options: TableOptions): HTMLElement {
  const { t } = options;
  const bottom = model.bottom;
  const top = other(bottom);
  const keys = model.you ? cardKeys(model.seats[bottom], model.variant) : new Map<Card, string>();
  return h(
    'section',
    { class: `table variant-${model.variant}`, style: `--slots:${slotsPerRow(model.variant)}`, 'aria-label': t('gameTable') },
    seatRow(model, top, options, keys, 'top'),
    middle(model, options),
    seatRow(model, bottom, options, keys, 'bottom'),
  );
}

function seatInfo(model: TableModel, seat: Seat, t: Translate): HTMLElement {
  const s = model.seats[seat];
  const declarer = model.contract?.declarer === seat && model.contract.game !== 'ramsch';
  const roles = [t(seat), declarer ? t('declarer') : null, seat === model.you ? t('you') : null].filter(Boolean).join(' · ');
  return h(
    'div',
    { class: `seat-info${model.toMove === seat ? ' to-move' : ''}`, 'data-seat': seat },
    h('strong', { class: 'name' }, s.name),
    s.bot ? botBadge(t) : null,
    h('span', { class: 'roles' }, roles),
    h('span', { class: 'tally', 'data-testid': `tally-${seat}` }, `${t('tricks', { n: s.tricks })} · ${t('points', { n: tallyPoints(model, seat) })}`),
  );
}

function seatRow(model: TableModel, seat: Seat, options: TableOptions, keys: Map<Card, string>, where: 'top' | 'bottom'): HTMLElement {
  const s = model.seats[seat];
  const own = where === 'bottom' && model.you === seat;
  const stacks = h('div', { class: 'row stacks' }, s.stacks.map((stack, i) => stackBox(stack, i, own, model, options, keys)));
  const hand = HAND_SLOTS[model.variant] > 0 ? handRow(s, model, own, options, keys) : null;
  const info = seatInfo(model, seat, options.t);
  return h('div', { class: `seat ${where}`, 'data-seat': seat }, where === 'top' ? [info, hand, stacks] : [stacks, hand, info]);
}

function cardButton(card: Card, model: TableModel, options: TableOptions, keys: Map<Card, string>, inHand: boolean): HTMLElement {
  const { t } = options;
  const key = keys.get(card);
  const selecting = inHand ? options.selecting : undefined;
  // The key printed on the card is part of its name (a name holds what is seen on the control).
  const shown = Boolean(key) && (Boolean(selecting) || (model.playable.has(card) && Boolean(options.onPlay)));
  const label = shown ? t('cardWithKey', { card: cardName(t, card), key: key! }) : cardName(t, card);
  if (selecting) {
    const chosen = selecting.chosen.has(card);
    return h(
      'button',
      {
        type: 'button',
        class: `card${chosen ? ' chosen' : ''} selectable`,
        'data-card': card,
        'data-focus': `card-${card}`,
        'data-key': key,
        'aria-pressed': String(chosen),
        'aria-label': label,
        'aria-keyshortcuts': key,
        disabled: options.busy,
        onclick: () => selecting.toggle(card),
      },
      cardPicture(card, ''),
      key ? h('span', { class: 'key', 'aria-hidden': 'true' }, key) : null,
    );
  }
  const legal = model.playable.has(card) && Boolean(options.onPlay);
  // Not disabled but aria-disabled: every card of the player's own stays reachable by Tab and is
  // read with its name (a player without sight goes through the hand); only legal ones play.
  const playable = legal && !options.busy;
  return h(
    'button',
    {
      type: 'button',
      class: `card${legal ? ' legal' : ''}`,
      'data-card': card,
      'data-focus': `card-${card}`,
      'data-key': key,
      'data-legal': legal ? 'true' : null,
      'aria-label': label,
      'aria-disabled': playable ? null : 'true',
      'aria-keyshortcuts': legal ? key : null,
      onclick: () => playable && options.onPlay?.(card),
    },
    cardPicture(card, ''),
    key && legal ? h('span', { class: 'key', 'aria-hidden': 'true' }, key) : null,
  );
}

function stackBox(stack: SeatModel['stacks'][number], i: number, own: boolean, model: TableModel, options: TableOptions, keys: Map<Card, string>): HTMLElement {
  const { t } = options;
  const covered =
    stack.covered === null
      ? null
      : stack.covered === 'hidden'
        ? h('div', { class: 'covered' }, cardPicture('back', t('cardBack')))
        : h('div', { class: 'covered revealed', title: t('coveredMark') }, cardPicture(stack.covered, `${cardName(t, stack.covered)} (${t('coveredMark')})`));
  const open = stack.open === null ? null : own ? h('div', { class: 'open' }, cardButton(stack.open, model, options, keys, false)) : h('div', { class: 'open' }, cardPicture(stack.open, cardName(t, stack.open)));
  return h('div', { class: `stack${stack.open === null && stack.covered === null ? ' empty' : ''}`, 'data-stack': i + 1 }, covered, open);
}

function handRow(s: SeatModel, model: TableModel, own: boolean, options: TableOptions, keys: Map<Card, string>): HTMLElement {
  const { t } = options;
  const slots = HAND_SLOTS[model.variant];
  if (!Array.isArray(s.hand)) {
    const count = (s.hand as { count: number }).count;
    return h(
      'div',
      // One image for the covered hand (its count), not a card back read out per card.
      { class: 'row hand backs', role: 'img', 'aria-label': t('handCount', { n: count }), style: `--in-hand:${slots}` },
      Array.from({ length: count }, () => h('div', { class: 'slot' }, cardPicture('back', ''))),
    );
  }
  const cards = s.hand as Card[];
  return h(
    'div',
    { class: 'row hand', style: `--in-hand:${slots}` },
    cards.map((c) => h('div', { class: 'slot' }, own ? cardButton(c, model, options, keys, true) : cardPicture(c, cardName(t, c)))),
  );
}

function middle(model: TableModel, options: TableOptions): HTMLElement {
  const { t } = options;
  const slot = (seat: Seat) => {
    const played = model.trick.find((x) => x.seat === seat);
    return h('div', { class: `trick-slot ${seat === model.bottom ? 'bottom' : 'top'}`, 'data-seat': seat }, played ? cardPicture(played.card, `${model.seats[seat].name}: ${cardName(t, played.card)}`) : null);
  };
  const showTrick = model.trick.length > 0 || !options.middle;
  const last = model.lastTrick
    ? h(
        'div',
        { class: 'last-trick', role: 'group', 'aria-label': t('lastTrick') },
        h('span', { class: 'label' }, t('lastTrick')),
        h('div', { class: 'mini' }, model.lastTrick.cards.map((c) => cardPicture(c.card, cardName(t, c.card)))),
        h('span', { class: 'winner' }, model.seats[model.lastTrick.winner].name),
      )
    : h('div', { class: 'last-trick empty' });
  return h(
    'div',
    { class: 'middle' },
    h('div', { class: 'centre' }, showTrick ? h('div', { class: 'trick', 'data-testid': 'trick' }, slot(other(model.bottom)), slot(model.bottom)) : options.middle),
    h('div', { class: 'side' }, contractLine(model, t), last, stockLine(model, t)),
  );
}

function contractLine(model: TableModel, t: Translate): Child {
  const c = model.contract;
  if (!c || c.game === null) return model.bidding && model.bidding.value > 0 ? h('div', { class: 'contract' }, t('highestBid', { n: model.bidding.value })) : h('div', { class: 'contract' });
  // Every word, each its own line when there is no room: never cut off (phone or desktop).
  return h(
    'div',
    { class: 'contract', 'data-testid': 'contract' },
    contractWords(t, { ...c, game: c.game }).map((w) => h('span', { class: 'word' }, w)),
  );
}

function stockLine(model: TableModel, t: Translate): Child {
  // Cards counted for the declarer get their points and the reason beside them: the tally and
  // the result then agree for a reader.
  const aside = countedAside(model);
  const declarer = model.contract ? model.seats[model.contract.declarer].name : '';
  const label = (kind: 'stock' | 'discards') =>
    aside?.kind === kind ? t(kind === 'stock' ? 'stockCounts' : 'discardsCount', { n: aside.points, name: declarer }) : t(kind === 'stock' ? 'stockCovered' : 'discards');
  const show = (kind: 'stock' | 'discards', x: TableModel['stock']) => {
    if (x === null) return null;
    const cards = Array.isArray(x) ? x.map((c) => cardPicture(c, cardName(t, c))) : Array.from({ length: (x as { count: number }).count }, () => cardPicture('back', t('cardBack')));
    if (cards.length === 0) return null;
    return h('div', { class: 'stock', 'data-testid': kind }, h('span', { class: 'label' }, label(kind)), h('div', { class: 'mini' }, cards));
  };
  return [show('stock', model.stock), show('discards', model.discards)];
}
