// `/tournaments/{id}`: a tournament. Its options, a countdown to the start (an arena's end), the
// round; join or withdraw; the live standings and the games of the moment (a Swiss round's
// pairings, an arena's running games), each a link to watch it. Live from the tournament's
// stream (resumable: the client reconnects after the last event seen): its events carry the
// whole standings, and after each the page reads the tournament's head again (the read gives the
// standings a page at a time: read whole only when a player is new); the player's own games open
// by themselves (tournament-follow.ts).
import type { App } from '../app.ts';
import { playerName } from '../bot-badge.ts';
import { shownBotName } from '../house-levels.ts';
import { h, replaceContent } from '../dom.ts';
import type { MessageKey } from '../i18n.ts';
import { countdown, countdownTarget, currentGames, entrantState, getTournament, joinTournament, rereadTournament, shownScore, tournamentStream, withdrawFromTournament, type CurrentGame, type Standing, type Tournament } from '../tournament-api.ts';
import { followTournament, unfollowTournament } from '../tournament-follow.ts';
import { withEntry, type JoinEvent, type WithdrawEvent } from '../tournament-games.ts';
import { tournamentStory } from './tournaments/story.ts';
import { houseBotsControl } from './tournaments/house-bots.ts';
import { nextGamePanel } from './tournaments/next-game.ts';
import '../ranking.css';
import '../tournaments.css';

export async function tournamentScreen(root: HTMLElement, app: App, signal: AbortSignal, tournamentId: string): Promise<void> {
  const { t, session } = app;
  let tour: Tournament = await getTournament(session.client, tournamentId, signal);
  if (signal.aborted) return;
  let problem = '';
  let busy = false;
  /** The newest whole table of the stream's events; null: the one read is newer (after a join or a withdrawal). */
  let live: Standing[] | null = null;
  const me = session.player;
  const date = (iso: string) => new Date(iso).toLocaleString(app.language, { dateStyle: 'medium', timeStyle: 'short' });

  const clock = h('p', { class: 'tour-clock', 'data-testid': 'tour-clock', 'aria-live': 'off' });
  const story = tournamentStory(app, tournamentId, signal);
  const body = h('div');
  // An arena's entrant between games: the countdown to the next, Pause / Resume (a pause's answer: the table read again).
  const next = nextGamePanel(app, tournamentId, signal, () => void getTournament(session.client, tournamentId, signal).then((read) => ((tour = read), (live = null), render()), () => {}));
  const followIfIn = () => {
    if (me && entrantState(tour, me.playerId) === 'in' && tour.status !== 'finished') followTournament(app, tournamentId);
  };

  const act = async (what: 'join' | 'withdraw') => {
    busy = true;
    problem = '';
    render();
    try {
      // The answer of a join has a page of the standings: the whole table is read again.
      if (what === 'join') await joinTournament(session.client, tournamentId);
      else {
        await withdrawFromTournament(session.client, tournamentId);
        unfollowTournament(app, tournamentId);
      }
      tour = await getTournament(session.client, tournamentId, signal);
      live = null;
      followIfIn();
    } catch (e) {
      problem = app.describe(e);
    }
    busy = false;
    render();
  };

  function tickClock(): void {
    const target = countdownTarget(tour);
    const round = tour.system === 'swiss' && tour.status === 'running' && tour.round ? t('tourRoundOf', { round: tour.round, rounds: tour.rounds ?? '?' }) : null;
    const left = target ? t(target.to === 'start' ? 'tourStartsIn' : 'tourEndsIn', { time: countdown(target.at - Date.now()) }) : null;
    clock.textContent = [round, left, tour.status === 'finished' ? t('tourFinishedAt') : null].filter(Boolean).join(' · ');
    clock.dataset.status = tour.status;
  }

  const optionsLine = () => {
    const o = tour.options;
    return [
      t(`tourSystem_${tour.system}` as MessageKey),
      t(`variant_${o.variant}` as MessageKey),
      t('secondsPerMove', { n: o.turnSeconds }),
      o.minutes !== undefined ? t('tourMinutesOf', { n: o.minutes }) : null,
      o.rounds !== undefined ? t('tourRoundsOf', { n: o.rounds }) : null,
      o.gamesPerRound !== undefined ? t('tourGamesPerRoundOf', { n: o.gamesPerRound }) : null,
      o.rated ? t('rated') : t('casual'),
      t(`tourBots_${o.bots}` as MessageKey),
      t('tourMaxOf', { n: o.maxPlayers }),
      t('tourStartsOn', { date: date(tour.startsAt) }),
    ]
      .filter(Boolean)
      .join(' · ');
  };

  const entry = () => {
    if (tour.status === 'finished') return null;
    // The sign-in, then back here to join.
    if (!me) return h('p', null, h('a', { class: 'button primary', href: `${location.pathname}?signin`, 'data-testid': 'tour-sign-in' }, t('tourSignInToJoin')));
    const state = entrantState(tour, me.playerId);
    return h(
      'div',
      { class: 'buttons tour-entry', 'data-entrant': state },
      state === 'out' ? h('button', { type: 'button', class: 'primary', disabled: busy, 'data-testid': 'tour-join', onclick: () => void act('join') }, t('tourJoin')) : null,
      state === 'in' ? [h('span', null, t('tourYouAreIn')), h('button', { type: 'button', disabled: busy, 'data-testid': 'tour-withdraw', onclick: () => void act('withdraw') }, t('tourWithdraw')), next.element] : null,
      // Back in after a withdrawal (the score kept), while the tournament takes entries.
      state === 'withdrawn' ? [h('span', { class: 'muted' }, t('tourYouWithdrew')), h('button', { type: 'button', disabled: busy, 'data-testid': 'tour-join', onclick: () => void act('join') }, t('tourJoinAgain'))] : null,
    );
  };

  const standingsTable = (rows: Standing[]) => {
    // The tiebreaks the service gives, in their order: Buchholz and Sonneborn–Berger (swiss), sheet points (arena).
    const tiebreaks = (['buchholz', 'sonnebornBerger', 'sheetPoints'] as const).filter((k) => rows[0]?.tiebreaks[k] !== undefined);
    const label = (k: (typeof tiebreaks)[number]) => t(`tourTiebreak_${k}`);
    return rows.length
      ? h(
          'div',
          { class: 'table-scroll' },
          h(
            'table',
            { class: 'ranking', 'data-testid': 'tour-standings' },
            h('thead', null, h('tr', null, h('th', { scope: 'col', class: 'num' }, h('abbr', { title: t('rank') }, t('tourRankShort'))), h('th', { scope: 'col' }, t('player')), h('th', { scope: 'col', class: 'num' }, t('tourScore')), h('th', { scope: 'col', class: 'num' }, h('abbr', { title: t('games') }, t('tourGamesShort'))), tiebreaks.map((k) => h('th', { scope: 'col', class: 'num' }, h('abbr', { title: label(k) }, t(`tourTiebreakShort_${k}`)))))),
            h(
              'tbody',
              null,
              rows.map((r) =>
                h(
                  'tr',
                  { 'data-player-id': r.playerId, 'data-score': r.score, 'data-games': r.games, class: [r.playerId === me?.playerId ? 'me' : '', r.withdrawn ? 'withdrawn' : ''].join(' ').trim() || undefined },
                  h('td', { class: 'num' }, r.rank),
                  h('th', { scope: 'row' }, h('a', { href: `/players/${encodeURIComponent(r.playerId)}` }, playerName(t, r)), r.withdrawn ? h('span', { class: 'badge', 'data-testid': 'withdrawn' }, t('tourWithdrawnMark')) : null, tour.paused?.includes(r.playerId) ? h('span', { class: 'badge', 'data-testid': 'paused' }, t('arenaPausedMark')) : null),
                  h('td', { class: 'num', 'data-testid': 'tour-score' }, shownScore(r.score)),
                  h('td', { class: 'num' }, h('button', { type: 'button', class: 'link', 'data-testid': 'tour-player-games-open', 'aria-label': t('tourShowGamesOf', { games: String(r.games), name: shownBotName(t, r) }), onclick: () => story.showPlayer(r) }, r.games)),
                  tiebreaks.map((k) => h('td', { class: 'num' }, shownScore(r.tiebreaks[k] ?? 0))),
                ),
              ),
            ),
          ),
        )
      : h('p', { class: 'muted' }, t('tourNoEntrants'));
  };

  // A pairing of several games is a match: its page shows the game being played and the sheet.
  const watchHref = (g: CurrentGame) =>
    g.matchId && (tour.options.gamesPerRound ?? 1) > 1 ? `/play/match/${encodeURIComponent(g.matchId)}` : g.gameId ? `/play/${encodeURIComponent(g.gameId)}` : null;
  const gameLine = (g: CurrentGame) => {
    const [a, b] = g.players;
    const outcome = !g.finished || b === null ? null : g.winner === null ? t('tourDrawn') : t('tourWon', { name: g.players.find((p) => p?.playerId === g.winner)?.name ?? '?' });
    const href = g.finished ? null : watchHref(g);
    const mine = g.players.some((p) => p?.playerId === me?.playerId);
    return h(
      'li',
      { 'data-game-id': g.gameId ?? undefined, 'data-bye': b === null ? 'true' : undefined, 'data-finished': String(g.finished) },
      h('span', null, playerName(t, a), ' – ', b ? playerName(t, b) : h('em', null, t('tourBye'))),
      outcome ? h('span', { class: 'muted' }, ` ${outcome}`) : null,
      href && b ? h('a', { class: 'button', href, 'data-testid': 'tour-watch' }, mine ? t('open') : t('watch')) : null,
    );
  };

  const gamesPanel = () => {
    if (tour.status !== 'running') return null;
    const games = currentGames(tour);
    const title = tour.system === 'swiss' ? t('tourPairings', { round: tour.round ?? '?' }) : t('tourRunningGames');
    return h(
      'section',
      { class: 'card-panel' },
      h('h2', null, title),
      games.length ? h('ul', { class: 'games tour-games', 'data-testid': 'tour-games' }, games.map(gameLine)) : h('p', { class: 'muted', 'data-testid': 'tour-no-games' }, t('tourNoGamesNow')),
    );
  };

  // The creator's control that enters house bots; what it enters shows at once.
  const house = houseBotsControl(app, tour, (entered) => {
    tour = entered;
    live = null;
    render();
  });

  function render(): void {
    tickClock();
    house?.update(tour);
    next.update(tour);
    replaceContent(
      body,
      problem ? h('p', { class: 'error', role: 'alert' }, problem) : null,
      entry(),
      house?.element,
      gamesPanel(),
      h('section', { class: 'card-panel' }, h('h2', null, tour.status === 'finished' ? t('tourFinalStandings') : t('tourStandings')), standingsTable(tour.standings)),
      story.element,
    );
    story.update(tour);
  }

  replaceContent(root, h('div', { class: 'tournament', 'data-tournament-id': tournamentId, 'data-status': tour.status }, h('h1', null, tour.name), h('p', { class: 'muted', 'data-testid': 'tour-options' }, optionsLine()), clock, body));
  const page = root.firstElementChild as HTMLElement;
  followIfIn();
  render();

  const ticker = setInterval(tickClock, 1000);
  signal.addEventListener('abort', () => clearInterval(ticker), { once: true });
  if (tour.status === 'finished') return;

  // Each event brings the tournament again: one read at a time, and one more if events came
  // meanwhile. The standings come whole in the stream's own events (the first a late joiner gets
  // stands for those before it, see `live`), so the read is of the head only.
  let reading = false;
  let again = false;
  const reread = async () => {
    if (reading) return void (again = true);
    reading = true;
    try {
      do {
        again = false;
        tour = await rereadTournament(session.client, tournamentId, live ?? tour.standings, signal);
        if (signal.aborted) return;
        page.dataset.status = tour.status;
        followIfIn();
        render();
      } while (again);
    } finally {
      reading = false;
    }
  };
  try {
    for await (const m of tournamentStream(session.anonymous, tournamentId, { signal })) {
      if (m.event === 'standings' || m.event === 'tournamentEnd') live = (JSON.parse(m.data) as { standings: Standing[] }).standings;
      // An entry shows at once (the read after it places the newcomer).
      if (m.event === 'join' || m.event === 'withdraw') {
        const entry = JSON.parse(m.data) as JoinEvent | WithdrawEvent;
        if (live) live = withEntry(live, entry);
        tour = { ...tour, standings: withEntry(tour.standings, entry), players: entry.type === 'join' ? entry.players : tour.players };
        render();
      }
      void reread().catch(() => {});
    }
    await reread();
  } catch (e) {
    if (!signal.aborted) {
      problem = app.describe(e);
      render();
    }
  }
}
