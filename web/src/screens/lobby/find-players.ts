// Finding someone to play: the bots online (GET /v1/bots/online: name, BOT badge, ratings, the
// variants they accept; the house bots first, weakest to strongest, each with a sentence on its
// level), each challenged with one click, and any player found by name. A
// challenge is a game reserved for that player with the new game form's options (a bot's own
// variant when it does not take the form's); "rated" needs an account, as everywhere.
import type { CreateGame } from '@offiziersskat/client';
import { accounts, players as playerCalls } from '@offiziersskat/client';
import type { App } from '../../app.ts';
import { botBadge } from '../../bot-badge.ts';
import { byStrength, houseAbout, isHouseLevel, shownBotName } from '../../house-levels.ts';
import { h, replaceContent } from '../../dom.ts';
import type { MessageKey } from '../../i18n.ts';
import { isVariant, shownRating, VARIANTS, type Variant } from '../../rated-api.ts';
import { canPlayRated } from '../../rated-switch.ts';
import type { NewGameForm } from './new-game-form.ts';

/** A bot online or a player found, as much as the service tells of it (ratings and variants when it does). */
export interface Someone {
  playerId: string;
  name: string;
  bot?: boolean;
  /** A house bot's level (the service's own bots). */
  houseLevel?: string | null;
  ratings?: Partial<Record<Variant, { rating: number; provisional?: boolean } | null>>;
  variants?: string[];
}

export interface FindPlayers {
  element: HTMLElement;
  /** Reads the bots online again (with the lobby's other lists). */
  refresh(): Promise<void>;
}

/** The body of a challenge to `who`: the form's options, the variant it takes, rated when asked. */
export function challengeBody(form: CreateGame, who: Someone, rated: boolean): CreateGame {
  const { seed: _seed, ...options } = form;
  const accepted = (who.variants ?? []).filter(isVariant);
  const variant = accepted.length && !accepted.includes(form.variant ?? 'classic') ? accepted[0] : form.variant;
  const body: CreateGame = { ...options, variant, opponent: who.playerId };
  if (rated) body.rated = true;
  else delete body.rated;
  // A rated game always has a clock: the service's default when the form names none.
  if (rated && body.turnSeconds === undefined) delete body.turnSeconds;
  return body;
}

export function findPlayersPanel(app: App, form: () => NewGameForm, fail: (e: unknown) => void): FindPlayers {
  const { t, session } = app;
  const me = session.player!;
  const variantName = (v: string) => (isVariant(v) ? t(`variant_${v}` as MessageKey) : v);

  const challenge = async (who: Someone, rated: boolean) => {
    try {
      const view = await session.client.createGame(challengeBody(form().options(), who, rated));
      session.remember(view.id);
      app.navigate(`/play/${view.id}`);
    } catch (e) {
      fail(e);
    }
  };

  const line = (who: Someone) => {
    const ratings = VARIANTS.flatMap((v) => {
      const r = who.ratings?.[v];
      // A provisional rating says so in words (its reason on hover), never a bare "1338?".
      return r ? [`${variantName(v)} ${r.provisional ? t('ratingProvisional', { rating: shownRating(r.rating) }) : shownRating(r.rating)}`] : [];
    });
    const takes = (who.variants ?? []).length ? t('botVariants', { variants: who.variants!.map(variantName).join(', ') }) : null;
    return h(
      'li',
      { 'data-player-id': who.playerId },
      h(
        'div',
        { class: 'who' },
        h('a', { href: `/players/${encodeURIComponent(who.playerId)}` }, shownBotName(t, who)),
        who.bot ? [' ', botBadge(t)] : null,
        ratings.length
          ? h('span', { class: 'muted', 'data-testid': 'bot-ratings', title: VARIANTS.some((v) => who.ratings?.[v]?.provisional) ? t('ratingProvisionalWhy') : null }, ` ${ratings.join(' · ')}`)
          : null,
        isHouseLevel(who.houseLevel) ? h('small', { class: 'block', 'data-testid': 'house-about' }, houseAbout(t, who.houseLevel)) : null,
        takes ? h('small', { class: 'muted block', 'data-testid': 'bot-variants' }, takes) : null,
      ),
      who.playerId === me.playerId
        ? h('span', { class: 'badge' }, t('poolYours'))
        : h(
            'div',
            { class: 'buttons' },
            canPlayRated(app) ? h('button', { type: 'button', class: 'primary', 'data-testid': 'challenge-rated', onclick: () => void challenge(who, true) }, t('challengeRated')) : null,
            h('button', { type: 'button', class: canPlayRated(app) ? undefined : 'primary', 'data-testid': 'challenge', onclick: () => void challenge(who, false) }, t('challenge')),
          ),
    );
  };

  const bots = h('div', { 'data-testid': 'bots-online', 'aria-live': 'polite' });
  const found = h('div', { 'data-testid': 'players-found', 'aria-live': 'polite' });
  const query = h('input', { type: 'search', name: 'playerName', id: 'find-player', maxlength: 40, autocomplete: 'off', 'data-testid': 'find-player' });
  const search = h(
    'form',
    {
      class: 'inline find-player',
      onsubmit: async (e: Event) => {
        e.preventDefault();
        const prefix = query.value.trim();
        if (!prefix) return replaceContent(found);
        try {
          const players = (await playerCalls.findPlayers(session.client, { name: prefix, limit: 10 })).items;
          replaceContent(found, players.length ? h('ul', { class: 'games compact people' }, players.map(line)) : h('p', { class: 'muted' }, t('noPlayerFound', { name: prefix })));
        } catch (err) {
          fail(err);
        }
      },
    },
    query,
    h('button', { type: 'submit', 'data-testid': 'find-player-button' }, t('findPlayer')),
  );

  const element = h(
    'section',
    { class: 'card-panel find-players', 'data-testid': 'find-players' },
    h('h2', null, t('botsOnline')),
    h('p', { class: 'muted' }, t('botsOnlineIntro')),
    bots,
    h('h3', null, h('label', { for: 'find-player' }, t('findPlayerTitle'))),
    search,
    found,
  );

  return {
    element,
    async refresh() {
      const online: Someone[] = byStrength(await accounts.onlineBots(session.client));
      const provisional = online.some((b) => VARIANTS.some((v) => b.ratings?.[v]?.provisional));
      replaceContent(
        bots,
        online.some((b) => isHouseLevel(b.houseLevel)) ? h('p', { class: 'muted', 'data-testid': 'house-intro' }, t('houseIntro')) : null,
        online.length ? h('ul', { class: 'games compact people' }, online.map(line)) : h('p', { class: 'muted', 'data-testid': 'no-bots' }, t('noBotsOnline')),
        provisional ? h('p', { class: 'muted', 'data-testid': 'provisional-note' }, h('small', null, t('provisionalNote'))) : null,
      );
    },
  };
}
