// What the player does at the table, each a call of the service whose answer is the new view.
import { isApiError, type Card, type Move } from '@offiziersskat/client';
import type { GameContext } from './context.ts';

export interface GameActions {
  act(move: Move): Promise<void>;
  /** Picks or unpicks a card to lay away. */
  toggle(card: Card): void;
  join(): Promise<void>;
  rematch(): Promise<void>;
  /** Claims the game when the other player's time is up; `quiet`: a claim made by itself says no refusal (the clocks may differ by a second). */
  claim(options?: { quiet?: boolean }): Promise<void>;
  /** Reads the game's match (for its score sheet), if it has one. */
  loadMatch(): Promise<void>;
}

export function gameActions(ctx: GameContext): GameActions {
  const { app, gameId, signal, state } = ctx;
  const { session } = app;
  const client = session.client;

  return {
    async act(move) {
      if (state.busy) return;
      state.busy = true;
      state.problem = '';
      ctx.render();
      try {
        const answer = await client.move(gameId, move, { expectedVersion: state.view.version, signal });
        state.busy = false;
        ctx.accept(answer.view);
      } catch (e) {
        state.busy = false;
        if (signal.aborted) return;
        // Someone moved first: the refusal carries the game as it is now.
        if (isApiError(e, 'VERSION_CONFLICT') && e.view) ctx.accept(e.view);
        else ctx.showProblem(e);
      }
    },

    toggle(card) {
      state.chosen = new Set(state.chosen);
      if (state.chosen.has(card)) state.chosen.delete(card);
      else if (state.chosen.size < 2) state.chosen.add(card);
      ctx.render();
    },

    async join() {
      try {
        ctx.accept(await client.joinGame(gameId));
        session.remember(gameId);
      } catch (e) {
        ctx.showProblem(e);
      }
    },

    async rematch() {
      try {
        const next = await client.rematch(gameId);
        session.remember(next.id);
        app.navigate(`/play/${next.id}`);
      } catch (e) {
        ctx.showProblem(e);
      }
    },

    async claim(options = {}) {
      try {
        ctx.accept(await client.claimTimeout(gameId));
      } catch (e) {
        if (!options.quiet) ctx.showProblem(e);
      }
    },

    async loadMatch() {
      if (!state.view.match) return;
      try {
        state.match = await session.anonymous.getMatch(state.view.match.id);
        ctx.render();
      } catch {
        // the sheet is extra; the table stands without it
      }
    },
  };
}
