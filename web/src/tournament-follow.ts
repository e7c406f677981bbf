// The player's own tournament games open by themselves: once a tournament's page has been shown to
// an entrant, this tab listens on the player's stream (mygames.ts: one stream for the page's life,
// which is also what makes the player "connected" for an arena's pairing) for `tournamentGame` of
// that tournament (and the next games of its Swiss pairings' matches), and opens the game's table:
// from the tournament's page, or from the table of a game that is over; never away from a game
// still being played.
import type { PlayerEvent } from '@offiziersskat/client';
import type { App } from './app.ts';
import { followMyGames } from './mygames.ts';

interface Followed {
  stop: AbortController;
  /** The matches of its Swiss pairings: their next games come as gameStart. */
  matches: Set<string>;
}

const followed = new Map<string, Followed>();
/** The tournament of each game this tab opened or found for its player (the table links back to it). */
const tournamentOfGames = new Map<string, string>();

/** The tournament a game of this tab's player belongs to, as far as this tab has heard. */
export const tournamentOfGame = (gameId: string): string | null => tournamentOfGames.get(gameId) ?? null;
const key = (playerId: string, tournamentId: string) => `${playerId} ${tournamentId}`;

/**
 * The game a player-stream event gives this tournament's player: `tournamentGame` (a pairing's
 * game), or `gameStart` of one of its Swiss pairings' matches (the next game of the pairing).
 */
function gameOf(e: PlayerEvent, tournamentId: string, f: Followed): string | null {
  if (e.type === 'tournamentGame' && e.tournamentId === tournamentId) {
    if (e.matchId) f.matches.add(e.matchId);
    return e.gameId;
  }
  return e.type === 'gameStart' && e.matchId && f.matches.has(e.matchId) ? e.gameId : null;
}

const over = (status: string) => status === 'finished' || status === 'cancelled';

/** Starts following (once per player and tournament, for the page's life). */
export function followTournament(app: App, tournamentId: string): void {
  const playerId = app.session.player?.playerId;
  if (!playerId || followed.has(key(playerId, tournamentId))) return;
  const entry: Followed = { stop: new AbortController(), matches: new Set() };
  followed.set(key(playerId, tournamentId), entry);
  void followMyGames(
    app.session,
    (event) => {
      const gameId = gameOf(event, tournamentId, entry);
      if (gameId) void arrived(app, playerId, tournamentId, gameId);
    },
    entry.stop.signal,
  );
}

/** Stops following (the player withdrew). */
export function unfollowTournament(app: App, tournamentId: string): void {
  const playerId = app.session.player?.playerId;
  if (!playerId) return;
  followed.get(key(playerId, tournamentId))?.stop.abort();
  followed.delete(key(playerId, tournamentId));
}

async function arrived(app: App, playerId: string, tournamentId: string, gameId: string): Promise<void> {
  const client = app.session.client;
  // The stream's history comes first: a game of it that is over, or not this player's, is skipped.
  const view = await client.getGame(gameId).catch(() => null);
  if (!view || view.you === null || over(view.status) || app.session.player?.playerId !== playerId) return;
  tournamentOfGames.set(gameId, tournamentId);
  app.session.remember(gameId);
  const path = location.pathname;
  if (path === `/play/${gameId}`) return;
  const shownGame = /^\/play\/([^/]+)$/.exec(path)?.[1];
  if (shownGame) {
    // At another table: only one that is over (a person may be playing a casual game meanwhile).
    const shown = await client.getGame(decodeURIComponent(shownGame)).catch(() => null);
    if (shown && !over(shown.status) && shown.you !== null) return;
  } else if (path !== `/tournaments/${encodeURIComponent(tournamentId)}`) return;
  app.navigate(`/play/${encodeURIComponent(gameId)}`);
}
