// The BOT badge, wherever a player is shown: a bot account is a bot for good (docs/api.md).
import './accounts.css';
import { h } from './dom.ts';
import type { Translate } from './i18n.ts';
import { shownBotName } from './house-levels.ts';

export const botBadge = (t: Translate): HTMLElement => h('span', { class: 'badge bot', title: t('botTitle'), 'data-testid': 'bot-badge' }, t('bot'));

/** A player's name, with the badge when it is a bot (a house bot's level in the reader's words). */
export const playerName = (t: Translate, player: { name: string; bot?: boolean } | null | undefined, fallback = '?'): (HTMLElement | string)[] =>
  player ? (player.bot ? [shownBotName(t, player), ' ', botBadge(t)] : [player.name]) : [fallback];
