// How many waiting games one player may leave open at once. Each is a row kept for
// WAITING_TTL_SECONDS and a lobby entry; without a cap, one token made 20,000 of them in 15 s
// inside its rate limit (docs/api.md, "Limits"; the matches and the seeks have caps of their own).
import { DomainError } from '../platform/errors.ts';

/** Waiting games a player has created and nobody has joined yet. */
export const MAX_WAITING_GAMES = 10;

/** Refuses a new waiting game past the cap (`open`: how many the player has waiting now). */
export function checkWaitingGames(open: number): void {
  if (open >= MAX_WAITING_GAMES)
    throw new DomainError('TOO_MANY_WAITING_GAMES', `you have ${open} games waiting for a second player (at most ${MAX_WAITING_GAMES}): call one off or wait until one starts`);
}
