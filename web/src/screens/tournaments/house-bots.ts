// The tournament page's control for its creator: the house bots online (the service's own bots,
// weakest first) not in the tournament yet, each entered with a click (POST
// /v1/tournaments/{id}/house-bots). Shown while the tournament takes entries and allows bots; the
// refusal of the service, if any, is said under the list.
import { accounts, type SkatClient } from '@offiziersskat/client';
import type { App } from '../../app.ts';
import { h, replaceContent } from '../../dom.ts';
import { byStrength, houseAbout, houseLabel, isHouseLevel, type HouseLevel } from '../../house-levels.ts';
import { getTournament, type Tournament } from '../../tournament-api.ts';

const addHouseBots = (c: SkatClient, id: string, levels: HouseLevel[]) =>
  c.request<Tournament>('POST', `/v1/tournaments/${encodeURIComponent(id)}/house-bots`, { body: { levels } });

export interface HouseBotsControl {
  element: HTMLElement;
  /** Drawn again for the tournament as it is now (and the house bots online read again). */
  update(tour: Tournament): void;
}

/** Null unless `tour` is the signed-in player's own and may take house bots at all. */
export function houseBotsControl(app: App, tour: Tournament, entered: (tour: Tournament) => void): HouseBotsControl | null {
  const { t, session } = app;
  if (!session.player || tour.createdBy.playerId !== session.player.playerId || tour.options.bots === 'none') return null;
  const element = h('section', { class: 'card-panel', 'data-testid': 'tour-house-bots' });
  let current = tour;
  let online: { playerId: string; level: HouseLevel }[] = [];
  let problem = '';
  let busy = false;

  const open = () => current.status !== 'finished' && !(current.system === 'swiss' && (current.round ?? 0) >= (current.rounds ?? 0) && current.status === 'running');
  const inIt = (playerId: string) => current.standings.some((s) => s.playerId === playerId && !s.withdrawn);

  const enter = async (level: HouseLevel) => {
    busy = true;
    problem = '';
    draw();
    try {
      await addHouseBots(session.client, current.id, [level]);
      // The answer has a page of the standings: the whole table is read again (as after a join).
      current = await getTournament(session.client, current.id);
      entered(current);
    } catch (e) {
      problem = app.describe(e);
    }
    busy = false;
    draw();
  };

  function draw(): void {
    element.hidden = !open();
    const free = online.filter((b) => !inIt(b.playerId));
    replaceContent(
      element,
      h('h2', null, t('houseBotsTitle')),
      h('p', { class: 'muted' }, t('houseBotsIntro')),
      free.length
        ? h(
            'ul',
            { class: 'games compact people' },
            free.map((b) =>
              h(
                'li',
                { 'data-house-level': b.level },
                h('div', { class: 'who' }, h('strong', null, houseLabel(t, b.level)), h('small', { class: 'muted block' }, houseAbout(t, b.level))),
                h('div', { class: 'buttons' }, h('button', { type: 'button', disabled: busy, 'aria-label': `${t('houseBotsAdd')}: ${houseLabel(t, b.level)}`, 'data-testid': 'tour-add-house-bot', onclick: () => void enter(b.level) }, t('houseBotsAdd'))),
              ),
            ),
          )
        : h('p', { class: 'muted', 'data-testid': 'tour-house-none' }, online.length ? t('houseBotsAllIn') : t('houseBotsNone')),
      problem ? h('p', { class: 'error', role: 'alert' }, problem) : null,
    );
  }

  const read = async () => {
    try {
      const bots = byStrength(await accounts.onlineBots(session.client));
      online = bots.flatMap((b) => (isHouseLevel(b.houseLevel) ? [{ playerId: b.playerId, level: b.houseLevel }] : []));
    } catch (e) {
      problem = app.describe(e);
    }
    draw();
  };

  draw();
  void read();
  return {
    element,
    update(tour) {
      current = tour;
      draw();
    },
  };
}
