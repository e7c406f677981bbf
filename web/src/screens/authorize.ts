// `/oauth/authorize`: an app's request to act for the person (the authorization code flow with
// PKCE). The request is checked by the service's own rules (src/oauth/requests.ts) before
// anything else: one that breaks a rule is shown, in words, and goes nowhere. A good one shows who
// asks (the name the app gave itself, and where the answer goes: the redirect's origin), each
// scope in words, and Approve and Deny; nothing happens until the person clicks one. Not signed
// in, the person signs in first and comes back here (the sign-in returns to this address).
import { apps } from '@offiziersskat/client';
import { checkAuthorizationRequest, type AuthorizationRequest } from '../../../src/oauth/requests.ts';
import { h, replaceContent } from '../dom.ts';
import type { App } from '../app.ts';
import { consentAnswer } from './consent-answer.ts';
import { signInScreen } from './sign-in.ts';
import '../oauth.css';

export function authorizeScreen(root: HTMLElement, app: App): void {
  const { t, session } = app;
  const q = new URLSearchParams(location.search);
  const checked = checkAuthorizationRequest(Object.fromEntries(['response_type', 'client_id', 'redirect_uri', 'scope', 'code_challenge', 'code_challenge_method', 'state'].map((k) => [k, q.get(k)])));
  if (!checked.ok) {
    replaceContent(
      root,
      h(
        'div',
        { class: 'consent card-panel', 'data-testid': 'consent-refused' },
        h('h1', null, t('consentRefusedTitle')),
        h('p', { class: 'error', role: 'alert', 'data-testid': 'refusal', 'data-refusal': checked.refusal }, t(`refusal_${checked.refusal}`)),
        h('p', { class: 'muted' }, t('consentRefusedNote')),
      ),
    );
    return;
  }
  if (session.player) consent(root, app, checked.value);
  else signInScreen(root, app);
}

/** Where the answer goes, as the person should read it: the origin, or "an app on this computer". */
export function originWords(app: App, origin: string): string {
  const url = new URL(origin);
  const loopback = url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === '[::1]');
  return loopback ? `${app.t('consentLoopback', { port: url.port || '80' })} (${origin})` : origin;
}

function consent(root: HTMLElement, app: App, request: AuthorizationRequest): void {
  const { t, session } = app;
  const { error, buttons } = consentAnswer(app, async (approve) => {
    const { redirectTo } = await apps.approveApp(session.client, {
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      scope: request.scopes.join(' '),
      codeChallenge: request.codeChallenge,
      codeChallengeMethod: 'S256',
      ...(request.state === null ? {} : { state: request.state }),
      approve,
    });
    // Only where the service says, which is the redirect the person saw.
    if (redirectTo) location.assign(redirectTo);
  });
  replaceContent(
    root,
    h(
      'div',
      { class: 'consent card-panel', 'data-testid': 'consent' },
      h('h1', { 'data-testid': 'consent-title' }, t('consentTitle', { app: request.clientId })),
      h('p', { class: 'muted' }, t('consentWho', { app: request.clientId })),
      h('p', { class: 'origin' }, t('consentOrigin', { origin: '' }), h('strong', { 'data-testid': 'consent-origin' }, originWords(app, request.redirectOrigin))),
      h('p', null, t('consentScopes')),
      h('ul', { class: 'scopes', 'data-testid': 'consent-scopes' }, request.scopes.map((s) => h('li', { 'data-scope': s }, t(`appScope_${s}`)))),
      h('p', { class: 'muted' }, t('consentNever')),
      session.player ? h('p', { class: 'muted' }, t('consentAs', { name: session.player.name })) : null,
      error,
      buttons,
    ),
  );
}
