// Playing one side of a game through the client: move on your turn (a move chosen from the
// view's `legalMoves`, sent with the version it was chosen at), otherwise wait with the long poll
// — never a sleep loop. A 409 VERSION_CONFLICT carries the fresh view: decide again from it.
import { isApiError, type ApiError } from './errors.ts';
import type { SkatClient } from './client.ts';
import type { GameView, Move, MoveResponse } from './types.ts';

/** Long-polls until the game has moved past `version` (or is finished). */
export async function waitForVersion(client: SkatClient, gameId: string, version: number, signal?: AbortSignal): Promise<GameView> {
  for (;;) {
    const view = await client.getGame(gameId, { waitForVersion: version, signal });
    if (view.version > version || view.status === 'finished') return view;
  }
}

export interface PlayHooks {
  signal?: AbortSignal;
  /** Every view the player is shown while the game runs (a bot's memory reads them). */
  onView?: (view: GameView) => void;
  /** After each accepted move: the answer and its round trip in ms. */
  onMove?: (answer: MoveResponse, ms: number) => void;
  /** A move refused because the game had moved on; play goes on from the fresh view. */
  onConflict?: (error: ApiError) => void;
}

/**
 * Plays the caller's side (`first.you`) to the end and returns the final view. On its turn
 * `choose` picks the move (one of `view.legalMoves`); it may take its time (a person, a delay).
 */
export async function playGame(
  client: SkatClient,
  first: GameView,
  choose: (view: GameView) => Move | Promise<Move>,
  hooks: PlayHooks = {},
): Promise<GameView> {
  let view = first;
  while (view.status !== 'finished') {
    hooks.onView?.(view);
    if (view.toMove !== null && view.toMove === view.you && view.legalMoves.length > 0) {
      const move = await choose(view);
      const t0 = performance.now();
      try {
        const answer = await client.move(view.id, move, { expectedVersion: view.version, signal: hooks.signal });
        hooks.onMove?.(answer, performance.now() - t0);
        view = answer.view;
      } catch (e) {
        if (!isApiError(e, 'VERSION_CONFLICT')) throw e;
        hooks.onConflict?.(e);
        view = e.view ?? (await client.getGame(view.id, { signal: hooks.signal }));
      }
      continue;
    }
    view = await waitForVersion(client, view.id, view.version, hooks.signal);
  }
  return view;
}
