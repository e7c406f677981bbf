// The analysis's use cases: ask for a finished game's analysis (queued once per game and lens,
// for every process), and read it. The work itself is done by a pool of worker threads
// (pool.ts), in whichever process claims the job first.
import type { Game } from '../games/index.ts';
import { DomainError } from '../platform/errors.ts';
import type { AnalysisStore, AnalysisRow, QueueLimits } from './store.ts';
import type { Lens } from './schemas.ts';

/** An analysis as the API answers it (the Analysis schema). */
export function analysisView(row: AnalysisRow) {
  const r = row.result;
  return {
    gameId: row.gameId,
    lens: row.lens,
    status: row.status,
    progress: row.progress,
    game: r?.game ?? null,
    declarer: r?.declarer ?? null,
    value: r?.value ?? null,
    decisions: r?.decisions ?? [],
    plies: r?.plies ?? [],
    players: r?.players ?? null,
    samples: r?.samples ?? null,
    requestedAt: row.requestedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    ...(row.status === 'failed' ? { detail: row.error ?? 'the analysis failed' } : {}),
  };
}

export type AnalysisAnswer =
  | { done: true; analysis: ReturnType<typeof analysisView> }
  | { done: false; job: { gameId: string; lens: Lens; status: 'queued' | 'running'; progress: number } };

export interface AnalysisServiceDeps {
  store: AnalysisStore;
  /** The game as it is now (GAME_NOT_FOUND when there is none). */
  loadGame: (gameId: string) => Promise<Game>;
  limits: QueueLimits;
  /** Told when a job was queued here: this process's pool looks for work at once. */
  queued?: () => void;
}

export class AnalysisService {
  constructor(private readonly deps: AnalysisServiceDeps) {}

  /** The job of the game's analysis in this lens, queued by the first request; the analysis once done. */
  async request(gameId: string, lens: Lens, address: string): Promise<AnalysisAnswer> {
    const { store, loadGame, limits, queued } = this.deps;
    let row = await store.get(gameId, lens);
    if (!row || row.status === 'failed') {
      // Before its end an analysis would be a cheating aid: no job for a game still played.
      const game = await loadGame(gameId);
      if (game.state.phase !== 'finished') throw new DomainError('GAME_NOT_FINISHED', 'a game is analysed once it is finished');
      row = await store.request(gameId, lens, address, limits);
      if (row.status === 'queued') queued?.();
    }
    if (row.status === 'done' || row.status === 'failed') return { done: true, analysis: analysisView(row) };
    return { done: false, job: { gameId, lens, status: row.status, progress: row.progress } };
  }

  /** The open-lens analyses done of these games, by game (the exports carry them). */
  async doneOf(gameIds: readonly string[]): Promise<Map<string, ReturnType<typeof analysisView>>> {
    return new Map((await this.deps.store.done(gameIds, 'open')).map((row) => [row.gameId, analysisView(row)]));
  }

  /** The analysis: its job's status and progress, and the result once done. */
  async get(gameId: string, lens: Lens) {
    const row = await this.deps.store.get(gameId, lens);
    if (row) return analysisView(row);
    // GAME_NOT_FOUND first; a game still played is refused as in POST, not sent to ask for one.
    const game = await this.deps.loadGame(gameId);
    if (game.state.phase !== 'finished') throw new DomainError('GAME_NOT_FINISHED', 'the game is not finished: a game is analysed once it is over');
    throw new DomainError('ANALYSIS_NOT_FOUND', `nobody has asked for the ${lens} analysis of this game yet: POST /v1/games/${gameId}/analysis`);
  }
}
