// How many waiting matches one player may leave open at once: each is a row kept for
// WAITING_TTL_SECONDS and a lobby entry (docs/api.md, "Limits"; the games have a cap of their own).
import { DomainError } from '../platform/errors.ts';

/** Waiting matches a player has created and nobody has joined yet. */
export const MAX_WAITING_MATCHES = 10;

/** Refuses a new waiting match past the cap (`open`: how many the player has waiting now). */
export function checkWaitingMatches(open: number): void {
  if (open >= MAX_WAITING_MATCHES)
    throw new DomainError('TOO_MANY_WAITING_MATCHES', `you have ${open} matches waiting for a second player (at most ${MAX_WAITING_MATCHES}): call one off or wait until one starts`);
}
