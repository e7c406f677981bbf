// `/tournaments`: the tournaments upcoming (soonest first), running and finished (newest first),
// each a link to its page; beside them, for an account, the form that creates one (a guest is
// told why there is none). The lists are read again every few seconds while the page is shown.
import type { App } from '../app.ts';
import { h, replaceContent } from '../dom.ts';
import type { MessageKey } from '../i18n.ts';
import { listTournaments, TOURNAMENT_STATUSES, type TournamentStatus, type TournamentSummary } from '../tournament-api.ts';
import { newTournamentForm } from './tournaments/new-form.ts';
import '../tournaments.css';

const REFRESH_MS = 10_000;

export async function tournamentsScreen(root: HTMLElement, app: App, signal: AbortSignal): Promise<void> {
  const { t, session } = app;
  const lists = new Map(TOURNAMENT_STATUSES.map((s) => [s, h('div', { class: 'tour-list', 'data-testid': `tour-list-${s}`, 'aria-live': 'polite' })]));
  const date = (iso: string) => new Date(iso).toLocaleString(app.language, { dateStyle: 'medium', timeStyle: 'short' });

  const line = (x: TournamentSummary) =>
    h(
      'li',
      { 'data-tournament-id': x.id },
      h('a', { href: `/tournaments/${encodeURIComponent(x.id)}` }, x.name),
      h('span', { class: 'muted' }, ` ${t(`tourSystem_${x.system}` as MessageKey)} · ${x.status === 'upcoming' ? t('tourStartsOn', { date: date(x.startsAt) }) : date(x.startsAt)} · ${t('tourPlayersOf', { n: x.players })}`),
    );

  async function load(status: TournamentStatus): Promise<void> {
    const page = await listTournaments(session.client, status, { limit: 20 }, signal);
    if (signal.aborted) return;
    replaceContent(lists.get(status)!, page.items.length ? h('ul', { class: 'games compact' }, page.items.map(line)) : h('p', { class: 'muted' }, t('tourListEmpty')));
  }

  const create = session.player?.username
    ? newTournamentForm(app)
    : h('p', { class: 'muted', 'data-testid': 'tour-needs-account' }, t('tourNeedsAccount'), ' ', h('a', { href: session.player ? '/account' : '/' }, session.player ? t('account') : t('signIn')));

  replaceContent(
    root,
    h(
      'div',
      { class: 'tournaments' },
      h('h1', null, t('tourListTitle')),
      h(
        'div',
        { class: 'columns' },
        h('div', null, TOURNAMENT_STATUSES.map((s) => h('section', { class: 'card-panel' }, h('h2', null, t(`tourStatus_${s}` as MessageKey)), lists.get(s)))),
        h('section', { class: 'card-panel' }, h('h2', null, t('tourNew')), create),
      ),
    ),
  );

  const refresh = async () => {
    await Promise.all(TOURNAMENT_STATUSES.map(load));
  };
  await refresh();
  const timer = setInterval(() => void refresh().catch(() => {}), REFRESH_MS);
  signal.addEventListener('abort', () => clearInterval(timer), { once: true });
}
