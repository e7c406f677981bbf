// `/rules`: how a game is counted, in the page's language — the words a result uses (matadors,
// the multiplier, hand, schneider, schwarz, announcements, Kontra, Re, overbid, a lost game,
// Ramsch, simple scoring), each a section with its anchor (`/rules#kontra`) that the result's
// terms link to. The anchor named in the address is scrolled to and marked.
import type { App } from '../app.ts';
import { h, replaceContent } from '../dom.ts';
import type { MessageKey } from '../i18n.ts';
import { RULE_TOPICS } from '../i18n-rules.ts';
import '../rules.css';

export function rulesScreen(root: HTMLElement, app: App): void {
  const { t } = app;
  const asked = decodeURIComponent(location.hash.slice(1));
  replaceContent(
    root,
    h(
      'article',
      { class: 'rules card-panel', 'data-testid': 'rules' },
      h('h1', null, t('rulesTitle')),
      h('p', null, t('rulesIntro')),
      RULE_TOPICS.map((topic) =>
        h(
          'section',
          { id: topic, class: topic === asked ? 'rule asked' : 'rule', 'data-testid': `rule-${topic}`, 'aria-labelledby': `rule-${topic}-title` },
          h('h2', { id: `rule-${topic}-title` }, t(`rule_${topic}_title` as MessageKey)),
          h('p', null, t(`rule_${topic}_text` as MessageKey)),
        ),
      ),
    ),
  );
  if (asked) root.querySelector(`#${CSS.escape(asked)}`)?.scrollIntoView({ block: 'start' });
}
