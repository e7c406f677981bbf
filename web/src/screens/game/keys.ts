// The keyboard at the table: a key per card of the player's hand (shown on the card).
import type { Card } from '@offiziersskat/client';
import { cardKeys } from '../../layout.ts';
import { modelFromView } from '../../model.ts';
import type { GameActions } from './actions.ts';
import { type GameContext, seatLabel } from './context.ts';

/** Listens for the cards' keys while the screen is shown. */
export function bindCardKeys(ctx: GameContext, actions: GameActions): void {
  const { root, signal, state } = ctx;
  const onKey = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey || state.busy) return;
    const target = e.target as HTMLElement;
    if (target.closest('input, select, textarea')) return;
    const { view } = state;
    if (!view.you) return;
    const model = modelFromView(view, seatLabel(ctx));
    const key = e.key.toLowerCase();
    for (const [card, k] of cardKeys(model.seats[view.you], model.variant)) {
      if (k !== key) continue;
      if (view.status === 'stock' && view.legalMoves.some((m) => m.type === 'discard') && Array.isArray(model.seats[view.you].hand) && (model.seats[view.you].hand as Card[]).includes(card)) actions.toggle(card);
      else if (model.playable.has(card)) void actions.act({ type: 'play', card });
      else return;
      e.preventDefault();
      root.querySelector<HTMLElement>(`[data-focus="card-${card}"]`)?.focus();
      return;
    }
  };
  document.addEventListener('keydown', onKey);
  signal.addEventListener('abort', () => document.removeEventListener('keydown', onKey));
}
