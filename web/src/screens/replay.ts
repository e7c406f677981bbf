// `/replay/{gameId}` (the record from the service) or `/replay` (a record file dropped on the
// page or chosen): the game event by event and trick by trick, forwards and back, every card face
// up; and its verification in the browser — the seed commitment, the deal, every move, the result.
import type { GameRecord } from '../../../src/record/index.ts';
import { parseRecords } from '../records-file.ts';
import { analysisPanel, type AnalysisPanel } from '../analysis-panel.ts';
import { h, replaceContent } from '../dom.ts';
import type { BySeat } from '../../../src/engine/index.ts';
import { describeEvent } from '../event-text.ts';
import { liveRegion } from '../live-region.ts';
import type { MessageKey } from '../i18n.ts';
import type { App } from '../app.ts';
import { modelFromState } from '../model.ts';
import { ReplayModel } from '../replay-model.ts';
import { renderTable } from '../table.ts';
import { checkLines, commitmentFormula, verifyInBrowser, type Outcome } from '../verify.ts';

export async function replayScreen(root: HTMLElement, app: App, signal: AbortSignal, gameId?: string): Promise<void> {
  const { t } = app;
  const problem = h('p', { class: 'error', role: 'alert', hidden: true });
  const stage = h('div', { class: 'replay-stage' });
  // Each step said as it is taken (the region stays while the stage is drawn again).
  const announcer = liveRegion('replay-announcer');
  // The computer analysis of a game from the service (a record file has no game to ask about).
  const analysis = h('div', { class: 'replay-analysis' });
  // One replay at a time: a new record ends the last one's keys.
  let shown: AbortController | null = null;
  const show = (record: GameRecord, fromService = false) => {
    shown?.abort();
    shown = new AbortController();
    signal.addEventListener('abort', () => shown?.abort(), { once: true });
    showReplay(stage, fromService ? analysis : null, app, shown.signal, record, announcer.say);
  };

  // A file of several records (the export): a list to pick the game from, the first shown.
  const picker = h('div', { class: 'record-picker', 'data-testid': 'record-picker' });
  const pick = (records: GameRecord[]) => {
    if (records.length < 2) return replaceContent(picker);
    const names = (r: GameRecord) => [r.players.forehand?.name ?? '?', r.players.dealer?.name ?? '?'].join(' – ');
    const ended = (r: GameRecord) => (r as { endedAt?: string }).endedAt;
    const label = (r: GameRecord, i: number) =>
      [`${i + 1}.`, ended(r) ? new Date(ended(r)!).toLocaleString(app.language, { dateStyle: 'medium', timeStyle: 'short' }) : null, t(`variant_${r.config.variant}` as MessageKey), names(r)].filter(Boolean).join(' · ');
    const select = h(
      'select',
      { id: 'record-pick', 'data-testid': 'record-pick', onchange: () => show(records[Number(select.value)]) },
      records.map((r, i) => h('option', { value: String(i) }, label(r, i))),
    );
    replaceContent(picker, h('label', { for: 'record-pick' }, t('replayPick', { n: records.length })), select);
  };

  const load = async (text: string) => {
    let records: GameRecord[];
    try {
      records = parseRecords(text);
    } catch (e) {
      problem.hidden = false;
      problem.textContent = t('notARecord', { detail: (e as Error).message });
      return;
    }
    problem.hidden = true;
    analysis.replaceChildren();
    pick(records);
    show(records[0]);
  };

  const input = h('input', {
    type: 'file',
    accept: '.json,.ndjson,application/json,application/x-ndjson',
    id: 'record-file',
    'data-testid': 'record-file',
    onchange: async () => {
      const file = input.files?.[0];
      if (file) await load(await file.text());
    },
  });
  const drop = h(
    'div',
    { class: 'drop-zone', 'data-testid': 'drop-zone' },
    h('p', null, t('replayDrop')),
    h('label', { class: 'button', for: 'record-file' }, t('replayChoose')),
    input,
  );
  // A record file dropped anywhere on the page.
  const onDragOver = (e: DragEvent) => {
    e.preventDefault();
    drop.classList.add('over');
  };
  const onDrop = async (e: DragEvent) => {
    e.preventDefault();
    drop.classList.remove('over');
    const file = e.dataTransfer?.files?.[0];
    if (file) await load(await file.text());
  };
  document.addEventListener('dragover', onDragOver);
  document.addEventListener('drop', onDrop);
  signal.addEventListener('abort', () => {
    document.removeEventListener('dragover', onDragOver);
    document.removeEventListener('drop', onDrop);
  });

  replaceContent(root, h('div', { class: 'replay' }, h('h1', null, t('replayTitle')), problem, picker, stage, announcer.element, analysis, drop));
  if (gameId) {
    const record = await app.session.anonymous.record(gameId);
    show(record as unknown as GameRecord, true);
    // Come from a result's "computer analysis" link: the analysis in sight.
    if (new URLSearchParams(location.search).has('analysis')) analysis.scrollIntoView({ block: 'start' });
  }
}

function showReplay(stage: HTMLElement, analysisSlot: HTMLElement | null, app: App, signal: AbortSignal, record: GameRecord, say: (line: string) => void): void {
  const { t } = app;
  const replay = new ReplayModel(record);
  const names = { forehand: record.players?.forehand?.name ?? t('forehand'), dealer: record.players?.dealer?.name ?? t('dealer') };
  let at = 0;
  let outcome: Outcome | null = null;
  const panel = analysisSlot && record.id ? analysisOf(replay, record.id, names, app, signal, (n) => go(replay.afterCard(n))) : null;
  if (analysisSlot) replaceContent(analysisSlot, panel?.element);

  const go = (i: number) => {
    const was = at;
    at = replay.clamp(i);
    render();
    if (at !== was) say(at > 0 ? `${t('step', { n: at, of: replay.last })}: ${describeEvent(replay.events[at - 1], names, t)}` : t('step', { n: at, of: replay.last }));
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey || (e.target as HTMLElement).closest('input, select, textarea')) return;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, ArrowUp: replay.prevTrick(at), ArrowDown: replay.nextTrick(at), PageUp: replay.prevTrick(at), PageDown: replay.nextTrick(at), Home: 0, End: replay.last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };
  document.addEventListener('keydown', onKey);
  signal.addEventListener('abort', () => document.removeEventListener('keydown', onKey));

  // At either end a control says it does nothing (aria-disabled) but keeps the keyboard: a disabled
  // button would drop it on the page's body.
  const control = (label: string, to: () => number, focus: string, disabled: boolean) =>
    h('button', { type: 'button', 'data-focus': focus, 'data-testid': `replay-${focus}`, 'aria-disabled': disabled ? 'true' : null, onclick: () => disabled || go(to()) }, label);

  function verification(): HTMLElement {
    if (!outcome) return h('section', { class: 'verification card-panel', 'data-testid': 'verification' }, h('h2', null, t('verification')), h('p', null, t('verifying')));
    const o = outcome;
    return h(
      'section',
      { class: `verification card-panel ${o.ok ? 'ok' : 'failed'}`, 'data-testid': 'verification', 'data-ok': String(o.ok) },
      h('h2', null, t('verification')),
      h('p', { class: 'headline', role: 'status' }, o.ok ? `✓ ${t('verified')}` : `✗ ${t('notVerified')}`),
      h(
        'ul',
        { class: 'checks' },
        o.checks.map((c) =>
          h(
            'li',
            { class: c.ok ? 'ok' : 'failed', 'data-check': c.name },
            h('strong', null, `${c.ok ? '✓' : '✗'} ${t(`check_${c.name === 'commitment' && !o.webCrypto ? 'commitmentNoble' : c.name}` as MessageKey)}`),
            c.details.length
              ? h('ul', null, checkLines(c, o, t).map((d) => h('li', null, d)), commitmentFormula(c) ? h('li', null, `${t('verify_commitmentFormula')} `, h('code', { class: 'formula', 'data-testid': 'commitment-formula' }, commitmentFormula(c))) : null)
              : null,
          ),
        ),
      ),
    );
  }

  function render() {
    const state = replay.states[at];
    const event = at > 0 ? replay.events[at - 1] : null;
    const log = h(
      'ol',
      { class: 'event-log', 'data-testid': 'event-log' },
      replay.events.slice(0, replay.last).map((e, i) =>
        h('li', { class: i + 1 === at ? 'current' : i + 1 < at ? 'past' : '' }, h('button', { type: 'button', class: 'link', onclick: () => go(i + 1) }, describeEvent(e, names, t))),
      ),
    );
    replaceContent(
      stage,
      h('p', { class: 'muted' }, t('replayOf', { id: record.id ?? '' }), ' · ', `${t(`variant_${record.config.variant}` as MessageKey)}`),
      verification(),
      h(
        'div',
        { class: 'replay-controls', role: 'toolbar', 'aria-label': t('replayKeys') },
        control(`|◀ ${t('first')}`, () => 0, 'first', at === 0),
        control(`« ${t('prevTrick')}`, () => replay.prevTrick(at), 'prev-trick', at === 0),
        control(`‹ ${t('prevEvent')}`, () => at - 1, 'prev', at === 0),
        control(`${t('nextEvent')} ›`, () => at + 1, 'next', at === replay.last),
        control(`${t('nextTrick')} »`, () => replay.nextTrick(at), 'next-trick', at === replay.last),
        control(`${t('last')} ▶|`, () => replay.last, 'last', at === replay.last),
        h('input', { type: 'range', min: 0, max: replay.last, value: String(at), 'aria-label': t('step', { n: at, of: replay.last }), 'data-focus': 'slider', oninput: (e: Event) => go(Number((e.target as HTMLInputElement).value)) }),
      ),
      h('p', { class: 'step', 'data-testid': 'replay-step', 'data-at': at }, t('step', { n: at, of: replay.last }), event ? ` — ${describeEvent(event, names, t)}` : ''),
      renderTable(modelFromState(state, names), { t }),
      h('p', { class: 'muted' }, t('replayKeys')),
      log,
    );
    // Keep the current event in sight inside the log (not by scrolling the page).
    const current = log.querySelector<HTMLElement>('.current');
    if (current) log.scrollTop = current.offsetTop - log.clientHeight / 2;
    panel?.setCard(replay.cardsAt(at));
  }

  render();
  void verifyInBrowser(record).then((o) => {
    outcome = o;
    if (!signal.aborted) render();
  });
}

/** A finished game that had cards played has an analysis to show; its value is the declarer's (ramsch: the other player's). */
function analysisOf(replay: ReplayModel, gameId: string, names: BySeat<string>, app: App, signal: AbortSignal, goToCard: (n: number) => void): AnalysisPanel | null {
  const end = replay.states[replay.last];
  const contract = end.contract;
  if (end.phase !== 'finished' || !contract?.game || replay.cardsAt(replay.last) === 0) return null;
  const other = contract.declarer === 'forehand' ? 'dealer' : 'forehand';
  const game = contract.game;
  return analysisPanel(app, signal, { gameId, game, valueOf: names[game === 'ramsch' ? other : contract.declarer], names, goToCard });
}
