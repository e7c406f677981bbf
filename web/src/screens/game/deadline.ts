// The turn's deadline, counted down each second; the table is drawn again when it passes or is
// pushed back. A game past its deadline ends by itself: the waiting player's page claims it (the
// service enforces deadlines only when asked), once a second until the service agrees.
import { h } from '../../dom.ts';
import { other } from '../../model.ts';
import type { GameContext } from './context.ts';

export interface DeadlineClock {
  element: HTMLElement;
  /** Shows the time left now. */
  tick(): void;
}

export function deadlineClock(ctx: GameContext, claim: () => Promise<void>): DeadlineClock {
  const { state, signal } = ctx;
  const { t } = ctx.app;
  const element = h('span', { class: 'deadline', 'data-testid': 'deadline', 'aria-live': 'off' });
  let claiming = false;
  const tick = () => {
    const { view } = state;
    if (!view.deadline || view.status === 'finished') {
      element.textContent = '';
      return;
    }
    const left = Math.ceil((Date.parse(view.deadline) - Date.now()) / 1000);
    element.textContent = left > 0 ? t('deadline', { t: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}` }) : t('deadlinePassed');
    if (left <= 0 !== state.expired) {
      state.expired = left <= 0;
      ctx.render();
    }
    // A second's grace for the two clocks; the claim's answer (the finished view) stops the ticks.
    if (left <= -1 && view.you && view.toMove === other(view.you) && !claiming) {
      claiming = true;
      void claim().finally(() => (claiming = false));
    }
  };
  const ticker = setInterval(tick, 1000);
  signal.addEventListener('abort', () => clearInterval(ticker));
  return { element, tick };
}
