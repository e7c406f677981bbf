// A rated game's result: each player's rating before and after (result.ratingChanges, docs/api.md), with
// the change signed; and the "rated" badge of the table's status bar.
import { h } from './dom.ts';
import type { Translate } from './i18n.ts';
import { isRated, ratingDelta, shownRating } from './rated-api.ts';

type Seat = 'forehand' | 'dealer';
export type RatingChanges = Record<Seat, { before: number; after: number }>;

/** The result's rating changes, if the game was rated (and not passed in). */
export const ratingChangesOf = (result: unknown): RatingChanges | null => {
  const changes = (result as { ratingChanges?: RatingChanges | null } | null | undefined)?.ratingChanges;
  return changes?.forehand && changes.dealer ? changes : null;
};

/** One line a player: "Anna: 1500 → 1662 (+162)". */
export const ratingChangeLines = (changes: RatingChanges, names: Record<Seat, string>, t: Translate): string[] =>
  (['forehand', 'dealer'] as const).map((s) =>
    t('ratingChange', { name: names[s], before: shownRating(changes[s].before), after: shownRating(changes[s].after), delta: ratingDelta(changes[s].before, changes[s].after) }),
  );

export function ratingChangesPanel(result: unknown, names: Record<Seat, string>, t: Translate): HTMLElement | null {
  const changes = ratingChangesOf(result);
  if (!changes) return null;
  return h(
    'div',
    { class: 'rating-changes', 'data-testid': 'rating-changes' },
    h('h3', null, t('ratingChangesTitle')),
    h('ul', null, (['forehand', 'dealer'] as const).map((s, i) => h('li', { 'data-seat': s, 'data-before': changes[s].before, 'data-after': changes[s].after }, ratingChangeLines(changes, names, t)[i]))),
  );
}

/** The status bar's badge of a rated game (nothing for a casual one). */
export const ratedBadge = (view: unknown, t: Translate): HTMLElement | null => (isRated(view) ? h('span', { class: 'badge rated', 'data-testid': 'rated-badge' }, t('rated')) : null);
