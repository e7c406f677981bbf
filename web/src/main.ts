// The web client's shell: language, header, routes. Routes: / (sign-in, then the lobby),
// /play/{gameId} (the table: a player's, or a spectator's for anyone with the link),
// /play/match/{matchId} (a match's score sheet), /replay and /replay/{gameId}, /account,
// /leaderboard/{variant} (the rankings), /players/{playerId} (ratings and their history),
// /tournaments and /tournaments/{tournamentId}, an app's consent (/oauth/authorize), the device
// page (/device) and the rules' terms (/rules); any other path: the not-found page.
// A token the service refuses (expired, revoked, unknown) brings the sign-in with the reason,
// wherever the player was; signed in again, the player is back on the same page.
// It talks to the API only through the client module, exactly as a third party would.
import './styles.css';
import { tokenRefusal } from '@offiziersskat/client';
import { problemText } from './problem-text.ts';
import { botBadge } from './bot-badge.ts';
import type { App, Screen } from './app.ts';
import { cardSprite } from './cards.ts';
import { h, replaceContent } from './dom.ts';
import { LANGUAGES, pickLanguage, translator, type Language } from './i18n.ts';
import { Session, storedLanguage, storeLanguage } from './session.ts';


const session = new Session();
let language = pickLanguage(storedLanguage(), navigator.languages);
let current: AbortController | null = null;

const header = document.getElementById('header')!;
const main = document.getElementById('main')!;
const footer = document.getElementById('footer')!;
const sprite = document.getElementById('sprite')!;

function app(): App {
  const t = translator(language);
  return {
    t,
    language,
    session,
    navigate,
    describe: (e) => problemText(language, t, e),
  };
}

function navigate(path: string): void {
  if (path !== location.pathname + location.search + location.hash) history.pushState(null, '', path);
  void route();
}

function renderChrome(a: App): void {
  const { t } = a;
  const player = session.player;
  const next = LANGUAGES.find((l) => l !== language)!;
  replaceContent(
    header,
    h('a', { href: '/', class: 'brand' }, t('title')),
    h(
      'nav',
      null,
      h('a', { href: '/tournaments', class: 'link', 'data-testid': 'tournaments-link' }, t('tournaments')),
      h('a', { href: '/leaderboard/classic', class: 'link', 'data-testid': 'leaderboard-link' }, t('leaderboard')),
      // Ratings are an account's (rated play needs one): a guest has none to show.
      player?.username ? h('a', { href: `/players/${encodeURIComponent(player.playerId)}`, class: 'link', 'data-testid': 'profile-link' }, t('myProfile')) : null,
      player ? h('span', { class: 'who', 'data-testid': 'who' }, t('signedInAs', { name: player.name })) : null,
      player?.bot ? botBadge(t) : null,
      player ? h('a', { href: '/account', class: 'link', 'data-testid': 'account-link' }, player.username ? t('account') : t('accountGuest')) : null,
      player
        ? h('button', { type: 'button', class: 'link', onclick: () => (session.signOutByChoice(), navigate('/')) }, t('signOut'))
        : null,
      h('button', { type: 'button', class: 'link', lang: next, 'data-testid': 'language', onclick: () => setLanguage(next) }, t('language')),
    ),
  );
  replaceContent(
    footer,
    h('span', null, t('apiAt', { url: session.base || t('sameOrigin') })),
    ' · ',
    h('a', { href: `${session.base}/docs`, 'data-external': '' }, t('docs')),
    ' · ',
    h('a', { href: '/replay' }, t('replayTitle')),
    ' · ',
    h('a', { href: '/rules', 'data-testid': 'rules-link' }, t('rulesLink')),
  );
}

function setLanguage(next: Language): void {
  language = next;
  storeLanguage(next);
  void route();
}

async function route(): Promise<void> {
  current?.abort();
  const controller = new AbortController();
  current = controller;
  const a = app();
  document.documentElement.lang = language;
  sprite.innerHTML = cardSprite(language);
  renderChrome(a);
  const path = location.pathname.replace(/\/+$/, '') || '/';
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  // A refused token: the sign-in, with the reason, in place of whatever was asked (never a
  // spectator's view of one's own game); the replay needs nobody signed in.
  // An app's consent checks the request first (a refused one is shown to anybody), then signs in.
  // `?signin` on any page (a tournament's "Sign in to join"): the sign-in, then that page again.
  const askedToSignIn = new URLSearchParams(location.search).has('signin');
  const signInFirst = !session.player && (session.refusal !== null ? parts[0] !== 'replay' && parts[0] !== 'oauth' : path === '/' || parts[0] === 'account' || parts[0] === 'device' || askedToSignIn);
  const screen: Promise<{ default: Screen }> = signInFirst
    ? import('./screens/sign-in.ts').then((m) => ({ default: m.signInScreen }))
    : parts[0] === 'account'
      ? import('./screens/account.ts').then((m) => ({ default: m.accountScreen }))
      : parts[0] === 'oauth' && parts[1] === 'authorize'
      ? import('./screens/authorize.ts').then((m) => ({ default: m.authorizeScreen }))
      : parts[0] === 'device'
      ? import('./screens/device.ts').then((m) => ({ default: m.deviceScreen }))
      : parts[0] === 'play' && parts[1] === 'match' && parts[2]
      ? import('./screens/match.ts').then((m) => ({ default: (r, x, s) => m.matchScreen(r, x, s, parts[2]) }))
      : parts[0] === 'play' && parts[1]
        ? import('./screens/game.ts').then((m) => ({ default: (r, x, s) => m.gameScreen(r, x, s, parts[1]) }))
        : parts[0] === 'leaderboard'
          ? import('./screens/leaderboard.ts').then((m) => ({ default: (r, x, s) => m.leaderboardScreen(r, x, s, parts[1]) }))
        : parts[0] === 'players' && parts[1]
          ? import('./screens/player.ts').then((m) => ({ default: (r, x, s) => m.playerScreen(r, x, s, parts[1]) }))
        : parts[0] === 'tournaments' && parts[1]
          ? import('./screens/tournament.ts').then((m) => ({ default: (r, x, s) => m.tournamentScreen(r, x, s, parts[1]) }))
        : parts[0] === 'tournaments'
          ? import('./screens/tournaments.ts').then((m) => ({ default: m.tournamentsScreen }))
        : parts[0] === 'replay'
          ? import('./screens/replay.ts').then((m) => ({ default: (r, x, s) => m.replayScreen(r, x, s, parts[1]) }))
        : parts[0] === 'rules'
          ? import('./screens/rules.ts').then((m) => ({ default: m.rulesScreen }))
        : path === '/'
          ? import('./screens/lobby.ts').then((m) => ({ default: m.lobbyScreen }))
          : import('./screens/not-found.ts').then((m) => ({ default: m.notFoundScreen }));
  const { default: show } = await screen;
  if (controller.signal.aborted) return;
  main.replaceChildren();
  try {
    await show(main, a, controller.signal);
  } catch (e) {
    if (controller.signal.aborted) return;
    // A refused token (the session heard of it too): the sign-in, saying why.
    const refusal = tokenRefusal(e);
    if (refusal && session.player) {
      session.signOut();
      session.refusal = refusal;
      return route();
    }
    replaceContent(main, h('div', { class: 'error', role: 'alert' }, h('h1', null, a.t('errorTitle')), h('p', null, a.describe(e))));
  }
  performance.mark('screen-rendered');
}

// Links inside the page navigate without reloading it.
document.addEventListener('click', (e) => {
  const a = (e.target as Element).closest?.('a');
  if (!a || a.hasAttribute('data-external') || a.target || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin) return;
  e.preventDefault();
  navigate(url.pathname + url.search + url.hash);
});
window.addEventListener('popstate', () => void route());
session.onRefused = () => void route();
session.keepFresh();

// An expired stored token becomes the sign-in's message; one older than a day is renewed first.
void session
  .start()
  .catch(() => {})
  .then(() => route());
