// The calls of the computer analysis the replay makes (docs/api.md, "Analysis"), through the client
// module's raw layer: ask for a finished game's analysis (idempotent: anyone may, it is computed
// once), read it and its progress, in either lens.
import type { components, SkatClient } from '@offiziersskat/client';

export type Lens = 'open' | 'seat';
export const LENSES: readonly Lens[] = ['open', 'seat'];

type Schemas = components['schemas'];
/** GET's answer: queued, running, done (plies and players) or failed. */
export type GameAnalysis = Schemas['Analysis'];
/** POST's answer while it is queued or running. */
type AnalysisJob = Schemas['AnalysisJob'];
export type AnalysisAnswer = GameAnalysis | AnalysisJob;

const path = (gameId: string, lens: Lens) => `/v1/games/${encodeURIComponent(gameId)}/analysis${lens === 'open' ? '' : `?lens=${lens}`}`;

/** Queues the analysis (202, its status) or answers it when it exists (200). */
export const requestAnalysis = (c: SkatClient, gameId: string, lens: Lens, signal?: AbortSignal) => c.request<AnalysisAnswer>('POST', path(gameId, lens), { signal });

export const getAnalysis = (c: SkatClient, gameId: string, lens: Lens, signal?: AbortSignal) => c.request<GameAnalysis>('GET', path(gameId, lens), { signal });

/** Still being worked on: poll again. */
export const pending = (a: Pick<GameAnalysis, 'status'>) => a.status === 'queued' || a.status === 'running';
