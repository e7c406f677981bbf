// A match's score sheet (Skatliste): one row per game, each player's points and running total.
import type { Match } from '@offiziersskat/client';
import { h } from './dom.ts';
import { gameName, type Translate } from './i18n.ts';
import { signedFigure } from './result.ts';
import { playerName } from './bot-badge.ts';

const sign = signedFigure;

/** A total: negative with a true minus sign, else as it is. */
export const signed = (n: number) => (n < 0 ? `−${-n}` : String(n));

export function sheetTable(match: Match, t: Translate): HTMLElement {
  const players = match.players;
  const name = (id: string | null) => players.find((p) => p.playerId === id)?.name ?? '–';
  return h(
    'table',
    { class: 'sheet', 'data-testid': 'sheet' },
    h('caption', null, t('sheet')),
    h(
      'thead',
      null,
      h('tr', null, h('th', { scope: 'col' }, t('sheetNumber')), h('th', { scope: 'col' }, t('sheetDeclarer')), h('th', { scope: 'col' }, t('sheetGame')), h('th', { scope: 'col' }, t('sheetValue')), players.map((p) => h('th', { scope: 'col' }, playerName(t, p)))),
    ),
    h(
      'tbody',
      null,
      match.sheet.map((row) =>
        h(
          'tr',
          null,
          h('td', null, h('a', { href: `/play/${row.gameId}` }, String(row.number))),
          h('td', null, row.result ? name(row.declarer) : row.status === 'cancelled' ? t('status_cancelled') : t('sheetInPlay')),
          h('td', null, row.game ? `${gameName(t, row.game)}${row.result ? (row.result.won ? ' ✓' : ' ✗') : ''}` : row.result?.passedIn ? t('passedIn') : '–'),
          h('td', { class: 'num' }, row.value === null ? '–' : String(row.value)),
          players.map((p) => h('td', { class: 'num' }, row.result ? `${sign(row.points?.[p.playerId] ?? 0)} (${signed(row.totals?.[p.playerId] ?? 0)})` : '')),
        ),
      ),
    ),
    h('tfoot', null, h('tr', null, h('th', { scope: 'row', colspan: 4 }, t('total')), players.map((p) => h('td', { class: 'num' }, signed(match.totals?.[p.playerId] ?? 0))))),
  );
}
