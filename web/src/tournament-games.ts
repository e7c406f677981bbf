// A tournament's story as the web client reads it: its games (GET /v1/tournaments/{id}/games: a
// round's pairings, a player's games), page after page; and the entries its stream tells
// (`join`, `withdraw`), applied to the standings shown until the next read.
import type { components, SkatClient } from '@offiziersskat/client';
import type { Standing } from './tournament-api.ts';

type Schemas = components['schemas'];
/** A pairing of the tournament with its players named: an arena's game, a Swiss round's match, or a bye. */
export type TournamentGame = Schemas['TournamentGame'];
export type JoinEvent = Schemas['TournamentJoinEvent'];
export type WithdrawEvent = Schemas['TournamentWithdrawEvent'];

/** The games of one round or one player (or both), every page of them, in the service's order (by round). */
export async function tournamentGames(c: Pick<SkatClient, 'request'>, id: string, filter: { round?: number; player?: string }, signal?: AbortSignal): Promise<TournamentGame[]> {
  const games: TournamentGame[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({
      limit: '100',
      ...(filter.round !== undefined ? { round: String(filter.round) } : {}),
      ...(filter.player !== undefined ? { player: filter.player } : {}),
      ...(cursor ? { cursor } : {}),
    });
    const page: Schemas['TournamentGamePage'] = await c.request<Schemas['TournamentGamePage']>('GET', `/v1/tournaments/${encodeURIComponent(id)}/games?${query}`, { signal });
    games.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return games;
}

/** How a game ended for `playerId`: won, lost, drawn, passed in (an arena's), or still being played; a bye. */
export type GameOutcome = 'won' | 'lost' | 'drawn' | 'passedIn' | 'playing' | 'bye';

export function outcomeFor(g: TournamentGame, playerId: string): GameOutcome {
  if (g.second === null) return 'bye';
  if (!g.finished) return 'playing';
  if (g.passedIn) return 'passedIn';
  if (g.winner === null) return 'drawn';
  return g.winner === playerId ? 'won' : 'lost';
}

/** The player's side of a game: its opponent, and the points of each (theirs first). */
export function sideOf(g: TournamentGame, playerId: string): { opponent: TournamentGame['first'] | null; points: [number | null, number | null] } {
  const first = g.first.playerId === playerId;
  return first ? { opponent: g.second, points: [g.firstPoints, g.secondPoints] } : { opponent: g.first, points: [g.secondPoints, g.firstPoints] };
}

/**
 * The standings with an entry the stream told applied: a newcomer at the bottom with nothing
 * scored (the next read places it), a returning or withdrawing player marked. The rows are new
 * objects; the table given is not changed.
 */
export function withEntry(standings: readonly Standing[], e: JoinEvent | WithdrawEvent): Standing[] {
  if (e.type === 'withdraw') return standings.map((s) => (s.playerId === e.playerId ? { ...s, withdrawn: true } : s));
  const { playerId, name, bot } = e.entrant;
  if (standings.some((s) => s.playerId === playerId)) return standings.map((s) => (s.playerId === playerId ? { ...s, withdrawn: false } : s));
  // Nothing scored: tied with the others who scored nothing (among them in playerId order, as the
  // service ranks ties), or below everyone.
  const zero = (s: Standing) => s.score === 0 && Object.values(s.tiebreaks).every((v) => !v);
  const rank = standings.find(zero)?.rank ?? (standings.at(-1)?.rank ?? 0) + 1;
  const tiebreaks = Object.fromEntries(Object.keys(standings[0]?.tiebreaks ?? {}).map((k) => [k, 0]));
  const at = standings.findIndex((s) => zero(s) && s.playerId > playerId);
  const row: Standing = { rank, playerId, name, bot, score: 0, games: 0, tiebreaks, withdrawn: false };
  return at < 0 ? [...standings, row] : [...standings.slice(0, at), row, ...standings.slice(at)];
}
