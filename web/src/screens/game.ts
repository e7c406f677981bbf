// `/play/{gameId}`: the table. A seated player plays (cards by click or key, decisions by the
// dialogs); anyone else with the link watches. Updates come from the game's event stream; a move's
// own answer is the new view. The computer's seat, when this browser holds it, is played here.
import { isApiError, waitForVersion, type Card, type GameEvent, type GameView, type Match, type Move, type Seat } from '../../../src/client/index.ts';
import { playComputerSeat } from '../computer.ts';
import { decisionPanel } from '../dialogs.ts';
import { h, replaceContent } from '../dom.ts';
import { describeEvent } from '../event-text.ts';
import { cardKeys } from '../layout.ts';
import type { App } from '../app.ts';
import { modelFromView, other } from '../model.ts';
import { ratedBadge, ratingChangesPanel } from '../rating-changes.ts';
import { describeResult } from '../result.ts';
import { sheetTable } from '../sheet.ts';
import { renderTable } from '../table.ts';

/** The computer's pause before each move: long enough to follow, short enough not to bore. */
const COMPUTER_DELAY_MS = 350;

const SEATS: Seat[] = ['forehand', 'dealer'];

export async function gameScreen(root: HTMLElement, app: App, signal: AbortSignal, gameId: string): Promise<void> {
  const { t, session } = app;
  const client = session.client;
  let view: GameView = await client.getGame(gameId, { signal });
  let busy = false;
  let chosen = new Set<Card>();
  // The latest event, said with the names of the view as it is when drawn: a player who has just
  // joined is named once the view that seats them is read (not "… takes a seat").
  let latest: GameEvent | null = null;
  let problem = '';
  let resignArmed = false;
  let match: Match | null = null;
  let lastDecision = '';

  const computer = session.computerPlayer;
  const computerSeat = (): Seat | undefined => SEATS.find((s) => computer && view.players[s]?.playerId === computer.playerId);
  const label = (playerId: string) => (computer && playerId === computer.playerId ? t('computer') : null);
  const names = () => {
    const m = modelFromView(view, label);
    return { forehand: m.seats.forehand.name, dealer: m.seats.dealer.name };
  };
  if (view.you) session.remember(gameId);

  // ---------------------------------------------------------------- actions
  const accept = (next: GameView) => {
    if (next.version < view.version) return;
    const phaseChanged = next.status !== view.status;
    view = next;
    if (phaseChanged || view.status !== 'stock') chosen = new Set();
    if (view.status === 'finished') void loadMatch();
    render();
  };

  const act = async (move: Move) => {
    if (busy) return;
    busy = true;
    problem = '';
    render();
    try {
      const answer = await client.move(gameId, move, { expectedVersion: view.version, signal });
      busy = false;
      accept(answer.view);
    } catch (e) {
      busy = false;
      if (signal.aborted) return;
      if (isApiError(e, 'VERSION_CONFLICT') && e.view) accept(e.view);
      else {
        problem = app.describe(e);
        render();
      }
    }
  };

  const toggle = (card: Card) => {
    chosen = new Set(chosen);
    if (chosen.has(card)) chosen.delete(card);
    else if (chosen.size < 2) chosen.add(card);
    render();
  };

  const join = async () => {
    try {
      accept(await client.joinGame(gameId));
      session.remember(gameId);
    } catch (e) {
      problem = app.describe(e);
      render();
    }
  };

  const rematch = async () => {
    try {
      const next = await client.rematch(gameId);
      session.remember(next.id);
      app.navigate(`/play/${next.id}`);
    } catch (e) {
      problem = app.describe(e);
      render();
    }
  };

  const claim = async () => {
    try {
      accept(await client.claimTimeout(gameId));
    } catch (e) {
      problem = app.describe(e);
      render();
    }
  };

  async function loadMatch() {
    if (!view.match) return;
    try {
      match = await session.anonymous.getMatch(view.match.id);
      render();
    } catch {
      // the sheet is extra; the table stands without it
    }
  }

  // ---------------------------------------------------------------- keys: a card per key
  const onKey = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey || busy) return;
    const target = e.target as HTMLElement;
    if (target.closest('input, select, textarea')) return;
    if (!view.you) return;
    const model = modelFromView(view, label);
    const key = e.key.toLowerCase();
    for (const [card, k] of cardKeys(model.seats[view.you], model.variant)) {
      if (k !== key) continue;
      if (view.status === 'stock' && view.legalMoves.some((m) => m.type === 'discard') && Array.isArray(model.seats[view.you].hand) && (model.seats[view.you].hand as Card[]).includes(card)) toggle(card);
      else if (model.playable.has(card)) void act({ type: 'play', card });
      else return;
      e.preventDefault();
      root.querySelector<HTMLElement>(`[data-focus="card-${card}"]`)?.focus();
      return;
    }
  };
  document.addEventListener('keydown', onKey);
  signal.addEventListener('abort', () => document.removeEventListener('keydown', onKey));

  // ---------------------------------------------------------------- the deadline
  const clock = h('span', { class: 'deadline', 'data-testid': 'deadline', 'aria-live': 'off' });
  let expired = false;
  const tick = () => {
    if (!view.deadline || view.status === 'finished') {
      clock.textContent = '';
      return;
    }
    const left = Math.ceil((Date.parse(view.deadline) - Date.now()) / 1000);
    clock.textContent = left > 0 ? t('deadline', { t: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}` }) : t('deadlinePassed');
    if (left <= 0 !== expired) {
      expired = left <= 0;
      render();
    }
  };
  const ticker = setInterval(tick, 1000);
  signal.addEventListener('abort', () => clearInterval(ticker));

  // ---------------------------------------------------------------- drawing
  function statusText(): string {
    if (view.status === 'waiting') return t('waitingForOpponent');
    if (view.status === 'finished') return view.result ? describeResult(view.result as never, view.contract as never, view.config, names(), t).headline : t('ev_finished');
    const seat = view.toMove;
    if (!seat) return t(`status_${view.status}`);
    if (seat === view.you) return t('yourTurn');
    return t('theirTurn', { name: names()[seat] });
  }

  function render() {
    const model = modelFromView(view, label);
    const mine = view.you !== null && view.toMove === view.you;
    const decision = mine ? decisionPanel(view, { t, act: (m) => void act(m), busy, chosen }) : null;
    const waitingSeat = view.status === 'waiting' && !view.you && session.player && (!view.reservedFor || view.reservedFor === session.player.playerId);
    const middle =
      decision ??
      (view.status === 'waiting'
        ? h('div', { class: 'waiting' }, h('p', null, t('waitingForOpponent')), h('code', { class: 'link-text' }, location.href), waitingSeat ? h('button', { type: 'button', class: 'primary', 'data-testid': 'join', onclick: () => void join() }, t('join')) : null)
        : view.status !== 'playing' && view.status !== 'finished'
          ? h('p', { class: 'note' }, statusText())
          : undefined);
    const discarding = mine && view.status === 'stock' && view.legalMoves.some((m) => m.type === 'discard');
    const table = renderTable(model, {
      t,
      busy,
      onPlay: mine && view.status === 'playing' ? (card) => void act({ type: 'play', card }) : undefined,
      selecting: discarding ? { chosen, toggle } : undefined,
      middle,
    });

    const deadlinePassed = Boolean(view.deadline) && Date.parse(view.deadline!) <= Date.now();
    const canClaim = deadlinePassed && view.you !== null && view.toMove === other(view.you) && view.status !== 'finished';
    const actions =
      view.you && view.status !== 'finished' && view.status !== 'waiting'
        ? h(
            'div',
            { class: 'actions' },
            canClaim ? h('button', { type: 'button', class: 'primary', onclick: () => void claim() }, t('claimTimeout')) : null,
            resignArmed
              ? [
                  h('button', { type: 'button', class: 'danger', 'data-focus': 'resign-confirm', 'data-testid': 'resign-confirm', onclick: () => ((resignArmed = false), void act({ type: 'resign' })) }, t('resignConfirm')),
                  h('button', { type: 'button', class: 'link', 'data-focus': 'resign-cancel', onclick: () => ((resignArmed = false), render()) }, t('cancel')),
                ]
              : h('button', { type: 'button', class: 'link', 'data-focus': 'resign', 'data-testid': 'resign', onclick: () => ((resignArmed = true), render()) }, t('resign')),
            h('span', { class: 'muted hint' }, t('keysHint')),
          )
        : null;

    replaceContent(
      root,
      h(
        'div',
        { class: 'game', 'data-status': view.status, 'data-version': view.version, 'data-you': view.you ?? 'spectator' },
        h(
          'div',
          { class: 'status-bar' },
          h('span', { class: `status${mine ? ' mine' : ''}`, 'data-testid': 'status', role: 'status' }, statusText()),
          view.match ? h('a', { href: `/play/match/${view.match.id}`, class: 'badge' }, `${t('match')} · ${view.match.number}`) : null,
          view.config.practice ? h('span', { class: 'badge' }, t('practice')) : null,
          ratedBadge(view, t),
          view.you ? null : h('span', { class: 'badge' }, t('spectator')),
          clock,
        ),
        h('p', { class: 'notice', 'data-testid': 'notice' }, problem ? h('span', { class: 'error', role: 'alert' }, problem) : latest ? describeEvent(latest, names(), t) : ''),
        table,
        actions,
        view.status === 'finished' ? resultPanel() : null,
        match ? sheetTable(match, t) : null,
      ),
    );
    tick();
    // A new decision: the keyboard goes to its first control (unless it is busy elsewhere).
    const decisionNow = decision ? view.status : '';
    if (decision && decisionNow !== lastDecision && (document.activeElement === document.body || !document.activeElement))
      root.querySelector<HTMLElement>('.decision input, .decision select, .decision button:not([disabled])')?.focus();
    lastDecision = decisionNow;
  }

  function resultPanel(): HTMLElement | null {
    if (!view.result) return null;
    const d = describeResult(view.result as never, view.contract as never, view.config, names(), t);
    const next = match?.currentGameId && match.currentGameId !== gameId ? match.currentGameId : null;
    return h(
      'section',
      { class: 'result card-panel', 'data-testid': 'result', 'aria-live': 'polite' },
      h('h2', null, t('resultTitle')),
      h('p', { class: 'headline' }, d.headline),
      // The last game of a match: who won the match, right under the game's own result.
      match && match.status === 'finished' ? h('p', { class: 'headline', 'data-testid': 'match-result' }, match.draw ? t('matchDraw') : t('matchWinner', { name: match.players.find((p) => p.playerId === match!.winner)?.name ?? '' })) : null,
      h('ul', { class: 'arithmetic' }, d.lines.map((l) => h('li', null, l))),
      h('p', { class: 'scores' }, d.scores.join(' · ')),
      ratingChangesPanel(view.result, names(), t),
      h(
        'div',
        { class: 'buttons' },
        view.you && !view.match ? h('button', { type: 'button', class: 'primary', 'data-testid': 'rematch', onclick: () => void rematch() }, t('rematch')) : null,
        next ? h('a', { class: 'button primary', href: `/play/${next}` }, t('nextGame')) : null,
        h('a', { class: 'button', href: `/replay/${gameId}`, 'data-testid': 'replay-link' }, t('replayVerify')),
        h('a', { class: 'button', href: '/' }, t('backToLobby')),
      ),
    );
  }

  render();
  if (view.status === 'finished') void loadMatch();

  // ---------------------------------------------------------------- the computer's seat
  const startComputer = () => {
    if (!computer || !computerSeat() || view.status === 'finished') return;
    const seatClient = session.computerClient ?? session.anonymous.withToken(computer.token);
    playComputerSeat(seatClient, gameId, { delayMs: COMPUTER_DELAY_MS, signal }).catch((e) => {
      if (signal.aborted) return;
      problem = app.describe(e);
      render();
    });
  };
  startComputer();

  // ---------------------------------------------------------------- live updates
  let refreshing: Promise<void> | null = null;
  let again = false;
  const refresh = () => {
    if (refreshing) {
      again = true;
      return;
    }
    refreshing = (async () => {
      do {
        again = false;
        try {
          accept(await client.getGame(gameId, { signal }));
        } catch (e) {
          if (signal.aborted) return;
          problem = app.describe(e);
          render();
        }
      } while (again && !signal.aborted);
    })().finally(() => (refreshing = null));
  };

  const follow = async () => {
    try {
      for await (const e of client.gameStream(gameId, { after: view.version, signal })) {
        latest = e.event;
        if (e.seq > view.version) refresh();
        else render();
      }
      refresh();
    } catch {
      if (signal.aborted) return;
      // No stream (a proxy that buffers it, say): the long poll does the same job.
      while (!signal.aborted && view.status !== 'finished') {
        try {
          accept(await waitForVersion(client, gameId, view.version, signal));
        } catch {
          return;
        }
      }
    }
  };
  if (view.status !== 'finished') void follow();
}
