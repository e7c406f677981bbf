// The caller's next game of an arena, between two games: a countdown to the end of its rest (the
// result of the game before stays on the screen meanwhile), then "waiting for an opponent"; or
// "paused". With Pause / Resume. Shown on the tournament's page (fed its reads) and under the
// result of a finished tournament game (reading the tournament itself until the result is recorded).
import { type NextGame, nextGame, pauseInArena, resumeInArena } from '../../arena-rest.ts';
import type { App } from '../../app.ts';
import { h, replaceContent } from '../../dom.ts';
import { countdown, type Tournament } from '../../tournament-api.ts';
import '../../arena.css';

export interface NextGamePanel {
  element: HTMLElement;
  /** The tournament as read last (a read with the caller's token carries `you`). */
  update(t: Tournament): void;
}

/** Reads of the tournament after a game ends, until its result is recorded (a rest begins). */
const RECORD_READS = 8;
const RECORD_READ_MS = 750;

/** The panel; its clock stops with `signal`. `onChange`: the answer of a pause or a resume. */
export function nextGamePanel(app: App, tournamentId: string, signal: AbortSignal, onChange?: (t: Tournament) => void): NextGamePanel {
  const { t } = app;
  const element = h('div', { class: 'tour-next', 'data-testid': 'tour-next', 'aria-live': 'polite' });
  let tour: Tournament | null = null;
  let busy = false;
  let problem = '';
  let shown: NextGame['kind'] | null = null;

  const state = (): NextGame => (tour ? nextGame(tour, app.session.player?.playerId, Date.now()) : { kind: 'none' });

  const act = async (pause: boolean) => {
    busy = true;
    problem = '';
    render();
    try {
      const answer = await (pause ? pauseInArena : resumeInArena)(app.session.client, tournamentId);
      tour = tour ? { ...tour, you: answer.you, pairings: answer.pairings } : answer;
      onChange?.(answer);
    } catch (e) {
      problem = app.describe(e);
    }
    busy = false;
    render();
  };

  function line(s: NextGame): string {
    if (s.kind === 'paused') return t('arenaPausedNote');
    if (s.kind === 'resting') return t('arenaNextIn', { time: countdown(s.until - Date.now()) });
    return s.kind === 'waiting' ? t('arenaWaiting') : '';
  }

  function render(): void {
    const s = state();
    shown = s.kind;
    element.dataset.state = s.kind;
    if (s.kind === 'none') return void replaceContent(element);
    const paused = s.kind === 'paused';
    replaceContent(
      element,
      h('span', { class: 'tour-next-line', 'data-testid': 'tour-next-line' }, line(s)),
      h('button', { type: 'button', disabled: busy, 'data-testid': paused ? 'tour-resume' : 'tour-pause', onclick: () => void act(!paused) }, paused ? t('arenaResume') : t('arenaPause')),
      problem ? h('span', { class: 'error', role: 'alert' }, problem) : null,
    );
  }

  // Each second: the countdown (only its text: the button keeps the focus), and the rest's end.
  const tick = () => {
    const s = state();
    if (s.kind !== shown) render();
    else if (s.kind === 'resting') {
      const text = element.querySelector('[data-testid=tour-next-line]');
      if (text) text.textContent = line(s);
    }
  };
  const ticker = setInterval(tick, 1000);
  signal.addEventListener('abort', () => clearInterval(ticker), { once: true });

  return {
    element,
    update(next) {
      tour = next;
      render();
    },
  };
}

/** The panel of a finished game of this tab's tournament: one per game, kept across the table's renders. */
let afterGame: { gameId: string; panel: NextGamePanel; stop: AbortController } | null = null;

export function nextGameAfter(app: App, tournamentId: string, gameId: string): HTMLElement {
  if (afterGame?.gameId === gameId) return afterGame.panel.element;
  afterGame?.stop.abort();
  const stop = new AbortController();
  const panel = nextGamePanel(app, tournamentId, stop.signal);
  afterGame = { gameId, panel, stop };
  void (async () => {
    // The game has just ended: its result is recorded (the rest begins) a moment later.
    for (let i = 0; i < RECORD_READS && afterGame?.panel === panel; i++) {
      const read = await app.session.client.request<Tournament>('GET', `/v1/tournaments/${encodeURIComponent(tournamentId)}?standingsLimit=1`).catch(() => null);
      if (!read) return;
      panel.update(read);
      // A Swiss event has no rest and no pause: its next round comes when the round ends.
      if (read.system !== 'arena') return;
      const playing = (read.pairings ?? []).some((p) => p.gameId === gameId && !p.finished);
      if (!playing) return;
      await new Promise((resolve) => setTimeout(resolve, RECORD_READ_MS));
    }
  })();
  return panel.element;
}
