// The finished game's result: the headline, the arithmetic, the scores, and where to go next.
import { h } from '../../dom.ts';
import { ratingChangesPanel } from '../../rating-changes.ts';
import { describeResult } from '../../result.ts';
import { linkedLine } from '../../rule-links.ts';
import { tournamentOfGame } from '../../tournament-follow.ts';
import { nextGameAfter } from '../tournaments/next-game.ts';
import type { GameActions } from './actions.ts';
import { type GameContext, seatNames } from './context.ts';

export function resultPanel(ctx: GameContext, actions: GameActions): HTMLElement | null {
  const { gameId, state } = ctx;
  const { t } = ctx.app;
  const { view, match } = state;
  if (!view.result) return null;
  const d = describeResult(view.result as never, view.contract as never, view.config, seatNames(ctx), t);
  const next = match?.currentGameId && match.currentGameId !== gameId ? match.currentGameId : null;
  // A tournament's game: no rematch, the way back to the tournament instead (its next game opens by itself).
  const tournamentId = tournamentOfGame(gameId);
  return h(
    'section',
    { class: 'result card-panel', 'data-testid': 'result', 'aria-live': 'polite' },
    h('h2', null, t('resultTitle')),
    h('p', { class: 'headline' }, d.headline),
    // The last game of a match: who won the match, right under the game's own result.
    match && match.status === 'finished' ? h('p', { class: 'headline', 'data-testid': 'match-result' }, match.draw ? t('matchDraw') : t('matchWinner', { name: match.players.find((p) => p.playerId === match.winner)?.name ?? '' })) : null,
    // The rules' words link to their explanation (/rules, in the page's language).
    h('ul', { class: 'arithmetic' }, d.lines.map((l) => h('li', null, linkedLine(l, d.terms, t)))),
    h('p', { class: 'scores' }, d.scores.join(' · ')),
    ratingChangesPanel(view.result, seatNames(ctx), t),
    // A player's arena game: the result stays while the player rests; when the next game comes, and Pause.
    tournamentId && view.you ? nextGameAfter(ctx.app, tournamentId, gameId) : null,
    h(
      'div',
      { class: 'buttons' },
      tournamentId ? h('a', { class: 'button primary', href: `/tournaments/${encodeURIComponent(tournamentId)}`, 'data-testid': 'back-to-tournament' }, t('tourBackTo')) : null,
      view.you && !view.match && !tournamentId ? h('button', { type: 'button', class: 'primary', 'data-testid': 'rematch', onclick: () => void actions.rematch() }, t('rematch')) : null,
      next ? h('a', { class: 'button primary', href: `/play/${next}` }, t('nextGame')) : null,
      h('a', { class: 'button', href: `/replay/${gameId}`, 'data-testid': 'replay-link' }, t('replayVerify')),
      // A game that was played (not passed in, not given up before its game was fixed) has cards to analyse.
      view.result.declarer !== null && !view.result.passedIn ? h('a', { class: 'button', href: `/replay/${gameId}?analysis`, 'data-testid': 'analysis-link' }, t('analysisLink')) : null,
      h('a', { class: 'button', href: '/' }, t('backToLobby')),
    ),
  );
}
