// The bot runner's engine: pairs of bots play whole games against a server through the public
// HTTP API only, with the project's client module (@offiziersskat/client: typed from the OpenAPI document).
// A bot follows the game on its view stream (`GET /v1/games/{id}/stream?views=true`) and sends
// each move answered 204, one request per move; or (`protocol: 'longpoll'`) waits for its
// opponent with the long poll (`GET /v1/games/{id}?waitForVersion=N`). Never a sleep loop.
// Used by `npm run bot` (src/cli/bot.ts) and `npm run bench:http`.
import { randomUUID } from 'node:crypto';
import { ApiError, createClient, Identity, playGame, timedFetch, type FetchLike, type GameView, type SkatClient } from '@offiziersskat/client';
import { newTally, tally, type SideTally } from '../bots/selfplay.ts';
import { newMemory, remember, rng, STRATEGIES, type StrategyName } from '../bots/index.ts';
import { keepAliveFetch, PlainRequest, StreamedResponse, type PlainResponse } from './transport.ts';

type Seat = 'forehand' | 'dealer';
type Variant = 'classic' | 'halfOpen' | 'bidding';

export interface RunnerOptions {
  /** Base URL of the service, e.g. http://127.0.0.1:3000 */
  server: string;
  /** Games to play (with `durationMs`: at most this many). */
  games: number;
  /** Games in flight at once (two bots each). */
  concurrency: number;
  strategy: StrategyName;
  /** The other bot of each game (default: the same strategy). */
  opponent?: StrategyName;
  variant?: Variant;
  /**
   * Makes a run reproducible: the bots' choices, and the deals (each game is created with a
   * practice seed derived from it). Without it, the server deals at random.
   */
  seed?: number;
  /** Stop starting games after this long (the games in flight are played to the end). */
  durationMs?: number;
  /** Starts no more games once this holds (a benchmark's window that opened at the first move has closed). */
  stopped?: () => boolean;
  /** Called after each finished (or failed) game. */
  onGame?: (summary: RunSummary) => void;
  /** Called after each accepted move with its round-trip time in ms (benchmarks window on it). */
  onMove?: (latencyMs: number) => void;
  /** Another fetch (tests); without it, requests go over node:http keep-alive sockets. */
  fetch?: (input: Request) => Promise<Response>;
  /**
   * Fault runs (bench/faults.ts): more servers of the same service. The bots of even games use
   * one server, those of odd games two different ones; a bot whose request fails to connect or is
   * answered 503 waits (Retry-After, at most 2 s) and sends it again to the next server, for up to
   * `retryForMs`. Needs the keep-alive transport (no `fetch`).
   */
  servers?: string[];
  /** How long a request is retried (default 30 s with `servers`). */
  retryForMs?: number;
  /** Moves with an Idempotency-Key (a retry sends the same key): in no game, odd games, or all. */
  idempotency?: 'none' | 'half' | 'all';
  /** How a bot hears of its opponent's moves (see playGame): the view stream (default) or the long poll. */
  protocol?: 'stream' | 'longpoll';
  /** Called with every move accepted: the game, its version after the move, the events it caused (none on the stream: a 204). */
  onAck?: (ack: { gameId: string; version: number; events: { seq: number; type: string }[] }) => void;
  /**
   * A bot account's token (docs/bots.md: one that never expires): the `strategy` side of every
   * game plays as its player, against guests. Without it both sides are guests.
   */
  token?: string;
}

export interface RunSummary {
  games: number;
  failedGames: number;
  moves: number;
  elapsedMs: number;
  /** Round-trip time of every accepted move (POST /moves), ms. */
  latencies: number[];
  /** Problem codes of rejected requests (VERSION_CONFLICT included: it is expected and retried). */
  errors: Record<string, number>;
  /** Errors that are not part of normal play (anything but VERSION_CONFLICT). */
  unexpected: number;
  /** The first few unexpected errors, for the report. */
  samples: string[];
  /** The bots of each side, and how they fared. */
  sides: { strategy: SideTally; opponent: SideTally };
  /** The finished games' ids (e.g. to fetch and verify their records). */
  gameIds: string[];
  /**
   * With `servers`: requests sent again, after a 503 or after a connection error (by its code).
   * Each attempt carries an X-Request-Id; `unanswered` holds those of the attempts whose open
   * connection failed (a reset, not a refused connection), for a check against the service's log.
   */
  retried: { unavailable: number; network: Record<string, number>; unanswered: string[] };
}

/** A failed request that ends the game it belongs to. */
export class BotError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const EXPECTED_CODES = new Set(['VERSION_CONFLICT']);

interface Bot {
  name: string;
  strategy: StrategyName;
  /** The clients acting for this bot's player, on its server: moves without and with an Idempotency-Key. */
  client: SkatClient;
  keyed: SkatClient;
}

/** The clients of one server: moves without an Idempotency-Key, and with one. */
interface ServerClients {
  plain: SkatClient;
  keyed: SkatClient;
}

/** A bot: a new guest, or the player of `token`. Its two clients share one token, renewed by itself before it ends. */
async function createBot(clients: ServerClients, name: string, strategy: StrategyName, token?: string): Promise<Bot> {
  const identity = new Identity(token ?? (await clients.plain.createPlayer(name)).token);
  return { name, strategy, client: clients.plain.withToken(identity), keyed: clients.keyed.withToken(identity) };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export function latencyStats(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 };
}

/** A 64-hex-digit practice seed for game `i` of a run seeded with `seed`. */
export function practiceSeed(seed: number, i: number): string {
  return ((BigInt(seed >>> 0) << 32n) | BigInt(i)).toString(16).padStart(64, '0');
}

/**
 * A transport that sends a request again, to the next of `servers`, after a connection error
 * (an attempt without an answer in time is one: see timedFetch), a 503 or a 409 with Retry-After,
 * until `retryForMs` has passed. For the first 5 s of refusals it
 * tries every 250 ms (at most Retry-After), then waits Retry-After (at most 2 s): a switchover's
 * 503s end within a few hundred ms of the new primary taking writes, and a second's wait would
 * add up to that second to every move held up by it. After a connection error: 100 ms.
 */
function failoverFetch(
  send: (request: PlainRequest) => Promise<PlainResponse | StreamedResponse>,
  servers: string[],
  first: number,
  retryForMs: number,
  retried: RunSummary['retried'],
) {
  return async (request: PlainRequest): Promise<PlainResponse | StreamedResponse> => {
    const path = request.url.replace(/^https?:\/\/[^/]+/, '');
    const deadline = performance.now() + retryForMs;
    const started = performance.now();
    for (let i = first; ; i = (i + 1) % servers.length) {
      const requestId = `bot-${randomUUID()}`;
      const headers = new Headers(request.headers);
      headers.set('X-Request-Id', requestId);
      const attempt = new PlainRequest(`${servers[i]}${path}`, { ...request, headers });
      let wait: number;
      try {
        const response = await send(attempt);
        // A 409 with Retry-After is the service's "a request with this key is still under way" (as the client module retries it).
        const passing = response.status === 503 || (response.status === 409 && response.headers.get('retry-after') !== null);
        if (!passing || performance.now() > deadline) return response;
        if (response instanceof StreamedResponse) await response.body.cancel(); // let its socket go
        retried.unavailable++;
        const asked = Math.min(2000, 1000 * Number(response.headers.get('retry-after') ?? 1));
        wait = performance.now() - started < 5000 ? Math.min(asked, 250) : asked;
      } catch (e) {
        if (request.signal?.aborted || performance.now() > deadline) throw e;
        const code = (e as { code?: string }).code ?? 'ERROR';
        retried.network[code] = (retried.network[code] ?? 0) + 1;
        if (code !== 'ECONNREFUSED') retried.unanswered.push(requestId);
        wait = 100;
      }
      await new Promise((r) => setTimeout(r, wait));
      if (request.signal?.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
    }
  };
}

export async function runBots(options: RunnerOptions): Promise<RunSummary> {
  const opponent = options.opponent ?? options.strategy;
  const retried: RunSummary['retried'] = { unavailable: 0, network: {}, unanswered: [] };
  const servers = (options.servers ?? [options.server]).map((s) => s.replace(/\/$/, ''));
  const transport = keepAliveFetch();
  const timedAttempt = timedFetch(transport, (request, signal) => new PlainRequest(request, { signal }));
  const clientsFor = (first: number): ServerClients => {
    const make = (idempotencyKeys: boolean) =>
      createClient({
        baseUrl: servers[first],
        // Moves pin expectedVersion, so a repeat is refused (409), never made twice; without an
        // Idempotency-Key the service takes its group-commit path (a key is one more row per move).
        idempotencyKeys,
        // Over several servers the failover transport does the retrying, the same request again,
        // and limits each attempt's time (a whole failover may take longer than one attempt may).
        ...(options.servers ? { retry: false as const, timeoutMs: 0 } : {}),
        ...(options.fetch
          ? { fetch: options.fetch }
          : {
              // The node:http transport answers the few members of a fetch Response the client reads
              // (transport.ts), and its PlainRequest carries what the transport needs of a Request.
              fetch: (options.servers ? failoverFetch(timedAttempt, servers, first, options.retryForMs ?? 30_000, retried) : transport) as unknown as FetchLike,
              Request: PlainRequest as unknown as typeof Request, // see the comment above
            }),
      });
    return { plain: make(false), keyed: make(true) };
  };
  const clients = servers.map((_, i) => clientsFor(i));
  const summary: RunSummary = {
    games: 0,
    failedGames: 0,
    moves: 0,
    elapsedMs: 0,
    latencies: [],
    errors: {},
    unexpected: 0,
    samples: [],
    sides: { strategy: newTally(options.strategy), opponent: newTally(opponent) },
    gameIds: [],
    retried,
  };
  const fail = (e: unknown) => {
    const code = e instanceof BotError || e instanceof ApiError ? e.code : 'CLIENT_ERROR';
    summary.errors[code] = (summary.errors[code] ?? 0) + 1;
    if (EXPECTED_CODES.has(code)) return;
    summary.unexpected++;
    if (summary.samples.length < 5) summary.samples.push(describe(e));
  };

  const start = performance.now();
  const deadline = options.durationMs !== undefined ? start + options.durationMs : Infinity;
  let next = 0;
  const worker = async (slot: number) => {
    let bots: [Bot, Bot];
    // With several servers: the bots of odd slots sit on two different ones.
    const home = [clients[slot % clients.length], clients[(slot + (slot % 2)) % clients.length]];
    try {
      bots = [
        await createBot(home[0], `${options.strategy}-${slot}`, options.strategy, options.token),
        await createBot(home[1], `${opponent}-${slot}b`, opponent),
      ];
    } catch (e) {
      fail(e);
      return;
    }
    while (next < options.games && performance.now() < deadline && !options.stopped?.()) {
      const i = next++;
      try {
        await playOne(options, bots, i, summary);
        summary.games++;
      } catch (e) {
        summary.failedGames++;
        fail(e);
      }
      options.onGame?.(summary);
    }
  };
  const slots = Math.max(1, Math.min(options.concurrency, options.games));
  await Promise.all(Array.from({ length: slots }, (_, s) => worker(s)));
  summary.elapsedMs = performance.now() - start;
  return summary;
}

/**
 * Joins `gameId`. A join carries no Idempotency-Key, and the failover transport sends it again when
 * its answer was lost (the server died under it, a 503): if the first one was made, the repeat
 * is refused ALREADY_SEATED, which says the bot sits there: its view is the game as it is.
 */
async function joinOnce(client: SkatClient, gameId: string): Promise<GameView> {
  try {
    return await client.joinGame(gameId);
  } catch (e) {
    if (e instanceof ApiError && e.code === 'ALREADY_SEATED') return client.getGame(gameId);
    throw e;
  }
}

/** One game: the first bot creates it (seats alternate with `i`), the second joins; both play. */
async function playOne(options: RunnerOptions, [a, b]: [Bot, Bot], i: number, summary: RunSummary) {
  const aSeat: Seat = i % 2 === 0 ? 'forehand' : 'dealer';
  const body = {
    variant: options.variant ?? 'classic',
    seat: aSeat,
    ...(options.seed !== undefined ? { seed: practiceSeed(options.seed, i) } : {}),
  };
  // Over several servers a create may be sent again (failoverFetch): with its Idempotency-Key, so a
  // repeat gets the first game instead of making a second one nobody joins.
  const created = await (options.servers ? a.keyed : a.client).createGame(body);
  const gameId = created.id;
  const joined = await joinOnce(b.client, gameId);

  // When one bot fails, the other stops waiting.
  const abort = new AbortController();
  const idempotent = options.idempotency === 'all' || (options.idempotency === 'half' && i % 2 === 1);
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const play = (bot: Bot, view: GameView, side: number) =>
    playAs(bot, view, rng(seed * 2 + i * 4 + side + 1), summary, abort.signal, options, idempotent).catch((e) => {
      abort.abort();
      throw e;
    });
  const settled = await Promise.allSettled([play(a, created, 0), play(b, joined, 1)]);
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected' && !isAbort(s.reason));
  if (failure) throw failure.reason;
  const final = (settled[0] as PromiseFulfilledResult<GameView>).value;
  // biome-ignore lint/style/noNonNullAssertion: the loop above ends only when the game is finished, and a finished game has its result
  const result = final.result!;
  tally(summary.sides.strategy, aSeat, result);
  tally(summary.sides.opponent, aSeat === 'forehand' ? 'dealer' : 'forehand', result);
  summary.gameIds.push(gameId);
}

/** An error's message, with its cause (fetch's "fetch failed" hides the reason there). */
function describe(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = e.cause instanceof Error ? `: ${e.cause.message}` : '';
  return `${e.message}${cause}`;
}

const isAbort = (e: unknown) => e instanceof Error && e.name === 'AbortError';

/** One bot's side of a game: move when it is its turn, otherwise wait for the next view (stream or long poll). */
async function playAs(
  bot: Bot,
  first: GameView,
  pick: (n: number) => number,
  summary: RunSummary,
  signal: AbortSignal,
  { onMove, onAck, protocol }: RunnerOptions,
  idempotent: boolean,
): Promise<GameView> {
  const strategy = STRATEGIES[bot.strategy];
  const memory = newMemory();
  try {
    return await playGame(idempotent ? bot.keyed : bot.client, first, (view) => strategy(view, memory, pick), {
      signal,
      protocol,
      onView: (view) => remember(memory, view),
      onMove: (answer, ms) => {
        // On the stream a move is answered with its version alone (its events come on the stream).
        onAck?.({ gameId: first.id, version: answer.version, events: (answer.events ?? []).map((e) => ({ seq: e.seq, type: e.event.type })) });
        summary.latencies.push(ms);
        summary.moves++;
        onMove?.(ms);
      },
      // Someone moved first: the problem carried the current view, and the bot decides again.
      onConflict: () => {
        summary.errors.VERSION_CONFLICT = (summary.errors.VERSION_CONFLICT ?? 0) + 1;
      },
    });
  } catch (e) {
    if (e instanceof ApiError) throw new BotError(e.code, `${bot.name}: ${e.message}`);
    throw e;
  }
}

/** The summary as readable lines. */
export function formatSummary(s: RunSummary): string {
  const secs = s.elapsedMs / 1000;
  const lat = latencyStats(s.latencies);
  const f = (x: number) => x.toFixed(1);
  const side = (label: string, t: SideTally) =>
    `  ${label.padEnd(9)} ${t.strategy.padEnd(7)} score ${String(t.score).padStart(7)}  won ${t.won}/${s.games} (${pct(t.won, s.games)})  declared ${t.declared}, won ${t.declaredWon}`;
  const errors = Object.entries(s.errors)
    .map(([code, n]) => `${code} ${n}${EXPECTED_CODES.has(code) ? ' (expected, retried)' : ''}`)
    .join(', ');
  return [
    `games     ${s.games}${s.failedGames ? ` (+${s.failedGames} failed)` : ''} in ${f(secs)} s`,
    `moves     ${s.moves} (${Math.round(s.moves / Math.max(secs, 1e-9))} moves/s)`,
    `latency   p50 ${f(lat.p50)} ms  p95 ${f(lat.p95)} ms  p99 ${f(lat.p99)} ms  max ${f(lat.max)} ms (POST /moves round trip)`,
    `errors    ${errors || 'none'}`,
    ...s.samples.map((m) => `  ! ${m}`),
    'sides',
    side('strategy', s.sides.strategy),
    side('opponent', s.sides.opponent),
  ].join('\n');
}

const pct = (n: number, d: number) => (d === 0 ? '–' : `${Math.round((100 * n) / d)} %`);
