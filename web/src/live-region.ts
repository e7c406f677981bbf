// A polite live region: what happens is said to a screen reader as one more line of a log. The
// element is made once and stays in the page while the screen around it is drawn again (a region
// put in anew is not heard), and a line is said once, when it is added.
import './a11y.css';
import { h } from './dom.ts';

/** Lines kept: the log is for hearing, not for reading back. */
const KEPT = 40;

export interface LiveRegion {
  readonly element: HTMLElement;
  /** Says each non-empty line. */
  say(...lines: string[]): void;
}

export function liveRegion(testId: string): LiveRegion {
  const element = h('div', { class: 'visually-hidden', role: 'log', 'aria-live': 'polite', 'aria-relevant': 'additions', 'data-testid': testId });
  return {
    element,
    say(...lines) {
      for (const line of lines) if (line) element.append(h('p', null, line));
      while (element.childElementCount > KEPT) element.firstElementChild!.remove();
    },
  };
}
