// The house bots' levels as the web client shows them: weakest to strongest (the service's order,
// src/house/levels.ts), each with its name in words and a sentence in the reader's language. A
// house bot is known by `houseLevel` (GET /v1/bots/online) or, where only its stored name comes
// (standings, a game's seats), by that name.
import type { MessageKey, Translate } from './i18n.ts';

export const HOUSE_LEVELS = ['random', 'greedy', 'pimc', 'star'] as const;
export type HouseLevel = (typeof HOUSE_LEVELS)[number];

export const isHouseLevel = (level: unknown): level is HouseLevel => HOUSE_LEVELS.includes(level as HouseLevel);

/** The names the service gives its house bots' accounts (src/house/levels.ts), by level. */
const STORED_NAMES: Record<string, HouseLevel> = {
  'Computer (beginner)': 'random',
  'Computer (easy)': 'greedy',
  'Computer (strong)': 'pimc',
  'Computer (expert)': 'star',
};

export const houseLabel = (t: Translate, level: HouseLevel): string => t(`houseLevel_${level}` as MessageKey);
export const houseAbout = (t: Translate, level: HouseLevel): string => t(`houseAbout_${level}` as MessageKey);

/** A bot's name in the reader's language when it is a house bot's (its level, or its stored name). */
export function shownBotName(t: Translate, who: { name: string; bot?: boolean; houseLevel?: string | null }): string {
  if (!who.bot) return who.name;
  const level = isHouseLevel(who.houseLevel) ? who.houseLevel : STORED_NAMES[who.name];
  return level ? houseLabel(t, level) : who.name;
}

/** Strength order: house bots weakest first, then the other bots by name. */
export function byStrength<T extends { name: string; houseLevel?: string | null }>(bots: readonly T[]): T[] {
  const rank = (b: T) => (isHouseLevel(b.houseLevel) ? HOUSE_LEVELS.indexOf(b.houseLevel) : HOUSE_LEVELS.length);
  return [...bots].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}
