// Approve and Deny on an app's consent page and on the device page, and the line that says why an
// answer failed: the buttons are off while the answer is on its way, and on again after a failure.
import { h } from '../dom.ts';
import type { App } from '../app.ts';

export function consentAnswer(app: App, send: (approve: boolean) => Promise<void>): { error: HTMLElement; buttons: HTMLElement } {
  const { t } = app;
  const error = h('p', { class: 'error', role: 'alert', hidden: true, 'data-testid': 'consent-error' });
  const answer = async (approve: boolean) => {
    for (const b of buttons.querySelectorAll('button')) b.disabled = true;
    try {
      await send(approve);
    } catch (e) {
      error.textContent = app.describe(e);
      error.hidden = false;
      for (const b of buttons.querySelectorAll('button')) b.disabled = false;
    }
  };
  const buttons = h(
    'div',
    { class: 'buttons' },
    h('button', { type: 'button', class: 'primary', 'data-testid': 'approve', onclick: () => answer(true) }, t('approve')),
    h('button', { type: 'button', 'data-testid': 'deny', onclick: () => answer(false) }, t('deny')),
  );
  return { error, buttons };
}
