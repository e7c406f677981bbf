// The match as the API shows it: the score sheet plus what a client needs to follow it.
import type { PlayedGame } from './store.ts';
import type { MatchRow } from './tables.ts';
import { playerRef, type Names } from '../games/index.ts';
import { matchPlayerIds, scoreSheet, seatsOfGame } from './sheet.ts';

export function matchView(match: MatchRow, played: readonly PlayedGame[], names: Names) {
  const ids = matchPlayerIds(match);
  const sheet = scoreSheet(match, played);
  const current = match.status === 'playing' ? played.at(-1) : undefined;
  const finished = match.status === 'finished';
  return {
    id: match.id,
    status: match.status,
    games: match.games,
    config: match.config,
    turnSeconds: match.turnSeconds,
    rated: match.rated,
    players: ids.map((id) => playerRef(id, names)),
    reservedFor: match.reservedPlayerId,
    matchSeedCommitment: match.seedCommitment,
    ...(finished ? { matchSeed: match.matchSeed } : {}),
    firstDealer: match.opponentPlayerId ? seatsOfGame(match, 1).dealer : null,
    currentGameId: current?.row.id ?? null,
    currentNumber: current?.row.number ?? null,
    sheet: sheet.rows,
    totals: sheet.totals,
    winner: finished ? sheet.winner : null,
    draw: finished && sheet.draw,
    version: match.version,
    createdAt: match.createdAt.toISOString(),
    updatedAt: match.updatedAt.toISOString(),
  };
}
export type MatchView = ReturnType<typeof matchView>;

/** A line of a player's list of games and matches. */
export function matchSummary(match: MatchRow, names: Names) {
  return {
    id: match.id,
    status: match.status,
    config: match.config,
    games: match.games,
    rated: match.rated,
    players: matchPlayerIds(match).map((id) => playerRef(id, names)),
    reservedFor: match.reservedPlayerId,
    version: match.version,
    createdAt: match.createdAt.toISOString(),
  };
}
