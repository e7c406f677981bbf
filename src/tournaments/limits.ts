// The bounds of a tournament's options (docs/api.md, "Tournaments") and the creators' caps.
import { DomainError } from '../platform/errors.ts';
import type { TournamentSettings } from './settings.ts';

export const LIMITS = {
  turnSeconds: { min: 5, max: 86_400 },
  minutes: { min: 10, max: 720 },
  rounds: { min: 3, max: 15 },
  maxPlayers: { min: 2, max: 1000 },
} as const;

export const DEFAULTS = { minutes: 60, rounds: 5, gamesPerRound: 2, maxPlayers: 100, bots: 'allow' } as const;

/** How far ahead a tournament may be scheduled. */
export const MAX_AHEAD_MS = 30 * 24 * 3600_000;
/** A startsAt this much in the past is taken as "now" (a clock a little behind the server's). */
export const PAST_GRACE_MS = 60_000;
/** Upcoming tournaments one account may have created. */
export const MAX_UPCOMING = 5;
/** What a creator holds when it creates: its upcoming tournaments, those not finished, and its address's not finished. */
export interface CreatorCounts {
  upcoming: number;
  open: number;
  fromAddress: number;
}

/** Why a creation is refused, given what its creator and its address hold already; null: it is not. */
export function capRefusal(held: CreatorCounts, caps: Pick<TournamentSettings, 'maxPerAccount' | 'maxPerAddress'>): DomainError | null {
  if (held.upcoming >= MAX_UPCOMING) return new DomainError('TOO_MANY_TOURNAMENTS', `you have ${held.upcoming} upcoming tournaments: wait until one starts`);
  if (held.open >= caps.maxPerAccount) return new DomainError('TOO_MANY_TOURNAMENTS', `you have ${held.open} tournaments not finished, as many as one account may: wait until one ends`);
  if (held.fromAddress >= caps.maxPerAddress)
    return new DomainError('TOO_MANY_TOURNAMENTS', `your address has created ${held.fromAddress} tournaments not finished, as many as one address may: wait until one ends`);
  return null;
}
/** Tournament games a player may let time out; at this many it is withdrawn. */
export const MAX_TIMEOUTS = 2;
