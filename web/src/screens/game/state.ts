// What the table screen holds between two drawings: the view it shows and what the player has
// done with it so far (a choice of cards, an armed resignation, a refusal to show).
import type { Card, GameEvent, GameView, Match } from '@offiziersskat/client';

export interface TableState {
  view: GameView;
  /** A move of this browser is on its way: the table takes no other. */
  busy: boolean;
  /** The cards picked for laying away (two at most). */
  chosen: Set<Card>;
  /**
   * The latest event, said with the names of the view as it is when drawn: a player who has just
   * joined is named once the view that seats them is read (not "… takes a seat").
   */
  latest: GameEvent | null;
  /** A refusal or failure, said on the notice line until the next move. */
  problem: string;
  resignArmed: boolean;
  /** The game's match, once the game is over (for its score sheet and the next game). */
  match: Match | null;
  /** Whether the turn's deadline has passed (a claim becomes possible). */
  expired: boolean;
}

export const tableState = (view: GameView): TableState => ({
  view,
  busy: false,
  chosen: new Set(),
  latest: null,
  problem: '',
  resignArmed: false,
  match: null,
  expired: false,
});

/**
 * Takes a newer view (an older one, overtaken by a later answer, is dropped): a choice of cards
 * lasts only while the player is laying away. Says whether the view was taken.
 */
export function takeView(state: TableState, next: GameView): boolean {
  if (next.version < state.view.version) return false;
  const phaseChanged = next.status !== state.view.status;
  state.view = next;
  if (phaseChanged || next.status !== 'stock') state.chosen = new Set();
  return true;
}
