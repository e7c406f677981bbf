// `/account`: the player's account. A guest claims its player here (keeping its id, games and
// matches). An account lists its tokens (each revocable; the one of this browser marked), creates
// one for a bot (shown once, with a copy button), lists the apps it approved (each revocable), signs
// out everywhere, changes its password and deletes itself.
import { accounts, type NewToken, type TokenInfo } from '@offiziersskat/client';
import { botBadge } from '../bot-badge.ts';
import { h, replaceContent } from '../dom.ts';
import type { App } from '../app.ts';
import { actionForm } from './sign-in.ts';
import { appsSection } from './account-apps.ts';
import { tokenName as tokenNameOf } from '../device-name.ts';
import '../accounts.css';

interface MeLike {
  playerId: string;
  name: string;
  username?: string | null;
  bot?: boolean;
}

export async function accountScreen(root: HTMLElement, app: App, signal: AbortSignal): Promise<void> {
  const { t, session } = app;
  const client = session.client;
  const me = (await client.me()) as MeLike;
  if (signal.aborted) return;
  const stored = session.player;
  // What the service says wins over what this browser remembers (a claim made elsewhere).
  if (stored && (stored.username ?? null) !== (me.username ?? null)) session.player = { ...stored, username: me.username ?? null, bot: me.bot ?? false };

  const date = (iso: string) => new Date(iso).toLocaleString(app.language, { dateStyle: 'medium', timeStyle: 'short' });
  const heading = h(
    'div',
    { class: 'account-head' },
    h('h1', null, me.username ? t('accountTitle') : t('guestAccountTitle')),
    me.username ? h('p', { 'data-testid': 'account-of' }, t('accountOf', { username: me.username }), me.bot ? [' ', botBadge(t)] : null) : null,
    h('p', { class: 'muted player-id' }, t('yourId', { id: me.playerId })),
  );

  const field = (id: string, label: string, input: Record<string, unknown>) => [h('label', { for: id }, label), h('input', { id, ...input })];
  const value = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? '');

  // ---------------------------------------------------------------- a guest keeps its player
  if (!me.username) {
    const claim = actionForm(
      app,
      { class: 'card-panel account-section', 'data-testid': 'claim-form' },
      async (form) => {
        const a = await accounts.claimAccount(client, { username: value(form, 'username').trim(), password: value(form, 'password'), ...(value(form, 'bot') === 'on' ? { bot: true } : {}) });
        await session.useAccount(a);
        app.navigate('/account');
      },
      h('p', null, t('guestIntro')),
      ...field('claim-username', t('username'), { name: 'username', required: true, autocomplete: 'username', pattern: '[A-Za-z0-9_\\-]{3,24}' }),
      h('p', { class: 'muted hint' }, t('usernameHint')),
      ...field('claim-password', t('password'), { name: 'password', type: 'password', required: true, minlength: 8, maxlength: 128, autocomplete: 'new-password' }),
      h('p', { class: 'muted hint' }, t('passwordHint')),
      h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'bot' }), t('botAccount')),
      h('div', { class: 'buttons' }, h('button', { type: 'submit', class: 'primary', 'data-testid': 'claim' }, t('claimButton'))),
    );
    replaceContent(root, h('div', { class: 'account' }, heading, claim));
    return;
  }

  // ---------------------------------------------------------------- tokens
  const list = h('ul', { class: 'tokens', 'data-testid': 'tokens' });
  const shown = h('div', { class: 'new-token', 'aria-live': 'polite', 'data-testid': 'new-token-box' });
  let shownToken: string | null = null;
  // A token's name as listed: a sign-in's device or the service's word for a nameless one, in the page's language.
  const tokenName = (name: string) => tokenNameOf(t, name);
  const renameForm = (k: TokenInfo, li: HTMLElement) => {
    const input = h('input', { name: 'tokenName', required: true, maxlength: 40, value: tokenName(k.name), 'aria-label': t('renameLabel'), 'data-testid': 'rename-input' });
    const form = actionForm(
      app,
      { class: 'rename-token inline', 'data-testid': 'rename-form' },
      async () => {
        await accounts.renameToken(client, k.tokenId, input.value.trim());
        await loadTokens();
      },
      input,
      h('button', { type: 'submit', 'data-testid': 'rename-save' }, t('renameSave')),
    );
    li.append(form);
    input.select();
  };
  const renderTokens = (items: TokenInfo[]) =>
    replaceContent(
      list,
      items.map((k) => {
        const li: HTMLElement = h(
          'li',
          { 'data-token-id': k.tokenId, 'data-current': k.current ? '' : undefined },
          h('strong', { 'data-testid': 'token-name' }, tokenName(k.name)),
          h('span', { class: 'muted' }, ` · ${k.scopes.map((s) => t(`scope_${s}`)).join(', ')} · ${t('tokenCreatedAt', { at: date(k.createdAt) })} · ${k.expiresAt ? t('tokenExpiresAt', { at: date(k.expiresAt) }) : t('tokenNeverExpires')}`),
          k.current ? h('span', { class: 'badge' }, t('tokenCurrent')) : null,
          h('button', { type: 'button', class: 'link', 'data-testid': 'rename', onclick: () => li.querySelector('.rename-token') ?? renameForm(k, li) }, t('rename')),
          h(
            'button',
            {
              type: 'button',
              class: 'link',
              'data-testid': 'revoke',
              onclick: async () => {
                await accounts.revokeToken(client, k.tokenId);
                // The token shown once, now revoked: nothing left to copy.
                if (shownToken === k.tokenId) {
                  replaceContent(shown);
                  shownToken = null;
                }
                // Revoking this browser's own token signs it out (the refusal brings the sign-in).
                if (k.current) {
                  session.signOutByChoice();
                  app.navigate('/');
                } else await loadTokens();
              },
            },
            t('revoke'),
          ),
        );
        return li;
      }),
    );
  const loadTokens = async () => renderTokens(await accounts.listTokens(client));

  const showToken = (created: NewToken) => {
    const text = h('input', { readonly: true, value: created.token, class: 'token-text', 'data-testid': 'new-token', 'aria-label': t('newTokenShown') });
    const copy = h(
      'button',
      {
        type: 'button',
        'data-testid': 'copy-token',
        onclick: async () => {
          try {
            await navigator.clipboard.writeText(created.token);
          } catch {
            // No clipboard (an insecure origin): the text is selected for the keyboard's copy.
            text.select();
          }
          copy.textContent = t('copied');
        },
      },
      t('copy'),
    );
    replaceContent(shown, h('p', null, t('newTokenShown')), h('div', { class: 'inline' }, text, copy));
    shownToken = created.tokenId;
    text.select();
  };

  // "Days it lasts" means nothing while the token never expires: off until that is unticked.
  const daysInput = h('input', { id: 'token-days', name: 'days', type: 'number', min: 1, max: 3650, inputmode: 'numeric', disabled: true, 'data-testid': 'token-days' });
  const forever = h('input', { type: 'checkbox', name: 'forever', checked: true, 'data-testid': 'token-forever', onchange: () => (daysInput.disabled = forever.checked) });
  const createForm = actionForm(
    app,
    { class: 'create-token', 'data-testid': 'create-token-form' },
    async (form) => {
      const neverExpires = value(form, 'forever') === 'on';
      const days = Number(value(form, 'days')) || undefined;
      const created = await accounts.createToken(client, {
        name: value(form, 'tokenName').trim(),
        scopes: value(form, 'readOnly') === 'on' ? ['read'] : ['play', 'read'],
        ...(neverExpires ? { expiresInDays: null } : days ? { expiresInDays: days } : {}),
      });
      form.reset();
      // Back to the form's start: never expires, so no days.
      forever.checked = true;
      daysInput.disabled = true;
      showToken(created);
      await loadTokens();
    },
    h('h3', null, t('newTokenTitle')),
    ...field('token-name', t('newTokenName'), { name: 'tokenName', required: true, maxlength: 40, placeholder: t('newTokenPlaceholder') }),
    h('label', { class: 'check' }, forever, t('newTokenForever')),
    h('label', { for: 'token-days' }, t('newTokenDays')),
    daysInput,
    h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'readOnly' }), t('newTokenReadOnly')),
    h('div', { class: 'buttons' }, h('button', { type: 'submit', class: 'primary', 'data-testid': 'create-token' }, t('createToken'))),
  );

  // Two steps, as deleting: the first press asks again.
  let everywhereArmed = false;
  const everywhereButton = h('button', { type: 'submit', class: 'danger', 'data-testid': 'sign-out-everywhere' }, t('signOutEverywhere'));
  const everywhere = actionForm(
    app,
    { class: 'buttons' },
    async () => {
      if (!everywhereArmed) {
        everywhereArmed = true;
        everywhereButton.textContent = t('signOutEverywhereConfirm');
        return;
      }
      await accounts.revokeAllTokens(client);
      session.signOutByChoice();
      app.navigate('/');
    },
    everywhereButton,
  );

  // ---------------------------------------------------------------- password, deletion
  const passwordNote = h('p', { class: 'muted', 'aria-live': 'polite' });
  const password = actionForm(
    app,
    { class: 'card-panel account-section', 'data-testid': 'password-form' },
    async (form) => {
      await accounts.changePassword(client, { currentPassword: value(form, 'currentPassword'), newPassword: value(form, 'newPassword') });
      form.reset();
      passwordNote.textContent = t('passwordChanged');
      await loadTokens();
    },
    h('h2', null, t('passwordTitle')),
    ...field('current-password', t('currentPassword'), { name: 'currentPassword', type: 'password', required: true, autocomplete: 'current-password' }),
    ...field('new-password', t('newPassword'), { name: 'newPassword', type: 'password', required: true, minlength: 8, maxlength: 128, autocomplete: 'new-password' }),
    h('p', { class: 'muted hint' }, t('passwordHint')),
    h('div', { class: 'buttons' }, h('button', { type: 'submit', 'data-testid': 'change-password' }, t('changePassword'))),
    passwordNote,
  );

  let armed = false;
  const deleteButton = h('button', { type: 'submit', class: 'danger', 'data-testid': 'delete-account' }, t('deleteAccount'));
  const removal = actionForm(
    app,
    { class: 'card-panel account-section', 'data-testid': 'delete-form' },
    async () => {
      // Two steps: the first press asks again.
      if (!armed) {
        armed = true;
        deleteButton.textContent = t('deleteConfirm');
        return;
      }
      await accounts.deleteAccount(client);
      session.signOutByChoice();
      app.navigate('/');
    },
    h('h2', null, t('deleteTitle')),
    h('p', null, t('deleteIntro')),
    h('div', { class: 'buttons' }, deleteButton),
  );

  const approved = appsSection(app, client, date);
  replaceContent(
    root,
    h(
      'div',
      { class: 'account' },
      heading,
      h('section', { class: 'card-panel account-section' }, h('h2', null, t('tokensTitle')), h('p', { class: 'muted' }, t('tokensIntro')), list, everywhere, shown, createForm),
      approved.section,
      password,
      removal,
    ),
  );
  await Promise.all([loadTokens(), approved.load()]);
}
