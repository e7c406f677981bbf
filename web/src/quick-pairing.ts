// Quick pairing, as on Lichess's lobby: a grid of variant × seconds a move, one click makes a seek
// (with the rated switch's choice) and the table opens once someone takes it; "stop looking"
// withdraws it. Under the grid, the pool: the seeks waiting now (GET /v1/seeks), each with Join
// (a compatible seek of one's own, which pairs at once).
import type { App } from './app.ts';
import { botBadge } from './bot-badge.ts';
import { h, replaceContent } from './dom.ts';
import type { MessageKey } from './i18n.ts';
import { followMyGames } from './mygames.ts';
import { listSeeks, shownRating, VARIANTS, type NewSeek, type PoolSeek, type Variant } from './rated-api.ts';
import { canPlayRated, ratedChosen, ratedSwitch } from './rated-switch.ts';
import { Seeker } from './seeker.ts';
import './rated.css';

/** The grid's columns: seconds a move (rated games take 10–300). */
export const QUICK_SECONDS = [15, 30, 60, 180] as const;

/** The grid's cells, row by row (a variant a row). */
export const quickCells = (): { variant: Variant; turnSeconds: number }[] => VARIANTS.flatMap((variant) => QUICK_SECONDS.map((turnSeconds) => ({ variant, turnSeconds })));

/** The seek that joins a waiting one: the same options, so the two are compatible. */
export function joiningSeek(s: PoolSeek): NewSeek {
  const { scoring, spitzen, kontra, ramschTrumps } = s.config;
  const body: NewSeek = { variant: s.variant, rated: s.rated, games: s.games };
  if (s.turnSeconds !== null) body.turnSeconds = s.turnSeconds;
  if (scoring !== undefined) body.scoring = scoring;
  if (spitzen !== undefined) body.spitzen = spitzen;
  if (kontra !== undefined) body.kontra = kontra;
  if (ramschTrumps !== undefined) body.ramschTrumps = ramschTrumps;
  return body;
}

const POOL_MS = 5_000;

export function pairingPanel(app: App, signal: AbortSignal): HTMLElement {
  const { t, session } = app;
  const me = session.player!;
  const variantName = (v: string) => t(`variant_${v}` as MessageKey);

  const status = h('div', { class: 'seek-status', 'aria-live': 'polite', 'data-testid': 'seek-status' });
  const grid = h('div', { class: 'quick-grid', role: 'group', 'aria-label': t('quickPairing') });
  const pool = h('div', { class: 'seek-pool', 'aria-live': 'polite' });
  const form = h('form', { class: 'quick-pairing', onsubmit: (e: Event) => e.preventDefault() }, ratedSwitch(app, { testid: 'quick-rated' }));
  // A seek of one's own made, withdrawn or ended: the pool is read again to show it so.
  const seeker = new Seeker(app, signal, () => {
    render();
    void refresh();
  });
  let seeks: PoolSeek[] = [];

  const seek = (body: NewSeek) => void seeker.seek(body);

  function renderGrid(): void {
    const rated = ratedChosen(form);
    replaceContent(
      grid,
      quickCells().map((c) =>
        h(
          'button',
          {
            type: 'button',
            class: 'quick-cell',
            disabled: seeker.busy,
            'data-testid': 'quick-cell',
            'data-variant': c.variant,
            'data-seconds': c.turnSeconds,
            // Named by what it shows ("15 s Classic", the name must contain it); the sentence describes it.
            title: t('quickCell', { variant: variantName(c.variant), seconds: c.turnSeconds }),
            onclick: () => seek({ variant: c.variant, turnSeconds: c.turnSeconds, games: 1, rated }),
          },
          h('strong', null, t('secondsPerMove', { n: c.turnSeconds })),
          h('span', null, variantName(c.variant)),
        ),
      ),
    );
  }

  function renderStatus(): void {
    const s = seeker.state;
    if (s.kind === 'posting' || s.kind === 'waiting') {
      const words = { variant: variantName(s.seek.variant), seconds: s.seek.turnSeconds ?? 60 };
      replaceContent(
        status,
        h('p', { class: 'seeking' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), s.seek.rated ? t('seekingRated', words) : t('seeking', words)),
        h('button', { type: 'button', 'data-testid': 'cancel-seek', disabled: s.kind !== 'waiting', onclick: () => void seeker.cancel() }, t('cancelSeek')),
      );
    } else if (s.kind === 'ended') replaceContent(status, h('p', { class: 'muted' }, s.reason ? t(`seek_${s.reason}`) : t('seekEnded')));
    else if (s.kind === 'failed') replaceContent(status, h('p', { class: 'error', role: 'alert' }, s.message));
    else replaceContent(status);
  }

  function renderPool(): void {
    const rows = seeks;
    replaceContent(
      pool,
      h('h3', null, t('pool')),
      rows.length === 0
        ? h('p', { class: 'muted' }, t('poolEmpty'))
        : h(
            'ul',
            { class: 'games compact seeks', 'data-testid': 'seek-pool' },
            rows.map((s) => {
              const own = s.player.playerId === me.playerId;
              const rated = s.rated;
              const words = [
                variantName(s.variant),
                t('secondsPerMove', { n: s.turnSeconds ?? 60 }),
                s.games && s.games > 1 ? t('seekGames', { n: s.games }) : null,
                rated ? t('rated') : t('casual'),
                s.ratingRange ? t('ratingRangeOf', { min: s.ratingRange[0], max: s.ratingRange[1] }) : null,
              ].filter(Boolean);
              const blocked = seeker.busy || (rated && !canPlayRated(app));
              return h(
                'li',
                { 'data-seek-id': s.seekId, 'data-rated': String(rated) },
                h('div', null, h('strong', null, own ? t('poolYours') : h('a', { href: `/players/${encodeURIComponent(s.player.playerId)}` }, s.player.name)), s.player.bot ? [' ', botBadge(t)] : null, typeof s.rating === 'number' ? h('span', { class: 'muted' }, ` (${shownRating(s.rating)})`) : null, ' ', h('span', null, words.join(' · '))),
                own ? null : h('button', { type: 'button', class: 'primary', 'data-testid': 'join-seek', disabled: blocked, title: rated && !canPlayRated(app) ? t('ratedNeedsAccount') : undefined, onclick: () => seek(joiningSeek(s)) }, t('join')),
              );
            }),
          ),
    );
  }

  function render(): void {
    renderGrid();
    renderStatus();
    renderPool();
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  let loading = false;
  async function refresh(): Promise<void> {
    if (loading || signal.aborted) return;
    loading = true;
    clearTimeout(timer);
    try {
      seeks = await listSeeks(session.client);
      if (!signal.aborted) renderPool();
    } catch {
      // The pool is extra: the grid still works; it is asked again shortly.
    } finally {
      loading = false;
      if (!signal.aborted) timer = setTimeout(() => void refresh(), POOL_MS);
    }
  }
  signal.addEventListener('abort', () => clearTimeout(timer));
  void followMyGames(session, () => void refresh(), signal);

  form.addEventListener('change', () => renderGrid());
  render();
  void refresh();
  return h('section', { class: 'card-panel pairing', 'data-testid': 'quick-pairing' }, h('h2', null, t('quickPairing')), h('p', { class: 'muted' }, t('quickPairingIntro')), form, grid, status, pool);
}
