// The rated switch, wherever a game, a match or a seek is made: rated play is between accounts only
// (docs/api.md, 422 RATED_NEEDS_ACCOUNT), so a guest sees it switched off, with the reason and a link
// to the account page where it can keep its player as an account.
import type { App } from './app.ts';
import { h } from './dom.ts';

/** The signed-in player may play rated: it is an account, not a guest. */
export const canPlayRated = (app: Pick<App, 'session'>): boolean => Boolean(app.session.player?.username);

let switches = 0;

/** A checkbox named `rated` (off by default), disabled with the reason for a guest. */
export function ratedSwitch(app: App, options: { testid?: string; onchange?: () => void } = {}): HTMLElement {
  const { t } = app;
  const allowed = canPlayRated(app);
  const input = h('input', { type: 'checkbox', name: 'rated', disabled: !allowed, 'data-testid': options.testid ?? 'rated', onchange: options.onchange });
  const reason = allowed ? h('small', { class: 'muted rated-hint' }, t('ratedHint')) : h('small', { class: 'muted rated-hint', 'data-testid': 'rated-needs-account' }, t('ratedNeedsAccount'), ' ', h('a', { href: '/account' }, t('accountGuest')));
  const id = `rated-hint-${++switches}`;
  reason.id = id;
  input.setAttribute('aria-describedby', id);
  return h('div', { class: 'rated-switch' }, h('label', { class: 'check' }, input, t('ratedOption')), reason);
}

/** The switch's state in a form (false for a guest, whose switch is disabled). */
export const ratedChosen = (form: HTMLFormElement): boolean => new FormData(form).get('rated') === 'on';
