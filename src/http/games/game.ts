// A game as the HTTP layer sees it: the row, its event log, and the state the log folds to.
import { replay, view, type GameEvent, type Seat, type State, type Viewer } from '../../engine/index.ts';
import type { GameStatus } from '../../db/schema.ts';
import type { GameRow, Store } from '../../db/store.ts';
import { ProblemError } from '../problem.ts';
import type { GameCache } from './cache.ts';
import { deadlineOf } from './deadline.ts';

export interface LoadedGame {
  row: GameRow;
  events: GameEvent[];
  state: State;
}

export type PlayerRef = { playerId: string; name: string } | null;
export type Players = { forehand: PlayerRef; dealer: PlayerRef };

export async function loadGame(store: Store, gameId: string): Promise<LoadedGame> {
  const loaded = await store.loadGame(gameId);
  if (!loaded) throw new ProblemError(404, 'GAME_NOT_FOUND', `there is no game ${gameId}`);
  return { ...loaded, row: loaded.game, state: replay(loaded.game.config, loaded.game.serverSeed, loaded.events) };
}

/** The game as the database has it now, kept in the cache for the next request. */
export async function readGame(store: Store, cache: GameCache, gameId: string): Promise<LoadedGame> {
  cache.expect(gameId);
  let game: LoadedGame;
  try {
    game = await loadGame(store, gameId);
  } catch (e) {
    cache.abandon(gameId);
    throw e;
  }
  cache.put(game);
  return game;
}

export function seatOf(row: GameRow, playerId: string | undefined): Seat | null {
  if (!playerId) return null;
  if (row.forehandPlayerId === playerId) return 'forehand';
  if (row.dealerPlayerId === playerId) return 'dealer';
  return null;
}

export function statusOf(row: Pick<GameRow, 'forehandPlayerId' | 'dealerPlayerId'>, state: State): GameStatus {
  return row.forehandPlayerId && row.dealerPlayerId ? state.phase : 'waiting';
}

export async function playersOf(store: Store, rows: GameRow[]): Promise<Map<string, string>> {
  const ids = new Set<string>();
  for (const r of rows) for (const id of [r.forehandPlayerId, r.dealerPlayerId]) if (id) ids.add(id);
  const found = await store.getPlayers([...ids]);
  return new Map(found.map((p) => [p.id, p.name]));
}

export function playerRefs(row: GameRow, names: Map<string, string>): Players {
  const ref = (id: string | null): PlayerRef => (id ? { playerId: id, name: names.get(id) ?? '' } : null);
  return { forehand: ref(row.forehandPlayerId), dealer: ref(row.dealerPlayerId) };
}

/** The whole view for one viewer: the engine's redacted view plus the game's service data. */
export function gameView(game: LoadedGame, viewer: Viewer, names: Map<string, string>) {
  const { row, state } = game;
  const status = statusOf(row, state);
  const engineView = view(state, viewer);
  const waiting = status === 'waiting';
  const finished = state.phase === 'finished';
  const { phase: _phase, ...rest } = engineView;
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    match: row.matchId ? { id: row.matchId, number: row.number ?? 0 } : null,
    rematchOf: row.rematchOf ?? null,
    turnSeconds: row.turnSeconds ?? null,
    ...(deadline ? { deadline: deadline.toISOString() } : {}),
  };
}
export type GameViewBody = ReturnType<typeof gameView>;
