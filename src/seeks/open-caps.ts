// How many seeks one player may have waiting in the pool at once (docs/api.md, "Limits"): each is
// a row and an entry every reader of the pool receives.
import { DomainError } from '../platform/errors.ts';

/** Seeks a player has waiting in the pairing pool (POST /v1/seeks). */
export const MAX_WAITING_SEEKS = 5;

/** Refuses a new seek past the cap (`open`: how many of the player's seeks wait now). */
export function checkWaitingSeeks(open: number): void {
  if (open >= MAX_WAITING_SEEKS)
    throw new DomainError('TOO_MANY_SEEKS', `you have ${open} seeks waiting in the pool (at most ${MAX_WAITING_SEEKS}): withdraw one or wait until one is paired`);
}
