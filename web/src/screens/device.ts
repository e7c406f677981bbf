// `/device`: a person connects a device that has no browser (RFC 8628). The person (signed in)
// types the code the device shows (or follows its link with the code filled in), sees what the
// device asks for, and approves or denies it. Wrong codes count against a budget (the service's).
import { apps, type DeviceRequest } from '@offiziersskat/client';
import { h, replaceContent } from '../dom.ts';
import type { App } from '../app.ts';
import { consentAnswer } from './consent-answer.ts';
import { actionForm } from './sign-in.ts';
import '../oauth.css';

export function deviceScreen(root: HTMLElement, app: App): void {
  const { t, session } = app;
  const given = new URLSearchParams(location.search).get('user_code') ?? '';
  const form = actionForm(
    app,
    { class: 'consent card-panel', 'data-testid': 'device-form' },
    async (f) => {
      const userCode = String(new FormData(f).get('user_code') ?? '').trim();
      const asked = await apps.lookUpUserCode(session.client, userCode);
      ask(root, app, userCode, asked);
    },
    h('h1', null, t('deviceTitle')),
    h('p', null, t('deviceIntro')),
    h('label', { for: 'user-code' }, t('deviceCode')),
    h('input', { id: 'user-code', name: 'user_code', required: true, value: given, autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', maxlength: 20, class: 'user-code', 'data-testid': 'user-code' }),
    h('div', { class: 'buttons' }, h('button', { type: 'submit', class: 'primary', 'data-testid': 'device-continue' }, t('deviceContinue'))),
  );
  replaceContent(root, form);
}

function ask(root: HTMLElement, app: App, userCode: string, asked: DeviceRequest): void {
  const { t, session } = app;
  const { error, buttons } = consentAnswer(app, async (approve) => {
    await apps.approveApp(session.client, { userCode, approve });
    replaceContent(root, h('div', { class: 'consent card-panel', 'data-testid': 'device-done' }, h('p', { role: 'status' }, t(approve ? 'deviceApproved' : 'deviceDenied'))));
  });
  replaceContent(
    root,
    h(
      'div',
      { class: 'consent card-panel', 'data-testid': 'consent' },
      h('h1', { 'data-testid': 'consent-title' }, t('deviceAsks', { app: asked.clientId })),
      h('p', { class: 'muted' }, t('consentWho', { app: asked.clientId })),
      h('p', null, t('consentScopes')),
      h('ul', { class: 'scopes', 'data-testid': 'consent-scopes' }, asked.scopes.map((s) => h('li', { 'data-scope': s }, t(`appScope_${s}`)))),
      h('p', { class: 'muted' }, t('consentNever')),
      session.player ? h('p', { class: 'muted' }, t('consentAs', { name: session.player.name })) : null,
      error,
      buttons,
    ),
  );
}
