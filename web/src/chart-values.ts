// A chart's text alternative: its values as a table, for a screen reader (not shown on screen).
import './a11y.css';
import { h } from './dom.ts';

export function chartValues(caption: string, head: readonly [string, string], rows: readonly (readonly [string, string])[], testId: string): HTMLElement {
  return h(
    'table',
    { class: 'visually-hidden', 'data-testid': testId },
    h('caption', null, caption),
    h('thead', null, h('tr', null, head.map((x) => h('th', { scope: 'col' }, x)))),
    h('tbody', null, rows.map(([a, b]) => h('tr', null, h('th', { scope: 'row' }, a), h('td', null, b)))),
  );
}
