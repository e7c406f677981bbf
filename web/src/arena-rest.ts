// An arena's entrant between games (docs/api.md, "Tournaments": the rest and the pause): the calls
// that pause and resume, and what the player's next game waits for, as the pages show it.
import type { SkatClient } from '@offiziersskat/client';
import type { Tournament } from './tournament-api.ts';

const base = (id: string) => `/v1/tournaments/${encodeURIComponent(id)}`;

/** POST …/pause: not paired until back. The answer is the tournament with `you` (its first page of standings). */
export const pauseInArena = (c: Pick<SkatClient, 'request'>, id: string) => c.request<Tournament>('POST', `${base(id)}/pause`);
/** DELETE …/pause: back, paired as soon as rested and an opponent is free. */
export const resumeInArena = (c: Pick<SkatClient, 'request'>, id: string) => c.request<Tournament>('DELETE', `${base(id)}/pause`);

/**
 * What the caller's next game of an arena waits for: nothing shown (not an entrant, not an arena
 * running or about to, or playing now), the pause, the end of the rest (`until`), or an opponent.
 */
export type NextGame = { kind: 'none' } | { kind: 'paused' } | { kind: 'resting'; until: number } | { kind: 'waiting' };

export function nextGame(t: Pick<Tournament, 'system' | 'status' | 'you' | 'pairings'>, playerId: string | undefined, now: number): NextGame {
  if (t.system !== 'arena' || t.status === 'finished' || !t.you || !playerId) return { kind: 'none' };
  if (t.you.paused) return { kind: 'paused' };
  if ((t.pairings ?? []).some((p) => !p.finished && (p.first === playerId || p.second === playerId))) return { kind: 'none' };
  const until = t.you.restUntil === null ? null : Date.parse(t.you.restUntil);
  return until !== null && until > now ? { kind: 'resting', until } : { kind: 'waiting' };
}
