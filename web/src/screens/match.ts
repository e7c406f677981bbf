// `/play/match/{matchId}`: a match — who plays, the score sheet (Skatliste) with running totals,
// the game being played, the winner; joining the free slot. Updates from the match's stream.
import type { Match } from '@offiziersskat/client';
import { h, replaceContent } from '../dom.ts';
import type { App } from '../app.ts';
import { sheetTable } from '../sheet.ts';
import { playerName } from '../bot-badge.ts';

export async function matchScreen(root: HTMLElement, app: App, signal: AbortSignal, matchId: string): Promise<void> {
  const { t, session } = app;
  let match: Match = await session.client.getMatch(matchId);
  let problem = '';
  const me = session.player;
  const seated = () => Boolean(me && match.players.some((p) => p.playerId === me.playerId));
  if (seated()) session.remember(matchId, 'match');

  const join = async () => {
    try {
      match = await session.client.joinMatch(matchId);
      session.remember(matchId, 'match');
      if (match.currentGameId) return app.navigate(`/play/${match.currentGameId}`);
      render();
    } catch (e) {
      problem = app.describe(e);
      render();
    }
  };

  function render() {
    const name = (id: string | null) => match.players.find((p) => p.playerId === id)?.name ?? '–';
    const canJoin = match.status === 'waiting' && me && !seated() && (!match.reservedFor || match.reservedFor === me.playerId);
    replaceContent(
      root,
      h(
        'section',
        { class: 'match card-panel', 'data-status': match.status },
        h('h1', null, t('matchOf', { n: match.games })),
        h('p', null, match.players.map((p, i) => [i > 0 ? ' – ' : null, playerName(t, p)])),
        problem ? h('p', { class: 'error', role: 'alert' }, problem) : null,
        match.status === 'waiting'
          ? h(
              'div',
              { class: 'waiting' },
              // The joining player is asked to join; only the creator waits and shares the address.
              canJoin ? h('p', null, t('matchOpenToYou', { name: name(match.players[0]?.playerId ?? null) })) : [h('p', null, t('waitingForMatch')), h('code', { class: 'link-text' }, location.href)],
              canJoin ? h('button', { type: 'button', class: 'primary', 'data-testid': 'join-match', onclick: () => void join() }, t('joinMatch')) : !me ? h('a', { class: 'button', href: '/' }, t('signIn')) : null,
            )
          : null,
        match.currentGameId ? h('p', null, h('a', { class: 'button primary', href: `/play/${match.currentGameId}`, 'data-testid': 'current-game' }, t('openCurrentGame', { n: match.currentNumber ?? '' }))) : null,
        match.status === 'finished' ? h('p', { class: 'headline' }, match.draw ? t('matchDraw') : t('matchWinner', { name: name(match.winner) })) : null,
        sheetTable(match, t),
      ),
    );
  }
  render();

  if (match.status === 'finished') return;
  try {
    for await (const e of session.anonymous.matchStream(matchId, { after: match.version, signal })) {
      match = await session.client.getMatch(matchId);
      // The match has begun: its players go to the table of game 1.
      if (e.event.type === 'gameStarted' && match.currentNumber === 1 && seated() && match.currentGameId) return app.navigate(`/play/${match.currentGameId}`);
      render();
    }
    match = await session.client.getMatch(matchId);
    render();
  } catch (e) {
    if (!signal.aborted) {
      problem = app.describe(e);
      render();
    }
  }
}
