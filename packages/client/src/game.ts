// Playing one side of a game through the client: move on your turn (a move chosen from the
// view's `legalMoves`, sent with the version it was chosen at), otherwise wait for the opponent —
// never a sleep loop. The waiting is the game's view stream by default (one request per move: its
// POST, answered 204), or the long poll, the fallback for a fetch without streaming bodies.
// A 409 VERSION_CONFLICT carries the fresh view: decide again from it.
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

/** An accepted move: its new version; over the long poll the whole answer (view and events). */
export type MoveAck = Pick<MoveResponse, 'version'> & Partial<MoveResponse>;

export interface PlayHooks {
  signal?: AbortSignal;
  /** Every view the player is shown while the game runs (a bot's memory reads them). */
  onView?: (view: GameView) => void;
  /** After each accepted move: the answer and its round trip in ms. */
  onMove?: (answer: MoveAck, ms: number) => void;
  /** A move refused because the game had moved on; play goes on from the fresh view. */
  onConflict?: (error: ApiError) => void;
  /**
   * How the player hears of the opponent: `stream` (the default), the game's stream with the
   * player's views, each move a POST answered 204; `longpoll`, `GET …?waitForVersion=N` after
   * each move, whose answer carries the view (for a fetch that cannot stream a body).
   */
  protocol?: 'stream' | 'longpoll';
}

const isOver = (view: GameView) => view.status === 'finished' || view.status === 'cancelled';
const isMyTurn = (view: GameView) => view.toMove !== null && view.toMove === view.you && view.legalMoves.length > 0;

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
  return hooks.protocol === 'longpoll' ? playByLongPoll(client, first, choose, hooks) : playOnStream(client, first, choose, hooks);
}

async function playOnStream(client: SkatClient, first: GameView, choose: (view: GameView) => Move | Promise<Move>, hooks: PlayHooks): Promise<GameView> {
  let view = first;
  /** The version of the last view moved on: its next view comes from the stream. */
  let movedAt = -1;
  const views = client.gameViews(first.id, { after: first.version, signal: hooks.signal });
  try {
    while (!isOver(view)) {
      hooks.onView?.(view);
      if (isMyTurn(view) && view.version > movedAt) {
        movedAt = view.version;
        const move = await choose(view);
        const t0 = performance.now();
        try {
          const ack = await client.moveMinimal(view.id, move, { expectedVersion: view.version, signal: hooks.signal });
          hooks.onMove?.(ack, performance.now() - t0);
        } catch (e) {
          if (!isApiError(e, 'VERSION_CONFLICT')) throw e;
          hooks.onConflict?.(e);
          if (e.view && e.view.version > view.version) {
            view = e.view;
            continue;
          }
        }
      }
      // The next view past the one in hand (the stream's first is the current one, maybe that).
      for (;;) {
        const next = await views.next();
        if (next.done) {
          hooks.signal?.throwIfAborted();
          // The stream ended without the game's end (it does not, but a proxy might): ask once.
          const now = await client.getGame(view.id, { signal: hooks.signal });
          if (!isOver(now)) throw new Error(`game ${view.id}: its stream ended before the game did`);
          return now;
        }
        if (next.value.version > view.version || isOver(next.value)) {
          view = next.value;
          break;
        }
      }
    }
    return view;
  } finally {
    await views.return();
  }
}

async function playByLongPoll(client: SkatClient, first: GameView, choose: (view: GameView) => Move | Promise<Move>, hooks: PlayHooks): Promise<GameView> {
  let view = first;
  while (view.status !== 'finished') {
    hooks.onView?.(view);
    if (isMyTurn(view)) {
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
