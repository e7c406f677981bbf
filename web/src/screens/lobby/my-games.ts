// The player's challenges (to accept or decline) and own games and matches (to open, or cancel
// while nobody has joined).
import type { App } from '../../app.ts';
import { botBadge } from '../../bot-badge.ts';
import { h, replaceContent } from '../../dom.ts';
import type { MessageKey, Translate } from '../../i18n.ts';
import { cancel, decline, type MyEntry, type MyGames } from '../../mygames.ts';

/** A game's or match's state in words: the stage, whose turn it is, a clock that ran out. */
export function stateWords(t: Translate, e: Pick<MyEntry, 'status' | 'turn' | 'opponent'>): string {
  const status = t(`status_${e.status}` as MessageKey);
  if (!e.turn) return status;
  const name = e.opponent ?? '?';
  if (e.turn.timeUp) return e.turn.mine ? t('state_yourTimeUp') : t('state_theirTimeUp', { name });
  return e.turn.mine ? t('state_yourTurn', { status }) : t('state_theirTurn', { status, name });
}

export interface MyGamesList {
  element: HTMLElement;
  show(my: MyGames): void;
}

/** `changed` reads the lists again after a cancel or decline; `fail` says a refusal. */
export function myGamesList(app: App, join: (id: string) => void, changed: () => void, fail: (e: unknown) => void): MyGamesList {
  const { t, session } = app;
  const element = h('div', { class: 'my-games' });

  const entryLine = (e: MyEntry, my: MyGames) => {
    const href = e.kind === 'match' ? `/play/match/${e.id}` : `/play/${e.id}`;
    const label = [e.kind === 'match' ? t('match') : null, e.variant ? t(`variant_${e.variant}` as MessageKey) : null, e.rated ? t('rated') : null, e.opponent].filter(Boolean).join(' · ');
    const statusText = stateWords(t, e);
    const canCancel = e.ownWaiting && my.canCancel[e.kind];
    return h(
      'li',
      { 'data-entry-id': e.id },
      h('a', { href }, label || e.id.slice(0, 8)),
      e.opponentBot ? [' ', botBadge(t)] : null,
      h('span', { class: 'muted', 'data-testid': 'game-state' }, ` ${statusText}`),
      canCancel ? h('button', { type: 'button', class: 'link', onclick: () => cancel(session.client, e).then(changed, fail) }, t('cancel')) : null,
    );
  };

  return {
    element,
    show(my) {
      replaceContent(
        element,
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
                  my.canDecline[c.kind] ? h('button', { type: 'button', onclick: () => decline(session.client, c).then(changed, fail) }, t('decline')) : null,
                ),
              ),
            )
          : null,
        h('h2', null, my.source === 'service' ? t('myGames') : t('myGamesLocal')),
        my.games.length ? h('ul', { class: 'games compact' }, my.games.map((e) => entryLine(e, my))) : h('p', { class: 'muted' }, t('noGames')),
      );
    },
  };
}
