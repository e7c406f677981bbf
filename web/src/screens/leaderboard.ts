// `/leaderboard/{variant}?bots=include|exclude|only`: the players with an established rating in a
// variant (GET /v1/leaderboards/{variant}: non-provisional, highest first; the rating with its
// deviation in one column, so the table fits a phone), bots with the people,
// apart or alone; each name leads to the player's page. "More" reads the next page.
import type { App } from '../app.ts';
import { playerName } from '../bot-badge.ts';
import { h, replaceContent } from '../dom.ts';
import type { MessageKey } from '../i18n.ts';
import { BOTS_FILTERS, isVariant, LEADERBOARD_RULE, leaderboard, shownRating, VARIANTS, type BotsFilter, type LeaderboardEntry, type Variant } from '../rated-api.ts';
import '../rated.css';
import '../ranking.css';

const PAGE = 50;

export async function leaderboardScreen(root: HTMLElement, app: App, signal: AbortSignal, variantPart?: string): Promise<void> {
  const { t, session } = app;
  const variant: Variant = isVariant(variantPart) ? variantPart : 'classic';
  const asked = new URLSearchParams(location.search).get('bots');
  const bots: BotsFilter = (BOTS_FILTERS as readonly string[]).includes(asked ?? '') ? (asked as BotsFilter) : 'include';
  const href = (v: Variant, b: BotsFilter) => `/leaderboard/${v}${b === 'include' ? '' : `?bots=${b}`}`;
  const variantName = (v: Variant) => t(`variant_${v}` as MessageKey);

  const rows: LeaderboardEntry[] = [];
  let cursor: string | null | undefined;
  const body = h('tbody');
  const more = h('button', { type: 'button', hidden: true, 'data-testid': 'leaderboard-more', onclick: () => void load() }, t('morePages'));
  const empty = h('p', { class: 'muted', hidden: true, 'data-testid': 'leaderboard-empty' }, t('leaderboardEmpty'));
  const me = session.player?.playerId;

  async function load(): Promise<void> {
    more.disabled = true;
    const page = await leaderboard(session.client, variant, { bots, limit: PAGE, cursor: cursor ?? undefined }, signal);
    if (signal.aborted) return;
    rows.push(...page.items);
    // A short page is the last, whatever cursor came with it.
    cursor = page.items.length < PAGE ? null : page.nextCursor;
    replaceContent(
      body,
      rows.map((r) =>
        h(
          'tr',
          { 'data-player-id': r.playerId, class: r.playerId === me ? 'me' : undefined },
          h('td', { class: 'num' }, r.rank),
          h('th', { scope: 'row' }, h('a', { href: `/players/${encodeURIComponent(r.playerId)}` }, playerName(t, r))),
          h('td', { class: 'num', 'data-testid': 'leaderboard-rating', 'data-rating': shownRating(r.rating) }, shownRating(r.rating), h('small', { class: 'muted rd' }, ` ± ${shownRating(r.rd)}`)),
          h('td', { class: 'num' }, r.games),
        ),
      ),
    );
    empty.hidden = rows.length > 0;
    more.hidden = !cursor;
    more.disabled = false;
  }

  replaceContent(
    root,
    h(
      'div',
      { class: 'leaderboard' },
      h('h1', null, t('leaderboardTitle', { variant: variantName(variant) })),
      h('nav', { class: 'tabs', 'aria-label': t('variant') }, VARIANTS.map((v) => h('a', { href: href(v, bots), class: 'tab', 'aria-current': v === variant ? 'page' : undefined }, variantName(v)))),
      h('nav', { class: 'tabs', 'aria-label': t('botsFilter') }, BOTS_FILTERS.map((b) => h('a', { href: href(variant, b), class: 'tab', 'data-testid': `bots-${b}`, 'aria-current': b === bots ? 'page' : undefined }, t(`bots_${b}`)))),
      h(
        'table',
        { class: 'ranking', 'data-testid': 'leaderboard' },
        h('thead', null, h('tr', null, h('th', { scope: 'col', class: 'num' }, t('rank')), h('th', { scope: 'col' }, t('player')), h('th', { scope: 'col', class: 'num' }, t('rating')), h('th', { scope: 'col', class: 'num' }, t('games')))),
        body,
      ),
      empty,
      h('p', { class: 'muted', 'data-testid': 'leaderboard-rule' }, t('leaderboardRule', { rd: LEADERBOARD_RULE.rd, games: LEADERBOARD_RULE.games })),
      more,
    ),
  );
  await load();
}
