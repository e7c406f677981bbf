// A tournament as anyone sees it: its options, who plays, the standings (live, or the final ones
// kept with its end) and the current pairings. Nothing private.
import type { Config, Variant } from '../engine/index.ts';
import type { tournamentPairings, tournaments, TournamentBots, TournamentStatus, TournamentSystem } from './tables.ts';
import type { Standing } from './standings.ts';

export type TournamentRow = typeof tournaments.$inferSelect;
export type PairingRow = typeof tournamentPairings.$inferSelect;

/** Who a player is, as lists show it. */
export interface PlayerRef {
  playerId: string;
  name: string;
  bot: boolean;
}
export type Names = ReadonlyMap<string, { name: string; bot: boolean }>;

export type StandingView = Standing & PlayerRef;

/** A player who entered, as the stream's `join` tells it: public only (the shown rating in the tournament's variant, null before any rated game). */
export interface EntrantView extends PlayerRef {
  rating: number | null;
}

export interface PairingView {
  round: number;
  first: string;
  second: string | null;
  gameId: string | null;
  matchId: string | null;
  finished: boolean;
  firstPoints: number | null;
  secondPoints: number | null;
  winner: string | null;
}

/** A game (arena) or a pairing's match (swiss) of a tournament, its players named: the games read (GET …/games). */
export interface TournamentGameView extends Omit<PairingView, 'first' | 'second'> {
  first: PlayerRef;
  second: PlayerRef | null;
  passedIn: boolean;
}

export interface TournamentSummary {
  id: string;
  name: string;
  system: TournamentSystem;
  status: TournamentStatus;
  createdBy: PlayerRef;
  startsAt: string;
  endsAt?: string;
  round?: number;
  rounds?: number;
  endedEarly?: string;
  options: {
    variant: Variant;
    config: Config;
    turnSeconds: number;
    rated: boolean;
    maxPlayers: number;
    bots: TournamentBots;
    minutes?: number;
    rounds?: number;
    gamesPerRound?: number;
  };
  players: number;
  finishedAt?: string;
}

/** An arena's entrant reading it: whether it paused, and until when it rests after its last game. */
export interface YouView {
  paused: boolean;
  /** The end of its rest (it is not paired before); null: not resting. */
  restUntil: string | null;
}

export interface TournamentView extends TournamentSummary {
  /** One page of the standings (standings-page.ts). */
  standings: StandingView[];
  standingsNextCursor: string | null;
  pairings?: PairingView[];
  /** An arena not finished: the entrants who paused. */
  paused?: string[];
  /** The caller, an entrant of an arena not finished (not withdrawn). */
  you?: YouView;
}

export const refOf = (playerId: string, names: Names): PlayerRef => ({ playerId, name: names.get(playerId)?.name ?? '?', bot: names.get(playerId)?.bot ?? false });

/** Standings with who each player is. */
export const namedStandings = (standings: readonly Standing[], names: Names): StandingView[] => standings.map((s) => ({ ...s, ...refOf(s.playerId, names) }));

export function pairingView(p: PairingRow): PairingView {
  return {
    round: p.round,
    first: p.firstPlayerId,
    second: p.secondPlayerId,
    gameId: p.gameId,
    matchId: p.matchId,
    finished: p.endedAt !== null,
    firstPoints: p.firstPoints,
    secondPoints: p.secondPoints,
    winner: p.winner,
  };
}

export function tournamentGameView(p: PairingRow, names: Names): TournamentGameView {
  return {
    ...pairingView(p),
    first: refOf(p.firstPlayerId, names),
    second: p.secondPlayerId === null ? null : refOf(p.secondPlayerId, names),
    passedIn: p.passedIn,
  };
}

export function tournamentSummary(t: TournamentRow, players: number, names: Names): TournamentSummary {
  const swiss = t.system === 'swiss';
  return {
    id: t.id,
    name: t.name,
    system: t.system,
    status: t.status,
    createdBy: refOf(t.createdBy, names),
    startsAt: t.startsAt.toISOString(),
    ...(t.endsAt ? { endsAt: t.endsAt.toISOString() } : {}),
    ...(swiss ? { round: t.round, rounds: t.rounds ?? 0 } : {}),
    ...(t.endedEarly ? { endedEarly: t.endedEarly } : {}),
    options: {
      variant: t.config.variant,
      config: t.config,
      turnSeconds: t.turnSeconds,
      rated: t.rated,
      maxPlayers: t.maxPlayers,
      bots: t.bots,
      ...(swiss ? { rounds: t.rounds ?? 0, gamesPerRound: t.gamesPerRound ?? 1 } : { minutes: t.minutes ?? 0 }),
    },
    players,
    ...(t.finishedAt ? { finishedAt: t.finishedAt.toISOString() } : {}),
  };
}

/** The whole tournament: a page of `standings`, named already; `pairings` the current round's (swiss) or the running games (arena). */
export function tournamentView(
  t: TournamentRow,
  players: number,
  names: Names,
  standings: { rows: StandingView[]; nextCursor: string | null },
  pairings: readonly PairingRow[],
  arena?: { paused: string[]; you?: YouView },
): TournamentView {
  const shown = t.status === 'upcoming' ? [] : t.system === 'swiss' ? pairings.filter((p) => p.round === t.round) : pairings.filter((p) => p.endedAt === null);
  return {
    ...tournamentSummary(t, players, names),
    standings: standings.rows,
    standingsNextCursor: standings.nextCursor,
    ...(t.status === 'upcoming' ? {} : { pairings: shown.map(pairingView) }),
    ...(arena && t.system === 'arena' && t.status !== 'finished' ? { paused: arena.paused } : {}),
    ...(arena?.you ? { you: arena.you } : {}),
  };
}
