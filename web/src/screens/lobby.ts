// `/`: sign in as a guest (a name → a token kept in this browser), then the lobby: a new game or
// match with every option (or one against the computer), the open games to join, the player's
// own games and challenges.
import { isApiError, type CreateGame, type GameSummary, type MatchPage } from '../../../src/client/index.ts';
import { h, replaceContent } from '../dom.ts';
import type { MessageKey } from '../i18n.ts';
import type { App } from '../app.ts';
import { cancel, decline, followMyGames, loadMyGames, type MyEntry, type MyGames } from '../mygames.ts';
import { computerLevel, LEVELS, setComputerLevel, type Level } from '../computer.ts';
import { botBadge } from '../bot-badge.ts';
import { pairingPanel } from '../quick-pairing.ts';
import { isRated } from '../rated-api.ts';
import { ratedChosen, ratedSwitch } from '../rated-switch.ts';
import { signInScreen } from './sign-in.ts';

const REFRESH_MS = 5_000;

export async function lobbyScreen(root: HTMLElement, app: App, signal: AbortSignal): Promise<void> {
  if (!app.session.player) return signInScreen(root, app);
  return lobby(root, app, signal);
}

const optionsOf = (app: App, g: Pick<GameSummary, 'config'> & { turnSeconds?: number | null }) => {
  const { t } = app;
  const c = g.config;
  return [
    t(`variant_${c.variant}` as MessageKey),
    t(`scoring_${c.scoring}` as MessageKey),
    c.kontra ? `${t('kontra')}/${t('re')}` : null,
    c.spitzen ? 'Spitzen' : null,
    c.practice ? t('practice') : null,
    isRated(g) ? t('rated') : null,
  ]
    .filter(Boolean)
    .join(' · ');
};

function lobby(root: HTMLElement, app: App, signal: AbortSignal): void {
  const { t, session } = app;
  const me = session.player!;
  const status = h('p', { class: 'error', role: 'alert', hidden: true });
  const fail = (e: unknown) => {
    if (isApiError(e) && e.status === 401) {
      session.signOut();
      app.navigate('/');
      return;
    }
    status.hidden = false;
    status.textContent = app.describe(e);
  };

  // ---------------------------------------------------------------- the new game form
  const field = (label: string, control: HTMLElement) => h('label', { class: 'field' }, h('span', null, label), control);
  const select = (name: string, values: string[], label: (v: string) => string, selected?: string) =>
    h('select', { name }, values.map((v) => h('option', { value: v, selected: v === selected }, label(v))));
  const form = h(
    'form',
    { class: 'new-game', onsubmit: (e: Event) => e.preventDefault() },
    field(t('variant'), select('variant', ['classic', 'halfOpen', 'bidding'], (v) => t(`variant_${v}` as MessageKey))),
    field(t('scoring'), select('scoring', ['standard', 'simple'], (v) => t(`scoring_${v}` as MessageKey))),
    field(t('seat'), select('seat', ['random', 'forehand', 'dealer'], (v) => (v === 'random' ? t('seat_random') : t(v as 'forehand')))),
    field(t('ramschTrumps'), select('ramschTrumps', ['jacks', 'none'], (v) => t(`ramschTrumps_${v}` as MessageKey))),
    h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'kontra', checked: true }), t('kontraOption')),
    h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'spitzen' }), t('spitzen')),
    field(t('turnSeconds'), h('input', { type: 'number', name: 'turnSeconds', min: 5, max: 86400, placeholder: t('noLimit'), inputmode: 'numeric' })),
    ratedSwitch(app),
    h('details', null, h('summary', null, `${t('opponent')} / ${t('practiceSeed')}`),
      field(t('opponent'), h('input', { name: 'opponent', pattern: '[A-Za-z0-9\\-]{1,64}', autocomplete: 'off' })),
      field(t('practiceSeed'), h('input', { name: 'seed', pattern: '[0-9a-fA-F]{64}', autocomplete: 'off' })),
    ),
  );
  const options = (): CreateGame => {
    const f = new FormData(form);
    const body: CreateGame = {
      variant: f.get('variant') as CreateGame['variant'],
      scoring: f.get('scoring') as CreateGame['scoring'],
      ramschTrumps: f.get('ramschTrumps') as CreateGame['ramschTrumps'],
      kontra: f.get('kontra') === 'on',
      spitzen: f.get('spitzen') === 'on',
    };
    if (f.get('seat') !== 'random') body.seat = f.get('seat') as CreateGame['seat'];
    const seconds = String(f.get('turnSeconds') ?? '').trim();
    if (seconds) body.turnSeconds = Number(seconds);
    const opponent = String(f.get('opponent') ?? '').trim();
    if (opponent) body.opponent = opponent;
    const seed = String(f.get('seed') ?? '').trim();
    if (seed) body.seed = seed.toLowerCase();
    if (ratedChosen(form)) body.rated = true;
    return body;
  };
  const busy = (on: boolean) => form.querySelectorAll('button').forEach((b) => (b.disabled = on));
  const run = (action: () => Promise<void>) => async () => {
    if (!form.reportValidity()) return;
    busy(true);
    status.hidden = true;
    try {
      await action();
    } catch (e) {
      fail(e);
      busy(false);
    }
  };

  const againstComputer = run(async () => {
    // A stored computer made for another database behind this address is refused (401): make a new one.
    const stored = session.computerPlayer;
    if (stored)
      await session.anonymous
        .withToken(stored.token)
        .listGames({ status: 'waiting', limit: 1 })
        .catch((e) => {
          if (!(isApiError(e) && e.status === 401)) throw e;
          session.forgetComputer();
        });
    setComputerLevel(level.value as Level);
    const computer = await session.computer(t('computer'));
    const view = await session.client.createGame({ ...options(), opponent: computer.playerId });
    await session.anonymous.withToken(computer.token).joinGame(view.id);
    session.remember(view.id);
    app.navigate(`/play/${view.id}`);
  });
  const openGame = run(async () => {
    const view = await session.client.createGame(options());
    session.remember(view.id);
    app.navigate(`/play/${view.id}`);
  });
  const games = h('input', { type: 'number', name: 'games', min: 1, max: 100, value: '6', 'aria-label': t('matchGames'), class: 'games-count' });
  const openMatch = run(async () => {
    const { seat: _seat, seed: _seed, ...rest } = options();
    const match = await session.client.createMatch({ ...rest, games: Number(games.value) || 6 });
    session.remember(match.id, 'match');
    app.navigate(`/play/match/${match.id}`);
  });
  // The computer's level: easy (greedy) or strong (pimc, thinking in a Web Worker).
  const level = h('select', { name: 'level', 'aria-label': t('computerLevel'), 'data-testid': 'computer-level' }, LEVELS.map((v) => h('option', { value: v, selected: v === computerLevel() }, t(`level_${v}` as MessageKey))));
  form.append(
    h(
      'div',
      { class: 'buttons' },
      level,
      h('button', { type: 'button', class: 'primary', 'data-testid': 'play-computer', onclick: againstComputer }, t('playComputer')),
      h('button', { type: 'button', 'data-testid': 'open-game', onclick: openGame }, t('createGame')),
    ),
    h('div', { class: 'buttons' }, h('label', { class: 'field inline-field' }, h('span', null, t('matchGames')), games), h('button', { type: 'button', 'data-testid': 'open-match', onclick: openMatch }, t('createMatch'))),
  );

  // ---------------------------------------------------------------- the lists
  const openList = h('div', { class: 'open-games', 'aria-live': 'polite' });
  const mine = h('div', { class: 'my-games' });
  let lobbyGames: GameSummary[] = [];
  // Open matches too (GET /v1/matches): someone who opens a match must be found by the others.
  let lobbyMatches: MatchPage['matches'] = [];

  const join = async (id: string) => {
    try {
      await session.client.joinGame(id);
      session.remember(id);
      app.navigate(`/play/${id}`);
    } catch (e) {
      fail(e);
    }
  };

  const renderOpen = () => {
    const entries = lobbyGames.filter((g) => g.reservedFor === null || g.reservedFor === me.playerId);
    const matches = lobbyMatches.filter((m) => m.reservedFor === null || m.reservedFor === me.playerId);
    replaceContent(
      openList,
      entries.length + matches.length === 0
        ? h('p', { class: 'muted' }, t('noOpenGames'))
        : h(
            'ul',
            { class: 'games' },
            matches.map((m) => {
              const creator = m.players[0];
              const own = creator?.playerId === me.playerId;
              return h(
                'li',
                { 'data-match-id': m.id },
                h('div', null, h('strong', null, `${t('matchOf', { n: m.games })} · ${optionsOf(app, m)}`), h('span', { class: 'muted' }, ` ${t('createdBy', { name: creator?.name ?? '?' })}`), m.reservedFor ? h('span', { class: 'badge' }, t('reservedForYou')) : null),
                h('a', { class: own ? 'button' : 'button primary', href: `/play/match/${m.id}`, 'data-testid': own ? undefined : 'join-match-link' }, own ? t('open') : t('join')),
              );
            }),
            entries.map((g) => {
              const creator = g.players.forehand ?? g.players.dealer;
              const own = creator?.playerId === me.playerId;
              return h(
                'li',
                { 'data-game-id': g.id },
                h('div', null, h('strong', null, optionsOf(app, g)), h('span', { class: 'muted' }, ` ${t('createdBy', { name: creator?.name ?? '?' })}`), (creator as { bot?: boolean } | null)?.bot ? [' ', botBadge(t)] : null, g.reservedFor ? h('span', { class: 'badge' }, t('reservedForYou')) : null),
                own
                  ? h('a', { class: 'button', href: `/play/${g.id}` }, t('open'))
                  : h('button', { type: 'button', class: 'primary', 'data-testid': 'join', 'data-focus': `join-${g.id}`, onclick: () => join(g.id) }, t('join')),
              );
            }),
          ),
    );
  };

  const entryLine = (e: MyEntry, my: MyGames) => {
    const href = e.kind === 'match' ? `/play/match/${e.id}` : `/play/${e.id}`;
    const label = [e.kind === 'match' ? t('match') : null, e.variant ? t(`variant_${e.variant}` as MessageKey) : null, e.rated ? t('rated') : null, e.opponent].filter(Boolean).join(' · ');
    const statusText = e.status in { waiting: 1, cutting: 1, declaring: 1, kontra: 1, re: 1, bidding: 1, stock: 1, playing: 1, finished: 1 } ? t(`status_${e.status}` as MessageKey) : e.status;
    const canCancel = e.ownWaiting && my.canCancel[e.kind];
    return h(
      'li',
      null,
      h('a', { href }, label || e.id.slice(0, 8)),
      e.opponentBot ? [' ', botBadge(t)] : null,
      h('span', { class: 'muted' }, ` ${statusText}`),
      canCancel ? h('button', { type: 'button', class: 'link', onclick: () => cancel(session.client, e).then(refresh, fail) }, t('cancel')) : null,
    );
  };

  const renderMine = (my: MyGames) => {
    replaceContent(
      mine,
      my.challenges.length
        ? h(
            'ul',
            { class: 'challenges' },
            my.challenges.map((c) =>
              h(
                'li',
                null,
                h('strong', null, t('challengeFrom', { name: c.challengeFrom ?? '?' })),
                c.kind === 'match' ? h('a', { class: 'button primary', href: `/play/match/${c.id}` }, t('accept')) : h('button', { type: 'button', class: 'primary', onclick: () => join(c.id) }, t('accept')),
                my.canDecline[c.kind] ? h('button', { type: 'button', onclick: () => decline(session.client, c).then(refresh, fail) }, t('decline')) : null,
              ),
            ),
          )
        : null,
      h('h2', null, my.source === 'service' ? t('myGames') : t('myGamesLocal')),
      my.games.length ? h('ul', { class: 'games compact' }, my.games.map((e) => entryLine(e, my))) : h('p', { class: 'muted' }, t('noGames')),
    );
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  async function refresh(): Promise<void> {
    if (running || signal.aborted) return;
    running = true;
    clearTimeout(timer);
    try {
      [lobbyGames, lobbyMatches] = await Promise.all([
        session.client.listGames({ status: 'waiting', limit: 30 }).then((p) => p.games),
        session.client.listMatches({ status: 'waiting', limit: 30 }).then((p) => p.matches),
      ]);
      if (signal.aborted) return;
      renderOpen();
      renderMine(await loadMyGames(session));
    } catch (e) {
      if (!signal.aborted) fail(e);
    } finally {
      running = false;
      // The lobby has no stream of its own: it looks again while it is shown.
      if (!signal.aborted) timer = setTimeout(() => void refresh(), REFRESH_MS);
    }
  }
  signal.addEventListener('abort', () => clearTimeout(timer));
  void followMyGames(session, () => void refresh(), signal);

  replaceContent(
    root,
    h(
      'div',
      { class: 'lobby' },
      h('p', { class: 'muted player-id' }, t('yourId', { id: me.playerId })),
      status,
      pairingPanel(app, signal),
      h('div', { class: 'columns' }, h('section', { class: 'card-panel' }, h('h2', null, t('newGame')), form), h('section', { class: 'card-panel' }, h('div', { class: 'section-head' }, h('h2', null, t('openGames')), h('button', { type: 'button', class: 'link', onclick: () => void refresh() }, t('refresh'))), openList, mine)),
    ),
  );
  renderOpen();
  void refresh();
}
