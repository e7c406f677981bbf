// The game as the API shows it (the read model): the engine's redacted view plus the service's
// data (players, version, seed commitment, deadline, match), the event log as a reader may see
// it, lobby summaries and the record of a finished game. Pure functions of a game and the names.
import { view, viewEvent, type GameEvent, type Result, type Viewer } from '../engine/index.ts';
import { buildRecord } from '../record/index.ts';
import type { GameRow } from './tables.ts';
import { deadlineOf } from './deadline.ts';
import { statusOf, type Game } from './game.ts';

export type PlayerRef = { playerId: string; name: string; bot: boolean } | null;
export type Players = { forehand: PlayerRef; dealer: PlayerRef };
/** What a view shows of a player: its name, and whether it is a bot account. */
export type PlayerLabel = { name: string; bot: boolean };
/** Player labels by id (see PlayerStore.namesOf). */
export type Names = ReadonlyMap<string, PlayerLabel>;

/** A player as views show it. */
export function playerRef(id: string, names: Names): { playerId: string; name: string; bot: boolean } {
  const label = names.get(id);
  return { playerId: id, name: label?.name ?? '', bot: label?.bot ?? false };
}

export function playerRefs(row: GameRow, names: Names): Players {
  const ref = (id: string | null): PlayerRef => (id ? playerRef(id, names) : null);
  return { forehand: ref(row.forehandPlayerId), dealer: ref(row.dealerPlayerId) };
}

/** The players a view of these rows names (for PlayerStore.namesOf). */
export function playerIdsOf(rows: readonly GameRow[]): (string | null)[] {
  // A plain loop: flatMap allocates an array per row and runs as a slow builtin (a view per request).
  const ids: (string | null)[] = [];
  for (const r of rows) ids.push(r.forehandPlayerId, r.dealerPlayerId);
  return ids;
}

/** The whole view for one viewer: the engine's redacted view plus the game's service data. */
export function gameView(game: Game, viewer: Viewer, names: Names) {
  const { row, state } = game;
  const status = statusOf(row, state);
  const engineView = view(state, viewer);
  const waiting = status === 'waiting';
  const finished = state.phase === 'finished';
  const { phase: _phase, result, ...rest } = engineView;
  const deadline = deadlineOf(row, !waiting && engineView.toMove !== null);
  return {
    id: row.id,
    version: row.version,
    status,
    ...rest,
    players: playerRefs(row, names),
    reservedFor: row.reservedPlayerId,
    // Nobody moves before both seats are taken.
    toMove: waiting ? null : engineView.toMove,
    legalMoves: waiting ? [] : engineView.legalMoves,
    seedCommitment: row.seedCommitment,
    ...(finished ? { serverSeed: row.serverSeed } : {}),
    // A finished rated game's result says how both ratings moved.
    result: result && row.ratingChanges ? { ...result, ratingChanges: row.ratingChanges } : result,
    rated: row.rated,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    match: row.matchId ? { id: row.matchId, number: row.number ?? 0 } : null,
    rematchOf: row.rematchOf ?? null,
    turnSeconds: row.turnSeconds ?? null,
    ...(deadline ? { deadline: deadline.toISOString() } : {}),
  };
}
export type GameView = ReturnType<typeof gameView>;

/** Events as `viewer` may see them, numbered by their sequence, after `after`. */
export function loggedEvents(events: readonly GameEvent[], viewer: Viewer, finished: boolean, after = 0) {
  const out = [];
  for (let i = Math.min(after, events.length); i < events.length; i++) out.push({ seq: i + 1, event: viewEvent(events[i], viewer, finished) });
  return out;
}

/** The answer to a move: the new version, the mover's view, and the events the move caused. */
export function moveAnswer(before: Game, after: Game, viewer: Viewer, names: Names) {
  return {
    version: after.row.version,
    view: gameView(after, viewer, names),
    events: loggedEvents(after.events, viewer, after.state.phase === 'finished', before.row.version),
  };
}
export type MoveAnswer = ReturnType<typeof moveAnswer>;

/**
 * The answer to a move that asked for no view (`Prefer: return=minimal`): the new version, and
 * what names it for the mover (its seat: the ETag) and for the metrics (the variant).
 */
export function minimalMoveAnswer(after: Game, viewer: Viewer) {
  return { version: after.row.version, viewer, variant: after.row.config.variant };
}
export type MinimalMoveAnswer = ReturnType<typeof minimalMoveAnswer>;

/** Whether a move's answer (made now, or kept for its key) is a minimal one. */
export const isMinimal = (answer: MoveAnswer | MinimalMoveAnswer): answer is MinimalMoveAnswer => !('view' in answer);

/** A line of the lobby. */
export function gameSummary(row: GameRow, names: Names) {
  return {
    id: row.id,
    status: row.status,
    config: row.config,
    rated: row.rated,
    turnSeconds: row.turnSeconds,
    players: playerRefs(row, names),
    reservedFor: row.reservedPlayerId,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The self-contained record of a finished game, for anyone to verify offline. */
export function gameRecord(game: Game, result: Result, names: Names) {
  return buildRecord({
    id: game.row.id,
    config: game.row.config,
    serverSeed: game.row.serverSeed,
    seedCommitment: game.row.seedCommitment,
    cut: game.state.cut,
    players: playerRefs(game.row, names),
    log: game.events,
    result,
    rated: game.row.rated,
    ratingChanges: game.row.ratingChanges ?? null,
    endedAt: game.row.updatedAt,
  });
}
