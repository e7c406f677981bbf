// A tournament's story on its page: a Swiss event's rounds, one at a time (each pairing with its
// result), and one player's games (chosen in the standings), each with its opponent, result and
// links to its replay and computer analysis (or a Swiss match's score sheet). Read from GET
// /v1/tournaments/{id}/games, and read again when the tournament moves on.
import type { App } from '../../app.ts';
import { playerName } from '../../bot-badge.ts';
import { h, replaceContent } from '../../dom.ts';
import type { MessageKey } from '../../i18n.ts';
import { shownScore, type Tournament } from '../../tournament-api.ts';
import { outcomeFor, sideOf, tournamentGames, type TournamentGame } from '../../tournament-games.ts';

interface PlayerRef {
  playerId: string;
  name: string;
  bot: boolean;
}

export interface TournamentStory {
  /** Its sections (empty until there is something to tell). */
  readonly element: HTMLElement;
  /** The tournament as the page shows it now: what is shown is read again if it moved on. */
  update(tour: Tournament): void;
  /** Shows a player's games (a click in the standings). */
  showPlayer(player: PlayerRef): void;
}

const seg = encodeURIComponent;

export function tournamentStory(app: App, tournamentId: string, signal: AbortSignal): TournamentStory {
  const { t } = app;
  const rounds = h('section', { class: 'card-panel tour-rounds', 'data-testid': 'tour-rounds', hidden: true });
  const playerPanel = h('section', { class: 'card-panel tour-player-games', 'data-testid': 'tour-player-games', hidden: true, tabindex: -1 });
  const element = h('div', { class: 'tour-story' }, rounds, playerPanel);
  let tour: Tournament | null = null;
  /** The round shown (0: none yet: the latest), and what it was read for. */
  let round = 0;
  let roundRead = '';
  let player: PlayerRef | null = null;
  let playerRead = '';
  let roundLoad: AbortController | null = null;
  let playerLoad: AbortController | null = null;

  /** One load at a time per section; the page's end cancels it. */
  const load = (previous: AbortController | null) => {
    previous?.abort();
    const c = new AbortController();
    signal.addEventListener('abort', () => c.abort(), { once: true });
    return c;
  };
  const problemLine = (e: unknown) => h('p', { class: 'error', role: 'alert' }, app.describe(e));

  // A Swiss pairing of several games is a match: its sheet links each game; else the game's replay.
  const isMatch = (g: TournamentGame) => g.matchId !== null && (tour?.options.gamesPerRound ?? 1) > 1;
  const links = (g: TournamentGame) => {
    if (g.second === null) return null;
    // Being played: to watch (a match's page shows its game of the moment).
    if (!g.finished) {
      const href = isMatch(g) ? `/play/match/${seg(g.matchId ?? '')}` : g.gameId ? `/play/${seg(g.gameId)}` : null;
      return href ? h('a', { class: 'button', href, 'data-testid': 'tour-watch' }, t('watch')) : null;
    }
    if (isMatch(g)) return h('a', { class: 'button', href: `/play/match/${seg(g.matchId ?? '')}`, 'data-testid': 'tour-match-sheet' }, t('tourMatchSheet'));
    if (!g.gameId) return null;
    return [
      h('a', { class: 'button', href: `/replay/${seg(g.gameId)}`, 'data-testid': 'tour-replay' }, t('tourReplay')),
      g.passedIn ? null : h('a', { class: 'button', href: `/replay/${seg(g.gameId)}?analysis`, 'data-testid': 'tour-analysis' }, t('analysisLink')),
    ];
  };
  const points = (a: number | null, b: number | null) => (a === null || b === null ? '' : ` (${a} : ${b})`);

  // ------------------------------------------------------------------ a Swiss event's rounds
  const pairingLine = (g: TournamentGame) => {
    const outcome = outcomeFor(g, g.first.playerId);
    // The round's score of each side: 1, ½ or 0 (a match won, drawn, lost).
    const score = outcome === 'won' ? '1 : 0' : outcome === 'lost' ? '0 : 1' : outcome === 'drawn' ? `${shownScore(0.5)} : ${shownScore(0.5)}` : null;
    return h(
      'li',
      { 'data-first': g.first.playerId, 'data-second': g.second?.playerId, 'data-outcome': outcome, 'data-bye': g.second === null ? 'true' : undefined },
      h('span', { class: 'tour-pair' }, playerName(t, g.first), ' – ', g.second ? playerName(t, g.second) : h('em', null, t('tourBye'))),
      h('span', { class: 'tour-result', 'data-testid': 'tour-result' }, score ? `${score}${points(g.firstPoints, g.secondPoints)}` : g.second === null ? '' : t(`tourOutcome_${outcome}` as MessageKey)),
      links(g),
    );
  };

  const showRound = async (n: number) => {
    round = n;
    const c = (roundLoad = load(roundLoad));
    const last = tour?.round ?? 0;
    const picker = h(
      'div',
      { class: 'buttons tour-round-picker', role: 'group', 'aria-label': t('tourRoundsTitle') },
      Array.from({ length: last }, (_, i) =>
        h(
          'button',
          { type: 'button', 'data-round': i + 1, 'aria-label': t('tourRoundN', { round: i + 1 }), 'aria-pressed': String(i + 1 === n), class: i + 1 === n ? 'primary' : undefined, onclick: () => void showRound(i + 1) },
          i + 1,
        ),
      ),
    );
    const title = h('h3', { 'data-testid': 'tour-round-title' }, t('tourRoundResults', { round: n }));
    replaceContent(rounds, h('h2', null, t('tourRoundsTitle')), picker, title, h('p', { class: 'muted' }, t('tourLoading')));
    try {
      const games = await tournamentGames(app.session.client, tournamentId, { round: n }, c.signal);
      if (c.signal.aborted) return;
      replaceContent(
        rounds,
        h('h2', null, t('tourRoundsTitle')),
        picker,
        title,
        games.length ? h('ul', { class: 'games tour-round-games', 'data-testid': 'tour-round-games', 'data-round': n }, games.map(pairingLine)) : h('p', { class: 'muted' }, t('tourNoGamesYet')),
      );
    } catch (e) {
      if (!c.signal.aborted) replaceContent(rounds, h('h2', null, t('tourRoundsTitle')), picker, title, problemLine(e));
    }
  };

  // ------------------------------------------------------------------ a player's games
  const gameLine = (g: TournamentGame, playerId: string) => {
    const outcome = outcomeFor(g, playerId);
    const side = sideOf(g, playerId);
    return h(
      'li',
      { 'data-game-id': g.gameId ?? undefined, 'data-outcome': outcome, 'data-round': g.round },
      h('span', { class: 'muted' }, tour?.system === 'swiss' ? t('tourRoundN', { round: g.round }) : `${g.round}.`),
      h('span', { class: 'tour-pair' }, side.opponent ? playerName(t, side.opponent) : h('em', null, t('tourBye'))),
      outcome === 'bye' ? null : h('span', { class: 'tour-result', 'data-testid': 'tour-result' }, t(`tourOutcome_${outcome}` as MessageKey), outcome === 'playing' ? '' : points(...side.points)),
      links(g),
    );
  };

  const showPlayer = async (who: PlayerRef, focus = false) => {
    player = who;
    const c = (playerLoad = load(playerLoad));
    playerPanel.hidden = false;
    playerPanel.dataset.playerId = who.playerId;
    const head = h(
      'div',
      { class: 'tour-panel-head' },
      h('h2', null, t('tourGamesOf', { name: who.name })),
      h('button', { type: 'button', class: 'link', 'data-testid': 'tour-player-games-close', onclick: () => close() }, t('tourClose')),
    );
    replaceContent(playerPanel, head, h('p', { class: 'muted' }, t('tourLoading')));
    if (focus) playerPanel.focus();
    try {
      const games = await tournamentGames(app.session.client, tournamentId, { player: who.playerId }, c.signal);
      if (c.signal.aborted) return;
      replaceContent(playerPanel, head, games.length ? h('ul', { class: 'games tour-games-of', 'data-testid': 'tour-games-of' }, games.map((g) => gameLine(g, who.playerId))) : h('p', { class: 'muted' }, t('tourNoGamesYet')));
      if (focus) playerPanel.scrollIntoView({ block: 'nearest' });
    } catch (e) {
      if (!c.signal.aborted) replaceContent(playerPanel, head, problemLine(e));
    }
  };
  const close = () => {
    playerLoad?.abort();
    player = null;
    playerRead = '';
    playerPanel.hidden = true;
    delete playerPanel.dataset.playerId;
  };

  /** What a section shows changes when these do (the standings are read again after each event). */
  const roundKey = (x: Tournament) => `${x.status} ${x.round ?? 0} ${x.pairings?.filter((p) => p.finished).length ?? 0}`;
  const playerKey = (x: Tournament, playerId: string) => {
    const s = x.standings.find((r) => r.playerId === playerId);
    return `${x.status} ${x.round ?? 0} ${s?.games ?? 0} ${x.pairings?.filter((p) => p.first === playerId || p.second === playerId).length ?? 0}`;
  };

  return {
    element,
    update(next) {
      tour = next;
      const swiss = next.system === 'swiss' && next.status !== 'upcoming' && (next.round ?? 0) > 0;
      rounds.hidden = !swiss;
      if (swiss && roundKey(next) !== roundRead) {
        roundRead = roundKey(next);
        // The latest round unless another was chosen.
        void showRound(round === 0 || round > (next.round ?? 0) ? (next.round ?? 1) : round);
      }
      if (player && playerKey(next, player.playerId) !== playerRead) {
        playerRead = playerKey(next, player.playerId);
        void showPlayer(player);
      }
    },
    showPlayer(who) {
      if (tour) playerRead = playerKey(tour, who.playerId);
      void showPlayer(who, true);
    },
  };
}
