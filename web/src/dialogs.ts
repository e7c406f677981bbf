// The decision the phase asks for, built from the view's legalMoves only: cut, declare (hand,
// schneider, schwarz where the rules allow them), kontra/re, bidding (the bid ladder, hold or
// pass), pick up the stock or play hand, lay two cards away. Every button sends a legal move.
import type { Card, GameType, GameView, Move } from '@offiziersskat/client';
import { h } from './dom.ts';
import { gameName, type Translate } from './i18n.ts';

export interface DecisionOptions {
  t: Translate;
  act: (move: Move) => void;
  busy: boolean;
  /** The hand cards chosen to lay away (the stock phase after picking it up). */
  chosen: ReadonlySet<Card>;
}

type Declare = Extract<Move, { type: 'declare' }>;

const button = (label: string, move: Move, o: DecisionOptions, extra: Record<string, unknown> = {}) =>
  h('button', { type: 'button', class: 'move', 'data-move': move.type, disabled: o.busy, onclick: () => o.act(move), ...extra }, label);

const panel = (title: string, ...content: (HTMLElement | null)[]) =>
  h('div', { class: 'decision', role: 'group', 'aria-label': title }, h('h2', null, title), ...content);

/** A random cut in the allowed range (the player's own choice stays its part of fairness). */
function randomCut(moves: Move[]): number {
  const ats = moves.filter((m): m is Extract<Move, { type: 'cut' }> => m.type === 'cut').map((m) => m.at ?? 16);
  const r = crypto.getRandomValues(new Uint32Array(1))[0];
  return ats[r % ats.length];
}

export function decisionPanel(view: GameView, o: DecisionOptions): HTMLElement | null {
  const { t } = o;
  const moves = view.legalMoves as Move[];
  if (moves.length === 0 || view.status === 'playing') return null;
  const of = <T extends Move['type']>(type: T) => moves.filter((m): m is Extract<Move, { type: T }> => m.type === type);

  switch (view.status) {
    case 'cutting': {
      const ats = of('cut').map((m) => m.at ?? 16);
      let at = randomCut(moves);
      const label = h('span', { class: 'cut-label' }, t('cutAt', { n: at }));
      const range = h('input', {
        type: 'range',
        min: Math.min(...ats),
        max: Math.max(...ats),
        value: String(at),
        'aria-label': t('cutTitle'),
        oninput: (e: Event) => {
          at = Number((e.target as HTMLInputElement).value);
          label.textContent = t('cutAt', { n: at });
        },
      });
      return panel(t('cutTitle'), h('div', { class: 'cut' }, range, label), h('div', { class: 'buttons' }, h('button', { type: 'button', class: 'move primary', 'data-move': 'cut', disabled: o.busy, onclick: () => o.act({ type: 'cut', at }) }, t('cut'))));
    }
    case 'declaring':
      return panel(t('declareTitle'), h('div', { class: 'buttons games' }, of('declare').map((m) => button(gameName(t, m.game as GameType), m, o, { 'data-game': m.game }))));
    case 'kontra':
      return panel(t('kontraTitle'), h('div', { class: 'buttons' }, button(t('sayKontra'), { type: 'kontra' }, o), button(t('noThanks'), { type: 'pass' }, o)));
    case 're':
      return panel(t('reTitle'), h('div', { class: 'buttons' }, button(t('sayRe'), { type: 're' }, o), button(t('noThanks'), { type: 'pass' }, o)));
    case 'bidding':
      return biddingPanel(view, o);
    case 'stock':
      return of('discard').length > 0 ? discardPanel(view, o) : stockPanel(view, o);
    default:
      return null;
  }
}

function biddingPanel(view: GameView, o: DecisionOptions): HTMLElement {
  const { t } = o;
  const moves = view.legalMoves as Move[];
  const value = view.bidding?.value ?? 0;
  const status = value > 0 ? h('p', { class: 'bid-status' }, t('highestBid', { n: value })) : null;
  if (moves.some((m) => m.type === 'hold'))
    return panel(t('biddingTitle'), status, h('div', { class: 'buttons' }, button(t('hold', { n: value }), { type: 'hold' }, o), button(t('pass'), { type: 'pass' }, o)));
  const bids = moves.filter((m): m is Extract<Move, { type: 'bid' }> => m.type === 'bid');
  let chosen = bids[0]?.value;
  const bidButton = h('button', { type: 'button', class: 'move primary', 'data-move': 'bid', disabled: o.busy || !bids.length, onclick: () => o.act({ type: 'bid', value: chosen }) }, t('bidNow', { n: chosen }));
  const ladder = h(
    'select',
    {
      'aria-label': t('biddingTitle'),
      onchange: (e: Event) => {
        chosen = Number((e.target as HTMLSelectElement).value);
        bidButton.textContent = t('bidNow', { n: chosen });
      },
    },
    bids.map((b) => h('option', { value: String(b.value) }, String(b.value))),
  );
  return panel(t('biddingTitle'), status, h('div', { class: 'buttons' }, ladder, bidButton, button(t('pass'), { type: 'pass' }, o)));
}

function stockPanel(view: GameView, o: DecisionOptions): HTMLElement {
  const { t } = o;
  const declares = (view.legalMoves as Move[]).filter((m): m is Declare => m.type === 'declare');
  const flags = { schneider: false, schwarz: false };
  const find = (game: GameType) => declares.find((m) => m.game === game && Boolean(m.schneider) === flags.schneider && Boolean(m.schwarz) === flags.schwarz);
  const games = [...new Set(declares.map((m) => m.game as GameType))];
  const gameButtons = games.map((game) =>
    h('button', { type: 'button', class: 'move', 'data-move': 'declare', 'data-game': game, disabled: o.busy, onclick: () => { const m = find(game); if (m) o.act(m); } }, gameName(t, game)),
  );
  const refresh = () => gameButtons.forEach((b, i) => ((b as HTMLButtonElement).disabled = o.busy || !find(games[i])));
  const box = (flag: 'schneider' | 'schwarz') =>
    h('label', { class: 'check' }, h('input', { type: 'checkbox', onchange: (e: Event) => { flags[flag] = (e.target as HTMLInputElement).checked; if (flag === 'schwarz' && flags.schwarz) flags.schneider = true; refresh(); } }), t(flag));
  const pickUp = (view.legalMoves as Move[]).some((m) => m.type === 'pickUpStock') ? h('button', { type: 'button', class: 'move primary', 'data-move': 'pickUpStock', disabled: o.busy, onclick: () => o.act({ type: 'pickUpStock' }) }, t('pickUp')) : null;
  return panel(
    t('stockTitle'),
    h('div', { class: 'buttons' }, pickUp),
    declares.length ? h('p', { class: 'hand-label' }, t('playHand')) : null,
    declares.length ? h('div', { class: 'buttons games' }, gameButtons) : null,
    declares.some((m) => m.schneider) ? h('div', { class: 'checks' }, box('schneider'), box('schwarz')) : null,
  );
}

function discardPanel(view: GameView, o: DecisionOptions): HTMLElement {
  const { t } = o;
  const pair = [...o.chosen].sort().join(' ');
  const move = (view.legalMoves as Move[]).find((m) => m.type === 'discard' && [...m.cards].sort().join(' ') === pair);
  return panel(
    t('discardTitle'),
    h('div', { class: 'buttons' }, h('button', { type: 'button', class: 'move primary', 'data-move': 'discard', disabled: o.busy || !move, onclick: () => move && o.act(move) }, t('discard'))),
  );
}
