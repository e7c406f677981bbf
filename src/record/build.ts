// A finished game's record (GET /v1/games/{gameId}/record, one line of an export): everything a
// reader needs to recompute the deal and replay the game offline, and nothing the game did not
// reveal (the events as a spectator reads them once the game has ended). The service builds it
// here from its parts; verify.ts checks one; narrate.ts tells one.
import type { Config, GameEvent, Result, Seat } from '../engine/index.ts';

/** What a record names of each player. */
export interface RecordPlayer {
  playerId: string;
  name: string;
}

/** The part of a record that verification reads. */
export interface GameRecord {
  id: string;
  config: Config;
  serverSeed: string;
  seedCommitment: string;
  cut: number | null;
  players: Record<Seat, RecordPlayer | null>;
  events: { seq: number; event: GameEvent }[];
  result: Result | null;
}

/** A record as the service sends it: the verifiable part and what the service adds (rating, end). */
export interface ServiceRecord<P extends RecordPlayer = RecordPlayer, R = unknown> extends GameRecord {
  players: Record<Seat, P | null>;
  result: Result;
  rated: boolean;
  ratingChanges: R | null;
  endedAt: string;
}

/** What a finished game is made of, as the service keeps it. */
export interface FinishedGame<P extends RecordPlayer, R> {
  id: string;
  config: Config;
  serverSeed: string;
  seedCommitment: string;
  cut: number | null;
  players: Record<Seat, P | null>;
  /** The game's whole log, in order: numbered here from 1, as the service numbers it. */
  log: readonly GameEvent[];
  result: Result;
  rated: boolean;
  ratingChanges: R | null;
  endedAt: Date;
}

/**
 * The record of a finished game. Every event is shown whole: once a game has ended every card, the
 * seed and the log are public, so the record holds exactly what a spectator may now read.
 */
export function buildRecord<P extends RecordPlayer, R>({ log, endedAt, ...game }: FinishedGame<P, R>): ServiceRecord<P, R> {
  const { id, config, serverSeed, seedCommitment, cut, players, result, rated, ratingChanges } = game;
  return {
    id,
    config,
    serverSeed,
    seedCommitment,
    cut,
    players,
    events: log.map((event, i) => ({ seq: i + 1, event })),
    result,
    rated,
    ratingChanges,
    endedAt: endedAt.toISOString(),
  };
}
