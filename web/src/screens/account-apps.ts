// The account page's apps: each app the person approved (its name, its scopes, where its codes
// went or "on a device", when approved and last used) with Revoke.
import { apps, type ApprovedApp, type SkatClient } from '@offiziersskat/client';
import { h, replaceContent } from '../dom.ts';
import type { App } from '../app.ts';
import { originWords } from './authorize.ts';

export function appsSection(app: App, client: SkatClient, date: (iso: string) => string): { section: HTMLElement; load: () => Promise<void> } {
  const { t } = app;
  const list = h('ul', { class: 'tokens', 'data-testid': 'apps' });
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const render = (items: ApprovedApp[]) =>
    replaceContent(
      list,
      items.length === 0
        ? [h('li', { class: 'muted', 'data-testid': 'apps-none' }, t('appsNone'))]
        : items.map((a) =>
            h(
              'li',
              { 'data-grant-id': a.grantId },
              h('strong', { 'data-testid': 'app-name' }, a.clientId),
              h(
                'span',
                { class: 'muted' },
                ` · ${a.scopes.map((s) => t(`scope_${s}`)).join(', ')} · ${a.redirectOrigin ? originWords(app, a.redirectOrigin) : t('appViaDevice')} · ${t('appApprovedAt', { at: date(a.approvedAt) })} · ${t('appLastUsed', { at: date(a.lastUsedAt) })}`,
              ),
              h(
                'button',
                {
                  type: 'button',
                  class: 'link',
                  'data-testid': 'revoke-app',
                  onclick: async () => {
                    try {
                      await apps.revokeApp(client, a.grantId);
                      await load();
                    } catch (e) {
                      error.textContent = app.describe(e);
                      error.hidden = false;
                    }
                  },
                },
                t('revoke'),
              ),
            ),
          ),
    );
  const load = async () => render(await apps.listApps(client));
  const section = h('section', { class: 'card-panel account-section', 'data-testid': 'apps-section' }, h('h2', null, t('appsTitle')), h('p', { class: 'muted' }, t('appsIntro')), list, error);
  return { section, load };
}
