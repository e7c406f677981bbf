// The player-centred calls as functions of a client (the same as its methods): who am I, my
// games and challenges, my own event stream, calling off and declining.
import type { SkatClient, StreamOptions } from './client.ts';
import type { components } from './generated/api-types.ts';
import type { PlayerGameStatus } from './types.ts';

export type { Me, PlayerEntry, PlayerEvent, PlayerEventType, PlayerGamePage, PlayerGameStatus } from './types.ts';

/** One page of players found by name (GET /v1/players?name=): accounts, people and bots. */
export type PlayerSearchPage = components['schemas']['PlayerSearchPage'];

/** Accounts whose name or username begins with `name`, any case, in name order; `nextCursor` for more. */
export const findPlayers = (client: SkatClient, query: { name: string; limit?: number; cursor?: string }) => {
  const search = new URLSearchParams({ name: query.name });
  if (query.limit !== undefined) search.set('limit', String(query.limit));
  if (query.cursor !== undefined) search.set('cursor', query.cursor);
  return client.request<PlayerSearchPage>('GET', `/v1/players?${search}`);
};
export const me = (client: SkatClient) => client.me();
export const myGames = (client: SkatClient, query: { status?: PlayerGameStatus; limit?: number; cursor?: string } = {}) => client.myGames(query);
export const playerStream = (client: SkatClient, options: StreamOptions = {}) => client.myEvents(options);
export const cancelGame = (client: SkatClient, gameId: string) => client.cancelGame(gameId);
export const declineGame = (client: SkatClient, gameId: string) => client.declineGame(gameId);
export const cancelMatch = (client: SkatClient, matchId: string) => client.cancelMatch(matchId);
export const declineMatch = (client: SkatClient, matchId: string) => client.declineMatch(matchId);
