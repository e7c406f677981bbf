// What a creator may choose for a game or a match, with the defaults of what it leaves open.
import { DEFAULT_CONFIG, type Config } from '../engine/index.ts';
import type { Players } from '../accounts/index.ts';
import { AuthError } from '../platform/auth/errors.ts';
import { DomainError } from '../platform/errors.ts';

export type RuleOptions = Partial<Omit<Config, 'practice'>>;

/** The rules of a new game or match: what the creator chose, the defaults for the rest. */
export function configOf(options: RuleOptions, practice: boolean): Config {
  return {
    variant: options.variant ?? DEFAULT_CONFIG.variant,
    scoring: options.scoring ?? DEFAULT_CONFIG.scoring,
    spitzen: options.spitzen ?? DEFAULT_CONFIG.spitzen,
    kontra: options.kontra ?? DEFAULT_CONFIG.kontra,
    ramschTrumps: options.ramschTrumps ?? DEFAULT_CONFIG.ramschTrumps,
    practice,
  };
}

/** The player a creator reserves the other seat for must exist, not be deleted, and be someone else. */
export async function checkOpponent(players: Players, creatorId: string, opponent: string | undefined): Promise<void> {
  if (opponent === undefined) return;
  if (opponent === creatorId) throw new DomainError('INVALID_OPPONENT', 'you cannot reserve the other seat for yourself');
  const row = await players.getPlayer(opponent);
  if (!row) throw new DomainError('INVALID_OPPONENT', 'there is no player with that id');
  if (row.deletedAt) throw deletedOpponent();
}

export const deletedOpponent = () => new DomainError('INVALID_OPPONENT', 'that player was deleted');

/**
 * A player being deleted takes no seat again (a request of its own still in flight as its tokens
 * are revoked, or sent while the deletion runs): it is refused as such a token is.
 */
export const deletedPlayer = () => new AuthError('TOKEN_REVOKED', 'this player was deleted: it plays no more');

/** The player may take a seat, seek or challenge: it is not being deleted. */
export async function checkNotDeleted(players: Players, playerId: string): Promise<void> {
  if ((await players.getPlayer(playerId))?.deletedAt) throw deletedPlayer();
}
