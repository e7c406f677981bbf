// Any address the client has no page for (a mistyped path): says so in the page's language, with
// the way to the start page. The service answers such a path with this page and status 404.
import type { App } from '../app.ts';
import { h, replaceContent } from '../dom.ts';

export function notFoundScreen(root: HTMLElement, app: App): void {
  const { t } = app;
  document.title = `${t('notFoundTitle')} · ${t('title')}`;
  replaceContent(
    root,
    h(
      'div',
      { class: 'error not-found', role: 'alert', 'data-testid': 'not-found' },
      h('h1', null, t('notFoundTitle')),
      h('p', null, t('notFoundText')),
      h('p', null, h('a', { href: '/', 'data-testid': 'not-found-home' }, t('notFoundHome'))),
    ),
  );
}
