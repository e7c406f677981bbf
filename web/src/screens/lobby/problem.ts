// The lobby's one line for a refusal or failure. A refused token (401: the account is gone, or the
// database behind this address is another) signs the browser out instead.
import { isApiError } from '@offiziersskat/client';
import { h } from '../../dom.ts';
import type { App } from '../../app.ts';

export interface ProblemLine {
  element: HTMLElement;
  fail(e: unknown): void;
  clear(): void;
}

export function problemLine(app: App): ProblemLine {
  const element = h('p', { class: 'error', role: 'alert', hidden: true });
  return {
    element,
    fail(e) {
      if (isApiError(e) && e.status === 401) {
        app.session.signOut();
        app.navigate('/');
        return;
      }
      element.hidden = false;
      element.textContent = app.describe(e);
    },
    clear() {
      element.hidden = true;
    },
  };
}
