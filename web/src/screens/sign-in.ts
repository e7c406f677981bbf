// The sign-in: play as a guest (a name), sign in to an account, or create one. A token the service
// refused brings this screen with the reason; once signed in, the player is back on the page it
// was on (a game, the lobby).
import { accounts } from '@offiziersskat/client';
import { h, replaceContent } from '../dom.ts';
import type { App } from '../app.ts';
import '../accounts.css';

/**
 * A form that runs `action` on submit: its buttons off meanwhile, and a refusal shown in its own
 * line (a failure is never silent).
 */
export function actionForm(app: App, props: Record<string, unknown>, action: (form: HTMLFormElement) => Promise<void>, ...children: (Node | string | null)[]): HTMLFormElement {
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const form: HTMLFormElement = h(
    'form',
    {
      ...props,
      onsubmit: async (e: Event) => {
        e.preventDefault();
        const buttons = form.querySelectorAll('button');
        buttons.forEach((b) => (b.disabled = true));
        error.hidden = true;
        try {
          await action(form);
        } catch (err) {
          error.hidden = false;
          error.textContent = app.describe(err);
        } finally {
          buttons.forEach((b) => (b.disabled = false));
        }
      },
    },
    ...children,
    error,
  );
  return form;
}

const value = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? '');

export function signInScreen(root: HTMLElement, app: App): void {
  const { t, session } = app;
  // Back where the player was (the lobby, a game, the tournament that asked with ?signin), now signed in.
  const done = () => {
    const search = new URLSearchParams(location.search);
    search.delete('signin');
    const rest = search.toString();
    app.navigate(location.pathname + (rest ? `?${rest}` : ''));
  };

  const name = h('input', { id: 'name', name: 'name', required: true, maxlength: 40, autocomplete: 'nickname' });
  const guest = actionForm(
    app,
    { class: 'sign-in card-panel', 'data-testid': 'guest-form' },
    async () => {
      await session.signIn(name.value.trim());
      done();
    },
    h('h1', null, t('signInTitle')),
    h('p', null, t('signInIntro')),
    h('label', { for: 'name' }, t('yourName')),
    h('div', { class: 'inline' }, name, h('button', { type: 'submit', class: 'primary' }, t('signIn'))),
  );

  const field = (id: string, label: string, input: Record<string, unknown>, hint?: string) => [
    h('label', { for: id }, label),
    h('input', { id, ...input }),
    hint ? h('p', { class: 'muted hint' }, hint) : null,
  ];

  const signIn = actionForm(
    app,
    { class: 'account-form card-panel', 'data-testid': 'sign-in-form' },
    async (form) => {
      const a = await accounts.signIn(session.anonymous, { username: value(form, 'username').trim(), password: value(form, 'password') });
      await session.useAccount(a);
      done();
    },
    h('h2', null, t('accountSignInTitle')),
    ...field('username', t('username'), { name: 'username', required: true, autocomplete: 'username', maxlength: 100 }).flat(),
    ...field('password', t('password'), { name: 'password', type: 'password', required: true, autocomplete: 'current-password' }).flat(),
    h('div', { class: 'buttons' }, h('button', { type: 'submit', class: 'primary', 'data-testid': 'sign-in' }, t('signInButton'))),
  );

  const signUp = actionForm(
    app,
    { class: 'account-form card-panel', 'data-testid': 'sign-up-form' },
    async (form) => {
      const displayName = value(form, 'displayName').trim();
      const a = await accounts.signUp(session.anonymous, {
        username: value(form, 'username').trim(),
        password: value(form, 'password'),
        ...(displayName ? { name: displayName } : {}),
        ...(value(form, 'bot') === 'on' ? { bot: true } : {}),
      });
      await session.useAccount(a);
      done();
    },
    h('h2', null, t('signUpTitle')),
    ...field('new-username', t('username'), { name: 'username', required: true, autocomplete: 'username', pattern: '[A-Za-z0-9_\\-]{3,24}' }, t('usernameHint')).flat(),
    ...field('new-password', t('password'), { name: 'password', type: 'password', required: true, minlength: 8, maxlength: 128, autocomplete: 'new-password' }, t('passwordHint')).flat(),
    ...field('display-name', t('displayName'), { name: 'displayName', maxlength: 40, autocomplete: 'nickname' }).flat(),
    h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'bot' }), t('botAccount')),
    h('div', { class: 'buttons' }, h('button', { type: 'submit', 'data-testid': 'sign-up' }, t('signUpButton'))),
  );

  replaceContent(
    root,
    h(
      'div',
      { class: 'sign-in-screen' },
      session.refusal ? h('p', { class: 'error refusal', role: 'alert', 'data-testid': 'refusal' }, t(`refused_${session.refusal}`)) : null,
      guest,
      h('div', { class: 'accounts' }, signIn, signUp),
    ),
  );
  // After an expiry or a revocation the account signs in again: its username is filled in and
  // the cursor waits in the password field.
  const username = signIn.querySelector<HTMLInputElement>('#username')!;
  const last = session.lastUsername;
  if (session.refusal && last) {
    username.value = last;
    signIn.querySelector<HTMLInputElement>('#password')!.focus();
  } else name.focus();
}
