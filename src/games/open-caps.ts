// How much one player may leave open at once. Each waiting game or match is a row kept for
// WAITING_TTL_SECONDS and a lobby entry; without a cap, one token made 20,000 of them in 15 s
// inside its rate limit. docs/api.md ("Limits") allows at most 20 games and matches (together) and 5 seeks.
import { DomainError } from '../platform/errors.ts';

/** Waiting games a player has created and nobody has joined yet. */
export const MAX_WAITING_GAMES = 10;
/** Waiting matches a player has created and nobody has joined yet. */
export const MAX_WAITING_MATCHES = 10;
/** Seeks a player has waiting in the pairing pool (POST /v1/seeks). */
export const MAX_WAITING_SEEKS = 5;

/** Refuses a new waiting game past the cap (`open`: how many the player has waiting now). */
export function checkWaitingGames(open: number): void {
  if (open >= MAX_WAITING_GAMES)
    throw new DomainError('TOO_MANY_WAITING_GAMES', `you have ${open} games waiting for a second player (at most ${MAX_WAITING_GAMES}): call one off or wait until one starts`);
}

/** Refuses a new waiting match past the cap. */
export function checkWaitingMatches(open: number): void {
  if (open >= MAX_WAITING_MATCHES)
    throw new DomainError('TOO_MANY_WAITING_MATCHES', `you have ${open} matches waiting for a second player (at most ${MAX_WAITING_MATCHES}): call one off or wait until one starts`);
}

/** Refuses a new seek past the cap (`open`: how many of the player's seeks wait now). */
export function checkWaitingSeeks(open: number): void {
  if (open >= MAX_WAITING_SEEKS)
    throw new DomainError('TOO_MANY_SEEKS', `you have ${open} seeks waiting in the pool (at most ${MAX_WAITING_SEEKS}): withdraw one or wait until one is paired`);
}
