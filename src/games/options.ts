// What a creator may choose for a game or a match, with the defaults of what it leaves open.
import { DEFAULT_CONFIG, type Config } from '../engine/index.ts';
import type { PlayerStore } from '../accounts/index.ts';
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

/** The player a creator reserves the other seat for must exist and be someone else. */
export async function checkOpponent(players: PlayerStore, creatorId: string, opponent: string | undefined): Promise<void> {
  if (opponent === undefined) return;
  if (opponent === creatorId) throw new DomainError('INVALID_OPPONENT', 'you cannot reserve the other seat for yourself');
  if (!(await players.getPlayer(opponent))) throw new DomainError('INVALID_OPPONENT', 'there is no player with that id');
}
