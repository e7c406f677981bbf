// The open games and matches to join (those reserved for someone else left out); the player's own
// are listed to open again.
import type { GameSummary, MatchPage } from '@offiziersskat/client';
import type { App } from '../../app.ts';
import { botBadge } from '../../bot-badge.ts';
import { h, replaceContent } from '../../dom.ts';
import type { MessageKey } from '../../i18n.ts';
import { isRated } from '../../rated-api.ts';

/** A game's or match's options, in a line. */
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

export interface OpenList {
  element: HTMLElement;
  show(games: GameSummary[], matches: MatchPage['matches']): void;
}

export function openList(app: App, join: (id: string) => void): OpenList {
  const { t, session } = app;
  // The lobby is shown only to a signed-in player.
  const me = session.player!;
  const element = h('div', { class: 'open-games', 'aria-live': 'polite' });
  return {
    element,
    show(lobbyGames, lobbyMatches) {
      const entries = lobbyGames.filter((g) => g.reservedFor === null || g.reservedFor === me.playerId);
      const matches = lobbyMatches.filter((m) => m.reservedFor === null || m.reservedFor === me.playerId);
      replaceContent(
        element,
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
    },
  };
}
