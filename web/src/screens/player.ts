// `/players/{playerId}?variant=…`: a player's page. Its ratings per variant (GET
// /v1/players/{id}: rating ± deviation, games, provisional), the rating history of one variant as
// a chart drawn here (GET /v1/players/{id}/ratings/{variant}), the recent rated games with the
// change each made, and a link to download the player's games as ndjson (the export).
import type { App } from '../app.ts';
import { botBadge } from '../bot-badge.ts';
import { chartValues } from '../chart-values.ts';
import { h, replaceContent } from '../dom.ts';
import type { MessageKey } from '../i18n.ts';
import { exportUrl, getRatedPlayer, isVariant, ratingDelta, ratingHistory, recentRatedGames, shownRating, VARIANTS, type HistoryPoint, type Variant } from '../rated-api.ts';
import { chartSizeFor, ratingChart } from '../rating-chart.ts';
import { gameOutcome, type GameOutcome } from '../game-outcome.ts';
import { signedFigure } from '../result.ts';
import '../a11y.css';
import '../rated.css';
import '../ranking.css';

export async function playerScreen(root: HTMLElement, app: App, signal: AbortSignal, playerId: string): Promise<void> {
  const { t, session } = app;
  const client = session.client;
  const player = await getRatedPlayer(client, playerId, signal);
  const rated = VARIANTS.filter((v) => player.ratings?.[v]);
  const histories: Partial<Record<Variant, HistoryPoint[]>> = Object.fromEntries(await Promise.all(rated.map(async (v) => [v, await ratingHistory(client, playerId, v, signal)] as const)));
  if (signal.aborted) return;

  const asked = new URLSearchParams(location.search).get('variant');
  const shown: Variant | undefined = isVariant(asked) ? asked : rated[0];
  const variantName = (v: Variant) => t(`variant_${v}` as MessageKey);
  const date = (iso: string) => new Date(iso).toLocaleString(app.language, { dateStyle: 'medium', timeStyle: 'short' });
  const here = (v: Variant) => `/players/${encodeURIComponent(playerId)}?variant=${v}`;

  const ratings = rated.length
    ? h(
        'table',
        { class: 'ranking', 'data-testid': 'ratings' },
        h('thead', null, h('tr', null, h('th', { scope: 'col' }, t('variant')), h('th', { scope: 'col', class: 'num' }, t('rating')), h('th', { scope: 'col', class: 'num' }, t('games')), h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, t('provisional'))))),
        h(
          'tbody',
          null,
          rated.map((v) => {
            const r = player.ratings![v]!;
            return h(
              'tr',
              { 'data-variant': v, 'data-testid': `rating-${v}`, 'data-rating': r.rating, 'data-rd': r.rd, 'data-games': r.games },
              h('th', { scope: 'row' }, h('a', { href: here(v), 'aria-current': v === shown ? 'true' : undefined }, variantName(v))),
              h('td', { class: 'num', 'data-testid': 'rating-value' }, t('ratingOf', { rating: shownRating(r.rating), rd: shownRating(r.rd) })),
              h('td', { class: 'num' }, r.games),
              h('td', null, r.provisional ? h('span', { class: 'badge', 'data-testid': 'provisional' }, t('provisional')) : null),
            );
          }),
        ),
      )
    : h('p', { class: 'muted', 'data-testid': 'no-ratings' }, t('noRatings'));

  const history = shown ? (histories[shown] ?? []) : [];
  const chart = shown
    ? h(
        'section',
        { class: 'card-panel history' },
        h('h2', null, t('historyTitle', { variant: variantName(shown) })),
        history.length
          ? ratingChart(history, {
              title: t('historyTitle', { variant: variantName(shown) }),
              desc: t('chartDesc', {
                n: history.length,
                first: shownRating(history[0].rating),
                last: shownRating(history[history.length - 1].rating),
                min: shownRating(Math.min(...history.map((p) => p.rating))),
                max: shownRating(Math.max(...history.map((p) => p.rating))),
              }),
              label: (i) => `${date(history[i].at)}: ${shownRating(history[i].rating)}`,
            }, chartSizeFor(root.clientWidth - 32))
          : h('p', { class: 'muted' }, t('chartEmpty')),
        history.length ? chartValues(t('valuesOf', { name: t('historyTitle', { variant: variantName(shown) }) }), [t('colDate'), t('rating')], history.map((p) => [date(p.at), shownRating(p.rating)]), 'rating-chart-values') : null,
      )
    : null;

  const recent = recentRatedGames(histories);
  // Each recent game's opponent and outcome, from its view (public once finished).
  const outcomes = new Map(
    await Promise.all(recent.map(async (g) => [g.gameId, await client.getGame(g.gameId, { signal }).then((v) => gameOutcome(v, playerId), () => null)] as const)),
  );
  if (signal.aborted) return;
  const outcomeWords = (o: GameOutcome | null) => (o ? t(`recent_${o.outcome}`, { name: o.opponent, points: signedFigure(o.points) }) : '');
  const exportHref = exportUrl(session.base, playerId);

  replaceContent(
    root,
    h(
      'div',
      { class: 'player-page', 'data-player-id': playerId },
      h('h1', null, t('playerTitle', { name: player.name }), player.bot ? [' ', botBadge(t)] : null),
      h('section', { class: 'card-panel' }, h('h2', null, t('ratingsTitle')), ratings),
      chart,
      recent.length
        ? h(
            'section',
            { class: 'card-panel' },
            h('h2', null, t('recentGames')),
            h(
              'ul',
              { class: 'games compact', 'data-testid': 'recent-games' },
              recent.map((g) =>
                h(
                  'li',
                  { 'data-game-id': g.gameId },
                  h('a', { href: `/play/${encodeURIComponent(g.gameId)}` }, `${date(g.at)} · ${variantName(g.variant)}`),
                  h('span', { 'data-testid': 'recent-outcome' }, ` · ${outcomeWords(outcomes.get(g.gameId) ?? null)}`),
                  h('span', { class: 'muted' }, ` ${t('ratingAfter', { rating: shownRating(g.after) })} (${ratingDelta(g.before, g.after)})`),
                ),
              ),
            ),
          )
        : null,
      h(
        'p',
        null,
        h('a', { class: 'button', href: exportHref, download: `${playerId}.ndjson`, 'data-external': '', 'data-testid': 'export-link' }, t('exportGames')),
        ' ',
        h('small', { class: 'muted' }, t('exportHint')),
      ),
    ),
  );
}
