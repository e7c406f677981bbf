// The replay's computer analysis of a finished game: a button that asks for it and its progress
// while it is made; then the value graph over the cards (61 and 90 drawn), the per-player summary,
// and the tricks with the costly cards marked and each card's best card on request. Two lenses:
// every card open (double dummy), or the mover's own seat. It follows the replay: the current card
// is marked on the graph and in the tricks, and a card or a point clicked moves the replay there.
import './analysis.css';
import { isAbort, isApiError } from '@offiziersskat/client';
import type { BySeat, GameType } from '../../src/engine/index.ts';
import { type AnalysisAnswer, type GameAnalysis, getAnalysis, LENSES, type Lens, pending, requestAnalysis } from './analysis-api.ts';
import { graphGeometry, GRAPH_SIZE, GRAPH_SIZE_NARROW, markOf, shownValue, tricksOf, type AnalysedPly } from './analysis-model.ts';
import type { App } from './app.ts';
import { chartValues } from './chart-values.ts';
import { cardPicture, type Child, h, replaceContent, svg } from './dom.ts';
import { cardName, type MessageKey, type Translate } from './i18n.ts';

export interface AnalysisPanelOptions {
  gameId: string;
  game: GameType;
  /** Whose value the graph shows (the declarer; for ramsch the other player), by name. */
  valueOf: string;
  names: BySeat<string>;
  /** Moves the replay to just after the n-th card played (1-based). */
  goToCard: (n: number) => void;
}

export interface AnalysisPanel {
  element: HTMLElement;
  /** The replay is at a position after n cards: mark that card. */
  setCard: (n: number) => void;
}

/** How often a pending analysis is asked for again. */
const POLL_MS = 1000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export function analysisPanel(app: App, signal: AbortSignal, o: AnalysisPanelOptions): AnalysisPanel {
  const { t } = app;
  const client = app.session.anonymous;
  const known = new Map<Lens, AnalysisAnswer | 'none'>();
  let lens: Lens = 'open';
  let card = 0;
  let problem: string | null = null;
  /** The poll of the lens being shown; a lens switch or the page leaving ends it. */
  let polling: AbortController | null = null;

  const body = h('div', { class: 'analysis-body' });
  const element = h(
    'section',
    { class: 'analysis card-panel', id: 'analysis', 'data-testid': 'analysis', 'aria-labelledby': 'analysis-title' },
    h('h2', { id: 'analysis-title' }, t('analysisTitle')),
    lensSwitch(),
    body,
  );

  function lensSwitch(): HTMLElement {
    return h(
      'fieldset',
      { class: 'lens-switch', 'data-testid': 'analysis-lens' },
      h('legend', null, t('analysisLens')),
      LENSES.map((l) =>
        h(
          'label',
          { class: 'lens' },
          h('input', { type: 'radio', name: 'analysis-lens', value: l, checked: l === lens, 'data-testid': `lens-${l}`, onchange: () => void show(l) }),
          h('span', null, h('strong', null, t(`lens_${l}` as MessageKey)), h('span', { class: 'muted lens-info' }, t(`lensInfo_${l}` as MessageKey))),
        ),
      ),
    );
  }

  function render(): void {
    const a = known.get(lens);
    element.dataset.lens = lens;
    element.dataset.status = a === undefined ? 'loading' : a === 'none' ? 'none' : a.status;
    const alert = problem ? h('p', { class: 'error', role: 'alert' }, problem) : null;
    replaceContent(body, alert, a === undefined ? null : content(a));
    setCard(card);
  }

  function content(a: AnalysisAnswer | 'none'): Child {
    // Not asked for yet, or failed (asking again queues it again).
    if (a === 'none' || a.status === 'failed')
      return [
        h('p', null, a === 'none' ? t('analysisNone') : t('analysisFailed')),
        h('button', { type: 'button', class: 'primary', 'data-testid': 'analysis-request', 'data-focus': 'analysis-request', onclick: () => void ask() }, t('analysisRequest')),
      ];
    if (a.status !== 'done') {
      const percent = Math.round(Math.max(0, Math.min(1, a.progress)) * 100);
      return [
        h('p', { role: 'status', 'data-testid': 'analysis-progress' }, a.status === 'queued' ? t('analysisQueued') : t('analysisRunning', { n: percent })),
        h('progress', { max: 100, value: percent, 'aria-label': t('analysisTitle') }),
      ];
    }
    return [graph(a.plies), graphValues(a.plies), legend(), a.players ? summary(a.players) : null, tricks(a.plies)];
  }

  /** What the colours mean, with their swatches: the same marks as on the graph's dots and the tricks. */
  function legend(): HTMLElement {
    return h(
      'ul',
      { class: 'legend', 'data-testid': 'analysis-legend', 'aria-label': t('marksLegendTitle') },
      (['costly', 'mistake'] as const).map((m) => h('li', { 'data-mark': m }, h('span', { class: `swatch ${m}`, 'aria-hidden': 'true' }), h('span', null, h('strong', null, t(`mark_${m}`)), ': ', t(`legend_${m}`)))),
    );
  }

  function graph(plies: readonly AnalysedPly[]): SVGElement {
    // The narrow drawing wherever the panel is narrow (its own width once placed, else the window's), so
    // the labels are not scaled down to a few pixels; its labels are drawn larger (analysis.css).
    const narrow = (element.isConnected && element.clientWidth > 0 ? element.clientWidth : innerWidth) < 560;
    const size = narrow ? GRAPH_SIZE_NARROW : GRAPH_SIZE;
    const g = graphGeometry(plies, o.game, size);
    const right = size.width - size.pad;
    const ends = { start: shownValue(g.points[0]?.value ?? 0), end: shownValue(g.points.at(-1)?.value ?? 0) };
    const kind = o.game === 'null' ? 'null' : o.game === 'ramsch' ? 'ramsch' : 'suit';
    return svg(
      'svg',
      { class: narrow ? 'value-graph narrow' : 'value-graph', viewBox: `0 0 ${size.width} ${size.height}`, role: 'img', 'aria-labelledby': 'value-graph-title value-graph-desc', 'data-testid': 'analysis-graph', 'data-points': g.points.length },
      svg('title', { id: 'value-graph-title' }, t('graphTitle')),
      svg('desc', { id: 'value-graph-desc' }, t(`graphDesc_${kind}` as MessageKey, { name: o.valueOf, ...ends })),
      g.ticks.map((tick) => svg('text', { class: 'axis', x: size.left - 6, y: tick.y, 'text-anchor': 'end', 'dominant-baseline': 'middle' }, String(tick.value))),
      g.thresholds.map((line) => svg('line', { class: 'threshold', 'data-value': line.value, x1: size.left, x2: right, y1: line.y, y2: line.y })),
      svg('line', { class: 'now', x1: g.xOf(0), x2: g.xOf(0), y1: size.pad, y2: size.height - size.pad }),
      svg('path', { class: 'line', d: g.line }),
      g.points.map((p) =>
        svg(
          'circle',
          { class: `dot ${p.mark ?? ''}`.trim(), cx: p.x, cy: p.y, r: p.mark ? 5 : 2.5, 'data-index': p.index, onclick: () => o.goToCard(p.index) },
          svg('title', null, p.index === 0 ? t('graphStart', { value: shownValue(p.value) }) : t('graphPoint', { n: p.index, card: cardName(t, plies[p.index - 1].card as never), value: shownValue(p.value) })),
        ),
      ),
    );
  }

  /** The graph's text alternative: each card's value in a table. */
  function graphValues(plies: readonly AnalysedPly[]): HTMLElement {
    const g = graphGeometry(plies, o.game, GRAPH_SIZE);
    const row = (p: (typeof g.points)[number]) => [p.index === 0 ? t('beforeFirstCard') : `${p.index}. ${cardName(t, plies[p.index - 1].card as never)}`, shownValue(p.value)] as const;
    return chartValues(t('valuesOf', { name: t('graphTitle') }), [t('colCard'), t('colValue')], g.points.map(row), 'analysis-graph-values');
  }

  function summary(players: NonNullable<GameAnalysis['players']>): HTMLElement {
    return h(
      'table',
      { class: 'analysis-summary', 'data-testid': 'analysis-summary' },
      h('caption', null, t('summaryTitle')),
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, t('summaryPlayer'))), h('th', { scope: 'col' }, t('summaryCostly')), h('th', { scope: 'col' }, t('summaryMistakes')), h('th', { scope: 'col' }, t('summaryLoss')))),
      h(
        'tbody',
        null,
        (['forehand', 'dealer'] as const).map((seat) => {
          const p = players[seat];
          return h('tr', { 'data-seat': seat }, h('th', { scope: 'row' }, o.names[seat]), h('td', { 'data-field': 'costly' }, p.costly), h('td', { 'data-field': 'mistakes' }, p.mistakes), h('td', { 'data-field': 'loss' }, shownValue(p.loss)));
        }),
      ),
    );
  }

  function tricks(plies: readonly AnalysedPly[]): HTMLElement {
    return h(
      'div',
      { class: 'analysis-tricks-box' },
      h('h3', null, t('tricksTitle')),
      h(
        'ol',
        { class: 'analysis-tricks', 'data-testid': 'analysis-tricks' },
        tricksOf(plies.map((p, i) => ({ p, n: i + 1 }))).map((trick, i) =>
          h('li', { 'data-trick': i + 1 }, h('span', { class: 'trick-n' }, t('trickN', { n: i + 1 })), trick.map(({ p, n }) => ply(p, n, t))),
        ),
      ),
    );
  }

  function ply(p: AnalysedPly, n: number, t: Translate): HTMLElement {
    const mark = markOf(p);
    const name = cardName(t, p.card as never);
    // The service names at least one best card; without one there is nothing to show on request.
    const best =
      p.best.length === 0
        ? null
        : h(
            'span',
            { class: 'best', hidden: true, 'data-testid': 'best-card' },
            p.best.includes(p.card)
              ? t('bestWasPlayed', { value: shownValue(p.value) })
              : t('bestCards', { cards: p.best.map((c) => cardName(t, c as never)).join(', '), best: shownValue(p.bestValue), value: shownValue(p.value) }),
          );
    const toggle =
      best &&
      h(
        'button',
        {
          type: 'button',
          class: 'link best-toggle',
          'aria-expanded': 'false',
          'data-testid': 'best-toggle',
          onclick: () => {
            best.hidden = !best.hidden;
            toggle?.setAttribute('aria-expanded', String(!best.hidden));
          },
        },
        t('showBest'),
      );
    return h(
      'div',
      { class: `ply ${mark ?? ''}`.trim(), 'data-n': n, 'data-card': p.card, 'data-seat': p.seat, 'data-mark': mark ?? 'none' },
      // The player's name in full over the card (it wraps, never cut), then the card, its mark and the best card.
      h('span', { class: 'who', 'data-testid': 'ply-who' }, o.names[p.seat]),
      h('button', { type: 'button', class: 'ply-card', title: `${o.names[p.seat]}: ${name}`, onclick: () => o.goToCard(n) }, cardPicture(p.card, name)),
      h(
        'span',
        { class: 'ply-text' },
        mark ? h('span', { class: 'mark', 'data-testid': 'ply-mark' }, `${t(`mark_${mark}`)} · ${t('lossOf', { n: shownValue(p.loss) })}`) : null,
        toggle,
        best,
      ),
    );
  }

  function setCard(n: number): void {
    card = n;
    const a = known.get(lens);
    if (!a || a === 'none' || a.status !== 'done') return;
    for (const el of element.querySelectorAll('.ply.current')) el.classList.remove('current');
    element.querySelector(`.ply[data-n="${n}"]`)?.classList.add('current');
    const now = element.querySelector('.value-graph .now');
    const dot = element.querySelector<SVGCircleElement>(`.value-graph .dot[data-index="${n}"]`) ?? element.querySelector<SVGCircleElement>('.value-graph .dot:last-of-type');
    if (now && dot) {
      now.setAttribute('x1', dot.getAttribute('cx')!);
      now.setAttribute('x2', dot.getAttribute('cx')!);
    }
  }

  /** Reads the lens' analysis; while it is being made, again every second until it is done. */
  async function follow(l: Lens): Promise<void> {
    polling?.abort();
    const mine = new AbortController();
    polling = mine;
    signal.addEventListener('abort', () => mine.abort(), { once: true });
    try {
      for (;;) {
        let a: GameAnalysis;
        try {
          a = await getAnalysis(client, o.gameId, l, mine.signal);
        } catch (e) {
          if (isApiError(e) && e.status === 404) {
            known.set(l, 'none');
            break;
          }
          throw e;
        }
        known.set(l, a);
        if (l === lens) render();
        if (!pending(a)) break;
        await sleep(POLL_MS, mine.signal);
        if (mine.signal.aborted) return;
      }
    } catch (e) {
      if (isAbort(e) || mine.signal.aborted) return;
      problem = app.describe(e);
    }
    if (l === lens) render();
  }

  async function ask(): Promise<void> {
    problem = null;
    try {
      const a = await requestAnalysis(client, o.gameId, lens, signal);
      known.set(lens, a);
      render();
      if (pending(a)) await follow(lens);
    } catch (e) {
      if (isAbort(e)) return;
      problem = app.describe(e);
      render();
    }
  }

  async function show(l: Lens): Promise<void> {
    lens = l;
    problem = null;
    render();
    const a = known.get(l);
    if (a === undefined || (a !== 'none' && pending(a))) await follow(l);
  }

  render();
  void show('open');
  return { element, setCard };
}
