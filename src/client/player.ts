// The player-centred calls of the API contract — the caller's own identity, games and challenges,
// its event stream, cancel and decline — in one seam. The service lists them in its OpenAPI
// document once it serves them; `playerEndpoints` reads that document (rather than probing with
// a request that would answer 404), so a client can fall back while they are missing. When they
// are in openapi/openapi.json, `npm run client:types` types them and the `request` calls below
// become `client.api` calls with the generated types.
import type { SkatClient, StreamOptions } from './client.ts';
import type { GameSummary } from './types.ts';

export interface PlayerEndpoints {
  me: boolean;
  games: boolean;
  stream: boolean;
  cancelGame: boolean;
  declineGame: boolean;
  cancelMatch: boolean;
  declineMatch: boolean;
}

const NONE: PlayerEndpoints = { me: false, games: false, stream: false, cancelGame: false, declineGame: false, cancelMatch: false, declineMatch: false };

export interface Me {
  playerId: string;
  name: string;
  expiresAt: string;
}

export type MyGamesStatus = 'waiting' | 'active' | 'finished';

/** One of the caller's games or matches (a challenge: reserved for the caller, still waiting). */
export type MyGame = Partial<GameSummary> & { id: string; kind?: 'game' | 'match'; [field: string]: unknown };
export interface MyGamesPage {
  games: MyGame[];
  nextCursor: string | null;
}

export const PLAYER_EVENT_TYPES = ['challenge', 'challengeCancelled', 'challengeDeclined', 'gameStart', 'gameFinish', 'matchStart', 'matchFinish'] as const;
export type PlayerEventType = (typeof PLAYER_EVENT_TYPES)[number];
export interface PlayerEvent {
  type: PlayerEventType;
  gameId?: string;
  matchId?: string;
  [field: string]: unknown;
}

const known = new Map<string, Promise<PlayerEndpoints>>();

/** Which of the player-centred calls this service has (read once per service from /openapi.json). */
export function playerEndpoints(client: SkatClient): Promise<PlayerEndpoints> {
  let found = known.get(client.baseUrl);
  if (!found) {
    found = client.request<{ paths?: Record<string, Record<string, unknown>> }>('GET', '/openapi.json').then(
      (doc) => {
        const has = (path: string, method: string) => Boolean(doc?.paths?.[path]?.[method]);
        return {
          me: has('/v1/players/me', 'get'),
          games: has('/v1/players/me/games', 'get'),
          stream: has('/v1/players/me/stream', 'get'),
          cancelGame: has('/v1/games/{gameId}', 'delete'),
          declineGame: has('/v1/games/{gameId}/decline', 'post'),
          cancelMatch: has('/v1/matches/{matchId}', 'delete'),
          declineMatch: has('/v1/matches/{matchId}/decline', 'post'),
        };
      },
      () => NONE,
    );
    known.set(client.baseUrl, found);
  }
  return found;
}

/** Forgets what `playerEndpoints` read (tests; a service that was upgraded). */
export function forgetPlayerEndpoints(): void {
  known.clear();
}

const id = (s: string) => encodeURIComponent(s);

/** `GET /v1/players/me`: who the token is. */
export const me = (client: SkatClient) => client.request<Me>('GET', '/v1/players/me');

/** `GET /v1/players/me/games`: the caller's games, newest first; `waiting` includes challenges. */
export function myGames(client: SkatClient, query: { status?: MyGamesStatus; limit?: number; cursor?: string } = {}): Promise<MyGamesPage> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return client.request<MyGamesPage>('GET', `/v1/players/me/games${qs ? `?${qs}` : ''}`);
}

/** `GET /v1/players/me/stream`: the caller's events (challenges, starts, ends), resumable. */
export async function* playerStream(client: SkatClient, options: StreamOptions = {}): AsyncGenerator<{ seq: number; event: PlayerEvent }, void, undefined> {
  for await (const m of client.stream('/v1/players/me/stream', options)) yield { seq: Number(m.id), event: JSON.parse(m.data) as PlayerEvent };
}

/** The creator takes back a game that is still waiting (`DELETE /v1/games/{gameId}`). */
export const cancelGame = (client: SkatClient, gameId: string) => client.request<void>('DELETE', `/v1/games/${id(gameId)}`);
/** The challenged player says no (`POST /v1/games/{gameId}/decline`). */
export const declineGame = (client: SkatClient, gameId: string) => client.request<void>('POST', `/v1/games/${id(gameId)}/decline`);
export const cancelMatch = (client: SkatClient, matchId: string) => client.request<void>('DELETE', `/v1/matches/${id(matchId)}`);
export const declineMatch = (client: SkatClient, matchId: string) => client.request<void>('POST', `/v1/matches/${id(matchId)}/decline`);
