// The tournament's rules as pure functions: what a creation makes (or why it is refused), whether
// a player may join or withdraw, what a finished pairing scored, and who is waiting to be paired.
// The store loads and writes; the clock and the ids come from outside.
import type { Result, Seat, Variant } from '../engine/index.ts';
import type { RuleOptions } from '../games/index.ts';
import { configOf, RATED_TURN_SECONDS } from '../games/index.ts';
import { STARTING_RATING } from '../ratings/index.ts';
import { DomainError } from '../platform/errors.ts';
import type { TournamentBots, TournamentSystem } from './tables.ts';
import { DEFAULTS, MAX_AHEAD_MS, PAST_GRACE_MS } from './limits.ts';
import type { ArenaResult, SwissResult } from './standings.ts';
import type { SwissEntrant } from './swiss-pairing.ts';
import type { ArenaWaiter } from './arena-pairing.ts';
import type { PairingRow, TournamentRow } from './view.ts';

export interface CreateTournamentRequest extends RuleOptions {
  name: string;
  system: TournamentSystem;
  variant: Variant;
  turnSeconds: number;
  rated?: boolean;
  startsAt: string;
  minutes?: number;
  rounds?: number;
  gamesPerRound?: 1 | 2 | 4;
  maxPlayers?: number;
  bots?: TournamentBots;
}

export type NewTournament = Omit<TournamentRow, 'round' | 'version' | 'endedEarly' | 'standings' | 'finishedAt' | 'nextAt' | 'createdFrom'>;

/** The tournament `request` makes, or why not (the ranges are the schema's; these are the rules across fields). */
export function decideCreate(request: CreateTournamentRequest, creator: string, id: string, now: Date, minuteMs = 60_000): NewTournament | DomainError {
  const arena = request.system === 'arena';
  if (arena && (request.rounds !== undefined || request.gamesPerRound !== undefined))
    return new DomainError('TOURNAMENT_OPTIONS', 'rounds and gamesPerRound are for Swiss events; an arena takes minutes');
  if (!arena && request.minutes !== undefined) return new DomainError('TOURNAMENT_OPTIONS', 'minutes are for arenas; a Swiss event takes rounds');
  const rated = request.rated === true;
  const { min, max } = RATED_TURN_SECONDS;
  if (rated && (request.turnSeconds < min || request.turnSeconds > max))
    return new DomainError('RATED_TURN_SECONDS', `a rated tournament gives ${min}..${max} seconds per move, not ${request.turnSeconds}`);
  const startsAt = new Date(request.startsAt);
  if (startsAt.getTime() < now.getTime() - PAST_GRACE_MS) return new DomainError('TOURNAMENT_STARTS_AT', 'startsAt is in the past');
  if (startsAt.getTime() > now.getTime() + MAX_AHEAD_MS) return new DomainError('TOURNAMENT_STARTS_AT', 'startsAt is more than 30 days ahead');
  const start = startsAt < now ? now : startsAt;
  const minutes = arena ? (request.minutes ?? DEFAULTS.minutes) : null;
  return {
    id,
    name: request.name,
    system: request.system,
    status: 'upcoming',
    config: configOf(request, false),
    turnSeconds: request.turnSeconds,
    rated,
    bots: request.bots ?? DEFAULTS.bots,
    maxPlayers: request.maxPlayers ?? DEFAULTS.maxPlayers,
    minutes,
    rounds: arena ? null : (request.rounds ?? DEFAULTS.rounds),
    gamesPerRound: arena ? null : (request.gamesPerRound ?? DEFAULTS.gamesPerRound),
    createdBy: creator,
    startsAt: start,
    endsAt: minutes === null ? null : new Date(start.getTime() + minutes * minuteMs),
    createdAt: now,
  };
}

/** What a join is checked against: the player's entry (if any), how many are in, who the player is. */
export interface JoinFacts {
  entry: { withdrawn: boolean } | null;
  /** Entrants not withdrawn: a withdrawn (or deleted) one holds no place. */
  entrants: number;
  bot: boolean;
  account: boolean;
}

/** Whether the entries are closed: finished, a Swiss event's last round paired, an arena's window over. */
function closed(t: TournamentRow, now: Date): DomainError | null {
  if (t.status === 'finished') return new DomainError('TOURNAMENT_FINISHED', 'the tournament is over');
  if (t.system === 'swiss' && t.round >= (t.rounds ?? 0)) return new DomainError('TOURNAMENT_ENTRY_CLOSED', 'the last round is paired: no entries or withdrawals any more');
  if (t.system === 'arena' && t.endsAt && now >= t.endsAt) return new DomainError('TOURNAMENT_FINISHED', "the arena's time is up");
  return null;
}

/** Null: the player may join (or is in already); else why not. */
export function checkJoin(t: TournamentRow, facts: JoinFacts, now: Date): DomainError | null {
  const shut = closed(t, now);
  if (shut) return shut;
  if (t.bots === 'none' && facts.bot) return new DomainError('BOTS_NOT_ALLOWED', 'this tournament is for people only');
  if (t.bots === 'only' && !facts.bot) return new DomainError('BOTS_ONLY', 'this tournament is a bot league');
  if (t.rated && !facts.account) return new DomainError('RATED_NEEDS_ACCOUNT', 'a rated tournament is for accounts: sign up, or make this guest an account');
  // A withdrawn player coming back takes a place again, so is counted like a new one.
  if ((facts.entry === null || facts.entry.withdrawn) && facts.entrants >= t.maxPlayers) return new DomainError('TOURNAMENT_FULL', `the tournament has its ${t.maxPlayers} players`);
  return null;
}

/** Null: the player may withdraw; else why not. */
export function checkWithdraw(t: TournamentRow, entry: { withdrawn: boolean } | null, now: Date): DomainError | null {
  if (t.status === 'finished') return new DomainError('TOURNAMENT_FINISHED', 'the tournament is over');
  if (!entry) return new DomainError('NOT_IN_TOURNAMENT', 'you have not joined this tournament');
  if (entry.withdrawn) return new DomainError('ALREADY_WITHDRAWN', 'you have withdrawn already');
  return closed(t, now);
}

/**
 * Null: the player may pause in (or come back to) this arena; else why not. Before the start too
 * (paused, it is not paired at the start); not once the arena's time is up.
 */
export function checkPause(t: TournamentRow, entry: { withdrawn: boolean } | null, now: Date): DomainError | null {
  if (t.system !== 'arena') return new DomainError('NOT_AN_ARENA', 'a pause is for arenas: a Swiss event has withdraw');
  const shut = closed(t, now);
  if (shut) return shut;
  if (!entry) return new DomainError('NOT_IN_TOURNAMENT', 'you have not joined this tournament');
  if (entry.withdrawn) return new DomainError('ALREADY_WITHDRAWN', 'you have withdrawn: join again to play');
  return null;
}

/** A game of a pairing: who sat where, and its result once finished. */
export interface PairingGame {
  forehandPlayerId: string;
  dealerPlayerId: string;
  result: Result | null;
}

/** What a finished pairing scored: sheet points over its games, the winner (more points), who let a game time out. */
export interface Outcome {
  firstPoints: number;
  secondPoints: number;
  winner: string | null;
  passedIn: boolean;
  timedOut: string[];
}

export function outcomeOf(pairing: Pick<PairingRow, 'firstPlayerId' | 'secondPlayerId'>, played: readonly PairingGame[]): Outcome {
  const points = new Map<string, number>();
  const timedOut: string[] = [];
  let passedIn = played.length > 0;
  for (const g of played) {
    if (!g.result) continue;
    const at = (seat: Seat) => (seat === 'forehand' ? g.forehandPlayerId : g.dealerPlayerId);
    for (const seat of ['forehand', 'dealer'] as const) points.set(at(seat), (points.get(at(seat)) ?? 0) + g.result.scores[seat]);
    if (g.result.timedOut) timedOut.push(at(g.result.timedOut));
    if (!g.result.passedIn) passedIn = false;
  }
  const first = points.get(pairing.firstPlayerId) ?? 0;
  const second = pairing.secondPlayerId === null ? 0 : (points.get(pairing.secondPlayerId) ?? 0);
  const winner = pairing.secondPlayerId === null || first === second ? null : first > second ? pairing.firstPlayerId : pairing.secondPlayerId;
  return { firstPoints: first, secondPoints: second, winner, passedIn, timedOut };
}

const ended = (p: PairingRow) => p.endedAt !== null && p.firstPoints !== null;

export function swissResults(pairings: readonly PairingRow[]): SwissResult[] {
  return pairings.filter(ended).map((p) => ({ round: p.round, first: p.firstPlayerId, second: p.secondPlayerId, firstPoints: p.firstPoints ?? 0, secondPoints: p.secondPoints ?? 0 }));
}

export function arenaResults(pairings: readonly PairingRow[]): ArenaResult[] {
  return pairings
    .filter((p) => ended(p) && p.secondPlayerId !== null)
    .map((p) => ({ first: p.firstPlayerId, second: p.secondPlayerId ?? '', firstPoints: p.firstPoints ?? 0, secondPoints: p.secondPoints ?? 0, winner: p.winner, passedIn: p.passedIn }));
}

/** The Swiss entrants of the next round: every present player with its score, opponents, bye and colour balance. */
export function swissEntrants(present: readonly string[], scores: ReadonlyMap<string, number>, ratings: ReadonlyMap<string, number>, pairings: readonly PairingRow[]): SwissEntrant[] {
  return present.map((playerId) => {
    const mine = pairings.filter((p) => p.firstPlayerId === playerId || p.secondPlayerId === playerId);
    return {
      playerId,
      score: scores.get(playerId) ?? 0,
      rating: ratings.get(playerId) ?? STARTING_RATING,
      opponents: mine.flatMap((p) => (p.secondPlayerId === null ? [] : [p.firstPlayerId === playerId ? p.secondPlayerId : p.firstPlayerId])),
      hadBye: mine.some((p) => p.secondPlayerId === null),
      firstBalance: mine.filter((p) => p.secondPlayerId !== null).reduce((n, p) => n + (p.firstPlayerId === playerId ? 1 : -1), 0),
    };
  });
}

/** The arena's free players as the wave pairs them: score, rating, the last opponent, whether a bot. */
export function arenaWaiters(
  free: readonly string[],
  scores: ReadonlyMap<string, number>,
  ratings: ReadonlyMap<string, number>,
  pairings: readonly PairingRow[],
  bots: ReadonlySet<string> = new Set(),
): ArenaWaiter[] {
  const last = new Map<string, string>();
  // In pairing order: the latest pairing of each player wins.
  for (const p of [...pairings].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.round - b.round)) {
    if (p.secondPlayerId === null) continue;
    last.set(p.firstPlayerId, p.secondPlayerId);
    last.set(p.secondPlayerId, p.firstPlayerId);
  }
  return free.map((playerId) => ({ playerId, score: scores.get(playerId) ?? 0, rating: ratings.get(playerId) ?? STARTING_RATING, lastOpponent: last.get(playerId) ?? null, bot: bots.has(playerId) }));
}
