// What makes a game or match rated (docs/api.md, "Rated play"): two accounts, a deadline for every
// move, and a deal nobody chose. Checked when it is created and when its second player joins.
import type { Players } from '../accounts/index.ts';
import { DomainError } from '../platform/errors.ts';

/** The limits of a rated game's (or match's, or tournament's) turnSeconds, and its default. */
export const RATED_TURN_SECONDS = { min: 10, max: 300, default: 60 } as const;

export interface RatedRequest {
  rated?: boolean;
  seed?: string;
  turnSeconds?: number;
}

/**
 * The turnSeconds a new game or match gets (a rated one always has a deadline), or why a rated
 * one is refused: a seed, a deadline outside 10..300 s, a guest creator or a guest opponent.
 */
export async function ratedTurnSeconds(players: Players, creatorId: string, opponent: string | undefined, request: RatedRequest): Promise<number | null> {
  if (!request.rated) return request.turnSeconds ?? null;
  if (request.seed !== undefined) throw new DomainError('RATED_WITH_SEED', 'a rated game is dealt from a seed nobody chose: leave out seed');
  const turnSeconds = request.turnSeconds ?? RATED_TURN_SECONDS.default;
  const { min, max } = RATED_TURN_SECONDS;
  if (turnSeconds < min || turnSeconds > max)
    throw new DomainError('RATED_TURN_SECONDS', `a rated game gives ${min}..${max} seconds per move, not ${turnSeconds}`);
  await checkAccounts(players, opponent === undefined ? [creatorId] : [creatorId, opponent]);
  return turnSeconds;
}

/** Every one of these players has an account, or RATED_NEEDS_ACCOUNT. */
export async function checkAccounts(players: Players, ids: readonly string[]): Promise<void> {
  const accounts = await players.withAccounts(ids);
  if (ids.some((id) => !accounts.has(id)))
    throw new DomainError('RATED_NEEDS_ACCOUNT', 'rated play is between two accounts: sign up (POST /v1/accounts) or make this guest an account (POST /v1/players/me/account)');
}

/** Another rated game of one of the players ended first: its ratings are no longer the ones read. Nothing was kept. */
export class RatingsMovedError extends Error {
  override name = 'RatingsMovedError';
  constructor(readonly gameId: string) {
    super(`game ${gameId}: a player's rating changed while the game was rated`);
  }
}
