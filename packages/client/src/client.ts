// The client itself: one method per call over openapi-fetch, refusals as ApiError, retries as the
// service's Retry-After says, long polls and Server-Sent Events.
import createOpenApiClient, { type Client } from 'openapi-fetch';
import { ApiError, problemOf } from './errors.ts';
import type { LoggedEvent, LoggedMatchEvent } from './events.ts';
import { Identity, type RenewalOptions, type Renewer, type RenewedToken } from './identity.ts';
import type { paths } from './generated/api-types.ts';
import { DEFAULT_RETRY, retryingFetch, type RetryPolicy } from './retry.ts';
import { DEFAULT_STREAM_IDLE_MS, readEventStream, type SseMessage } from './sse.ts';
import { DEFAULT_TIMEOUT_MS, timedFetch } from './timeout.ts';
import type { CreateGame, CreateMatch, CreateSeek, EventLog, GamePage, GameRecord, GameStatus, GameView, Match, MatchEventLog, MatchPage, Me, Move, MoveResponse, Player, PlayerEvent, PlayerGamePage, PlayerGameStatus, PlayerToken, Seek, SeekPage } from './types.ts';

/** What the client sends requests with: WHATWG fetch, or any function of the same shape. */
export type FetchLike = (request: Request) => Promise<Response>;

/**
 * `onRenewed` (keep the new token), `onRefused` (sign in again) and the rest of the renewal's
 * options (see identity.ts): a client with a token renews it by itself before it ends.
 */
export interface ClientOptions extends RenewalOptions {
  /** The service's origin, e.g. `https://skat.example`; '' (the default) is the page's own. */
  baseUrl?: string;
  /** The bearer token of the player this client acts for (from `createPlayer`), or an identity shared with other clients. */
  token?: string | Identity;
  /** The transport (default: the global fetch, looked up at each call). */
  fetch?: FetchLike;
  /** The request class `fetch` takes (default: the global Request). */
  Request?: typeof Request;
  /** Retries on 429/503 (and a 409 that carries Retry-After); `false`: none. */
  retry?: Partial<RetryPolicy> | false;
  /**
   * How long each attempt waits for its answer's headers (a long poll: 30 s more) before it is
   * given up as a lost connection (`TimeoutError`, code `ETIMEDOUT`; retried when safe to repeat).
   * Default 30 s; 0: no limit (a transport that keeps its own).
   */
  timeoutMs?: number;
  /**
   * A stream that delivers nothing, not even its heartbeat (every 15 s), for this long is taken
   * for a dead connection and reconnected (with `Last-Event-ID`). Default 45 s; 0: never.
   */
  streamIdleMs?: number;
  /**
   * Every move and every create call (a player, a game, a match) carries a fresh `Idempotency-Key`
   * (default true), so a call retried after a lost answer, a 429 or a 503 is answered, not made
   * twice; without a key such a write is never retried. The service stores each key, so a load
   * generator that pins `expectedVersion` (a repeat is then refused with 409) may turn this off.
   */
  idempotencyKeys?: boolean;
}

interface Transport {
  baseUrl: string;
  fetch: FetchLike;
  Request: typeof Request;
  retry: RetryPolicy;
  idempotencyKeys: boolean;
  streamIdleMs: number;
}

export interface MoveOptions {
  /** The version the move was chosen at: a game that moved on answers 409 with its view. */
  expectedVersion?: number;
  /** Overrides the generated key (e.g. the same key for a retry of your own). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface CreateOptions {
  /** Overrides the generated key (e.g. the same key for a retry of your own, across restarts). */
  idempotencyKey?: string;
}

export interface StreamOptions {
  /** Start after this sequence number (default: from the first event). */
  after?: number;
  signal?: AbortSignal;
}

type Answer<T> = { data?: T; error?: unknown; response: Response };

export class SkatClient {
  /** The typed openapi-fetch client underneath, for anything the methods do not cover. */
  readonly api: Client<paths>;
  /** The token this client acts with, renewed in time; undefined for a client without one. */
  readonly identity: Identity | undefined;
  private readonly transport: Transport;
  /** The transport with this client's token on every request (the current one, renewed first when due). */
  private readonly send: FetchLike;

  /** `transport`: another client's (see `withToken`). */
  constructor(options: ClientOptions = {}, transport?: Transport) {
    this.transport = transport ?? transportOf(options);
    const { token } = options;
    this.identity = token === undefined || token === '' ? undefined : token instanceof Identity ? token : new Identity(token, options);
    this.identity?.bind(renewerOf(this.transport));
    this.send = this.identity ? authorized(this.identity, this.transport.fetch) : this.transport.fetch;
    this.api = createOpenApiClient<paths>({
      baseUrl: this.transport.baseUrl,
      fetch: this.send,
      Request: this.transport.Request,
    });
  }

  /** The current token (a renewal replaces it). */
  get token(): string | undefined {
    return this.identity?.token;
  }

  get baseUrl(): string {
    return this.transport.baseUrl;
  }

  /** The Authorization header of this client's player ({} without a token). */
  get auth(): Record<string, string> {
    return this.token ? { Authorization: `Bearer ${this.token}` } : {};
  }

  /**
   * A client for another player (or none), over the same transport. Pass an `Identity` to share
   * one token (and its renewals) between clients; `options` are the renewal's (hooks and all).
   */
  withToken(token: string | Identity | undefined, options: RenewalOptions = {}): SkatClient {
    return new SkatClient({ ...options, token }, this.transport);
  }

  /** The `Idempotency-Key` of a create call: the caller's, else a fresh one (unless turned off). */
  private createKey(options: CreateOptions): { 'idempotency-key': string } | undefined {
    const key = options.idempotencyKey ?? (this.transport.idempotencyKeys ? newKey() : undefined);
    return key === undefined ? undefined : { 'idempotency-key': key };
  }

  // ------------------------------------------------------------------ players

  /** A guest player and its token: `client.withToken(player.token)` then acts for it. */
  createPlayer(name: string, options: CreateOptions = {}): Promise<PlayerToken> {
    return this.data('POST /v1/players', this.api.POST('/v1/players', { params: { header: this.createKey(options) }, body: { name } }));
  }

  /** Who the token is, and when it expires. */
  me(): Promise<Me> {
    return this.data('GET /v1/players/me', this.api.GET('/v1/players/me'));
  }

  /** The caller's games and matches, newest first; `waiting` includes the challenges (reserved for the caller). */
  myGames(query: { status?: PlayerGameStatus; limit?: number; cursor?: string } = {}): Promise<PlayerGamePage> {
    return this.data('GET /v1/players/me/games', this.api.GET('/v1/players/me/games', { params: { query } }));
  }

  /**
   * The caller's own events as they happen (challenges, games and matches starting and ending),
   * stored and resumable: pass the last `seq` seen as `after`. The stream does not end by itself.
   */
  async *myEvents(options: StreamOptions = {}): AsyncGenerator<{ seq: number; event: PlayerEvent }, void, undefined> {
    for await (const m of this.stream('/v1/players/me/stream', options)) yield { seq: Number(m.id), event: JSON.parse(m.data) as PlayerEvent };
  }

  /** A player's id and name. */
  getPlayer(playerId: string): Promise<Player> {
    return this.data('GET /v1/players/{playerId}', this.api.GET('/v1/players/{playerId}', { params: { path: { playerId } } }));
  }

  // ------------------------------------------------------------------ games

  /** The lobby: open games, newest first (`nextCursor` pages on). */
  listGames(query: { status?: GameStatus; limit?: number; cursor?: string } = { status: 'waiting' }): Promise<GamePage> {
    return this.data('GET /v1/games', this.api.GET('/v1/games', { params: { query } }));
  }

  /** Creates a game and takes a seat in it. */
  createGame(body: CreateGame = {}, options: CreateOptions = {}): Promise<GameView> {
    return this.data('POST /v1/games', this.api.POST('/v1/games', { params: { header: this.createKey(options) }, body }));
  }

  joinGame(gameId: string): Promise<GameView> {
    return this.data('POST /v1/games/{gameId}/join', this.api.POST('/v1/games/{gameId}/join', { params: { path: { gameId } } }));
  }

  /**
   * The caller's view. With `waitForVersion` it is a long poll: the answer comes when the game
   * has moved past that version (or after about 30 s unchanged).
   */
  getGame(gameId: string, options: { waitForVersion?: number; signal?: AbortSignal } = {}): Promise<GameView> {
    const query = options.waitForVersion === undefined ? {} : { waitForVersion: options.waitForVersion };
    return this.data('GET /v1/games/{gameId}', this.api.GET('/v1/games/{gameId}', { params: { path: { gameId }, query }, signal: options.signal }));
  }

  /**
   * Makes a move. Refusals throw an `ApiError`: `409 VERSION_CONFLICT` (with `expectedVersion`)
   * carries the current view in `error.view`; `422` the rules' code. Without `expectedVersion`
   * a race lost inside the service (409) is sent again, since the service decides it afresh.
   */
  async move(gameId: string, move: Move, options: MoveOptions = {}): Promise<MoveResponse> {
    const key = options.idempotencyKey ?? (this.transport.idempotencyKeys ? newKey() : undefined);
    const body = options.expectedVersion === undefined ? { move } : { move, expectedVersion: options.expectedVersion };
    for (let attempt = 0; ; attempt++) {
      const answer = await this.api.POST('/v1/games/{gameId}/moves', {
        params: { path: { gameId }, header: key === undefined ? undefined : { 'idempotency-key': key } },
        body,
        signal: options.signal,
      });
      if (answer.data) return answer.data as MoveResponse;
      const problem = problemOf(answer.error);
      if (answer.response.status === 409 && problem?.code === 'VERSION_CONFLICT' && options.expectedVersion === undefined && attempt < 3) continue;
      throw new ApiError(answer.response.status, problem, 'POST /v1/games/{gameId}/moves');
    }
  }

  /**
   * Makes a move and asks for no view back (`Prefer: return=minimal`): resolves with the new
   * version (the 204's ETag). For a client that reads its views from `gameViews`: one request
   * per move. Refusals as `move`'s.
   */
  async moveMinimal(gameId: string, move: Move, options: MoveOptions = {}): Promise<{ version: number }> {
    const key = options.idempotencyKey ?? (this.transport.idempotencyKeys ? newKey() : undefined);
    const body = options.expectedVersion === undefined ? { move } : { move, expectedVersion: options.expectedVersion };
    const header = key === undefined ? { prefer: 'return=minimal' } : { 'idempotency-key': key, prefer: 'return=minimal' };
    for (let attempt = 0; ; attempt++) {
      const answer = await this.api.POST('/v1/games/{gameId}/moves', { params: { path: { gameId }, header }, body, signal: options.signal });
      if (answer.response.status === 204) {
        const version = /^(?:W\/)?"(\d+)/.exec(answer.response.headers.get('etag') ?? '')?.[1];
        if (version === undefined) throw new Error('POST /v1/games/{gameId}/moves: a 204 without the version in its ETag');
        return { version: Number(version) };
      }
      if (answer.data) return { version: answer.data.version };
      const problem = problemOf(answer.error);
      if (answer.response.status === 409 && problem?.code === 'VERSION_CONFLICT' && options.expectedVersion === undefined && attempt < 3) continue;
      throw new ApiError(answer.response.status, problem, 'POST /v1/games/{gameId}/moves');
    }
  }

  /**
   * The caller's view of the game as it changes (the game's stream with `views=true`): the
   * current view first, then the view after each change; ends with the finished (or called-off)
   * game. Resumes by itself after a dropped connection. `after`: the version the caller has seen.
   */
  async *gameViews(gameId: string, options: StreamOptions = {}): AsyncGenerator<GameView, void, undefined> {
    const path = `/v1/games/${encodeURIComponent(gameId)}/stream?views=true`;
    for await (const m of this.stream(path, options, isFinalView)) if (m.event === 'view') yield JSON.parse(m.data) as GameView;
  }

  /** The event log as the caller may see it, after sequence number `after`. */
  async events(gameId: string, after = 0): Promise<EventLog> {
    const log = await this.data('GET /v1/games/{gameId}/events', this.api.GET('/v1/games/{gameId}/events', { params: { path: { gameId }, query: { after } } }));
    return log as EventLog;
  }

  /** A finished game's self-contained record (seed, commitment, cut, every event, result). */
  async record(gameId: string): Promise<GameRecord> {
    return (await this.data('GET /v1/games/{gameId}/record', this.api.GET('/v1/games/{gameId}/record', { params: { path: { gameId } } }))) as GameRecord;
  }

  /** Its creator calls off a game that still waits for its second player. */
  async cancelGame(gameId: string): Promise<void> {
    await this.data('DELETE /v1/games/{gameId}', this.api.DELETE('/v1/games/{gameId}', { params: { path: { gameId } } }));
  }

  /** The player a waiting game is reserved for declines it (the game is called off). */
  async declineGame(gameId: string): Promise<void> {
    await this.data('POST /v1/games/{gameId}/decline', this.api.POST('/v1/games/{gameId}/decline', { params: { path: { gameId } } }));
  }

  /** The same two players again, seats swapped (both asking get the same game). */
  rematch(gameId: string): Promise<GameView> {
    return this.data('POST /v1/games/{gameId}/rematch', this.api.POST('/v1/games/{gameId}/rematch', { params: { path: { gameId } } }));
  }

  /** Ends a game whose player to move let the deadline pass (the waiting player asks). */
  claimTimeout(gameId: string): Promise<GameView> {
    return this.data('POST /v1/games/{gameId}/claim-timeout', this.api.POST('/v1/games/{gameId}/claim-timeout', { params: { path: { gameId } } }));
  }

  /**
   * The game's events as they happen (Server-Sent Events, redacted for the caller), resuming
   * with `Last-Event-ID` after a dropped connection; ends after the `finished` event.
   * Needs a fetch with streaming bodies (browsers, Node's own); else use `waitForVersion`.
   */
  async *gameStream(gameId: string, options: StreamOptions = {}): AsyncGenerator<LoggedEvent, void, undefined> {
    for await (const m of this.stream(`/v1/games/${encodeURIComponent(gameId)}/stream`, options, (m) => m.event === 'finished'))
      yield { seq: Number(m.id), event: JSON.parse(m.data) };
  }

  // ------------------------------------------------------------------ matches

  /** The matches lobby: matches waiting for a second player (or in `status`), newest first. */
  listMatches(query: { status?: Match['status']; limit?: number; cursor?: string } = {}): Promise<MatchPage> {
    return this.data('GET /v1/matches', this.api.GET('/v1/matches', { params: { query } }));
  }

  createMatch(body: CreateMatch, options: CreateOptions = {}): Promise<Match> {
    return this.data('POST /v1/matches', this.api.POST('/v1/matches', { params: { header: this.createKey(options) }, body }));
  }

  joinMatch(matchId: string): Promise<Match> {
    return this.data('POST /v1/matches/{matchId}/join', this.api.POST('/v1/matches/{matchId}/join', { params: { path: { matchId } } }));
  }

  async cancelMatch(matchId: string): Promise<void> {
    await this.data('DELETE /v1/matches/{matchId}', this.api.DELETE('/v1/matches/{matchId}', { params: { path: { matchId } } }));
  }

  async declineMatch(matchId: string): Promise<void> {
    await this.data('POST /v1/matches/{matchId}/decline', this.api.POST('/v1/matches/{matchId}/decline', { params: { path: { matchId } } }));
  }

  /** The score sheet (Skatliste), the totals, the current game. */
  getMatch(matchId: string): Promise<Match> {
    return this.data('GET /v1/matches/{matchId}', this.api.GET('/v1/matches/{matchId}', { params: { path: { matchId } } }));
  }

  matchEvents(matchId: string, after = 0): Promise<MatchEventLog> {
    return this.data('GET /v1/matches/{matchId}/events', this.api.GET('/v1/matches/{matchId}/events', { params: { path: { matchId }, query: { after } } }));
  }

  /** The match's own events (gameStarted, gameFinished, matchFinished) as they happen. */
  async *matchStream(matchId: string, options: StreamOptions = {}): AsyncGenerator<LoggedMatchEvent, void, undefined> {
    for await (const m of this.stream(`/v1/matches/${encodeURIComponent(matchId)}/stream`, options, (m) => m.event === 'matchFinished'))
      yield { seq: Number(m.id), event: JSON.parse(m.data) };
  }

  // ------------------------------------------------------------------ the pairing pool

  /**
   * Seeks a game (or, with `games` ≥ 2, a match): `paired` at once with its `gameId` (`matchId`)
   * when a compatible seek waits, else `waiting`; then `gameStart` (`matchStart`) comes on
   * `myEvents` when someone pairs with it.
   */
  createSeek(body: CreateSeek, options: { idempotencyKey?: string } = {}): Promise<Seek> {
    // A key of its own, so a retry (after a 503, or a lost answer) gets this seek, never a second one.
    const key = options.idempotencyKey ?? newKey();
    return this.data('POST /v1/seeks', this.api.POST('/v1/seeks', { params: { header: { 'idempotency-key': key } }, body }));
  }

  /** The pool: the waiting seeks, oldest first. */
  listSeeks(query: { limit?: number; cursor?: string } = {}): Promise<SeekPage> {
    return this.data('GET /v1/seeks', this.api.GET('/v1/seeks', { params: { query } }));
  }

  /** A seek's status, and its game or match once paired. */
  getSeek(seekId: string): Promise<Seek> {
    return this.data('GET /v1/seeks/{seekId}', this.api.GET('/v1/seeks/{seekId}', { params: { path: { seekId } } }));
  }

  /** Takes the caller's waiting seek out of the pool (one that ended already: no change). */
  async withdrawSeek(seekId: string): Promise<void> {
    await this.data('DELETE /v1/seeks/{seekId}', this.api.DELETE('/v1/seeks/{seekId}', { params: { path: { seekId } } }));
  }

  // ------------------------------------------------------------------ the raw layer

  /**
   * A call the generated types do not know: the same transport, token and
   * retries; JSON in and out; a refusal throws an `ApiError`. Resolves to undefined on 204.
   */
  async request<T>(method: string, path: string, options: { body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await this.send(
      new this.transport.Request(`${this.transport.baseUrl}${path}`, {
        method,
        headers: new Headers(headers),
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      }),
    );
    const text = await response.text();
    const json = text ? safeJson(text) : undefined;
    if (!response.ok) throw new ApiError(response.status, problemOf(json), `${method} ${path}`);
    return json as T;
  }

  /** An event stream of this service, with the client's token, resumable after `after`. */
  stream(path: string, options: StreamOptions, isLast?: (m: SseMessage) => boolean): AsyncGenerator<SseMessage, void, undefined> {
    return readEventStream({
      url: `${this.transport.baseUrl}${path}`,
      // Each connection (and reconnection) with the token of that moment.
      fetch: this.send,
      Request: this.transport.Request,
      lastEventId: options.after ? String(options.after) : undefined,
      signal: options.signal,
      retry: this.transport.retry,
      idleMs: this.transport.streamIdleMs,
      isLast,
    });
  }

  private async data<T>(what: string, call: Promise<Answer<T>>): Promise<T> {
    const { data, error, response } = await call;
    if (response.ok) return data as T;
    throw new ApiError(response.status, problemOf(error), what);
  }
}

export function createClient(options: ClientOptions = {}): SkatClient {
  return new SkatClient(options);
}

/** `fetch` with the identity's token (renewed first when due), noticing a refusal of it. */
function authorized(identity: Identity, fetch: FetchLike): FetchLike {
  return async (request) => {
    const token = await identity.fresh();
    request.headers.set('Authorization', `Bearer ${token}`);
    const response = await fetch(request);
    if (response.status === 401) await identity.noticeAnswer(token, response);
    return response;
  };
}

/** Renewals go straight over the transport with the old token (not through `authorized`, which waits for them). */
function renewerOf(transport: Transport): Renewer {
  return async (token, body) => {
    const response = await transport.fetch(
      new transport.Request(`${transport.baseUrl}/v1/players/me/tokens`, {
        method: 'POST',
        headers: new Headers({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' }),
        body: JSON.stringify(body),
      }),
    );
    const json = safeJson(await response.text());
    if (!response.ok) throw new ApiError(response.status, problemOf(json), 'POST /v1/players/me/tokens');
    return json as RenewedToken;
  };
}

function transportOf(options: ClientOptions): Transport {
  const retry = options.retry === false ? { ...DEFAULT_RETRY, retries: 0 } : { ...DEFAULT_RETRY, ...options.retry };
  const Req = options.Request ?? globalThis.Request;
  // Each attempt has its own time limit (inside the retries: a silent connection is retried like a lost one).
  const base = timedFetch<Request, Response>(
    options.fetch ?? ((request) => globalThis.fetch(request)),
    (request, signal) => new Req(request, { signal }),
    options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  );
  return {
    baseUrl: (options.baseUrl ?? '').replace(/\/+$/, ''),
    fetch: retry.retries > 0 ? retryingFetch(base, retry) : base,
    Request: Req,
    retry,
    idempotencyKeys: options.idempotencyKeys ?? true,
    streamIdleMs: options.streamIdleMs ?? DEFAULT_STREAM_IDLE_MS,
  };
}

/** A fresh idempotency key (randomUUID needs a secure context; getRandomValues does not). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The last message of a view stream: the view of a game that is over. */
const isFinalView = (m: SseMessage) => m.event === 'view' && /"status":"(finished|cancelled)"/.test(m.data);

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
