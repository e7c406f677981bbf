// The bot runner's engine: pairs of bots play whole games against a server through the public
// HTTP API only, with the project's client module (src/client: typed from the OpenAPI document).
// A bot waits for its opponent with the long poll (`GET /v1/games/{id}?waitForVersion=N`),
// never a sleep loop. Used by `npm run bot` (src/cli/bot.ts) and `npm run bench:http`.
import { ApiError, createClient, playGame, type FetchLike, type GameView, type SkatClient } from '../client/index.ts';
import { newTally, tally, type SideTally } from './selfplay.ts';
import { newMemory, remember, rng, STRATEGIES, type StrategyName } from './strategy.ts';
import { keepAliveFetch, PlainRequest } from './transport.ts';

export type { GameView, Problem } from '../client/index.ts';
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
  /** Called after each finished (or failed) game. */
  onGame?: (summary: RunSummary) => void;
  /** Called after each accepted move with its round-trip time in ms (benchmarks window on it). */
  onMove?: (latencyMs: number) => void;
  /** Another fetch (tests); without it, requests go over node:http keep-alive sockets. */
  fetch?: (input: Request) => Promise<Response>;
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
  /** The client acting for this bot's player. */
  client: SkatClient;
}

async function createBot(client: SkatClient, name: string, strategy: StrategyName): Promise<Bot> {
  const player = await client.createPlayer(name);
  return { name, strategy, client: client.withToken(player.token) };
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

export async function runBots(options: RunnerOptions): Promise<RunSummary> {
  const opponent = options.opponent ?? options.strategy;
  const client = createClient({
    baseUrl: options.server,
    // Moves pin expectedVersion, so a repeat is refused (409), never made twice; without an
    // Idempotency-Key the service takes its group-commit path (a key is one more row per move).
    idempotencyKeys: false,
    ...(options.fetch
      ? { fetch: options.fetch }
      : { fetch: keepAliveFetch() as unknown as FetchLike, Request: PlainRequest as unknown as typeof Request }),
  });
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
    try {
      bots = [
        await createBot(client, `${options.strategy}-${slot}`, options.strategy),
        await createBot(client, `${opponent}-${slot}b`, opponent),
      ];
    } catch (e) {
      fail(e);
      return;
    }
    while (next < options.games && performance.now() < deadline) {
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

/** One game: the first bot creates it (seats alternate with `i`), the second joins; both play. */
async function playOne(options: RunnerOptions, [a, b]: [Bot, Bot], i: number, summary: RunSummary) {
  const aSeat: Seat = i % 2 === 0 ? 'forehand' : 'dealer';
  const body = {
    variant: options.variant ?? 'classic',
    seat: aSeat,
    ...(options.seed !== undefined ? { seed: practiceSeed(options.seed, i) } : {}),
  };
  const created = await a.client.createGame(body);
  const gameId = created.id;
  const joined = await b.client.joinGame(gameId);

  // When one bot fails, the other stops waiting.
  const abort = new AbortController();
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const play = (bot: Bot, view: GameView, side: number) =>
    playAs(bot, view, rng(seed * 2 + i * 4 + side + 1), summary, abort.signal, options.onMove).catch((e) => {
      abort.abort();
      throw e;
    });
  const settled = await Promise.allSettled([play(a, created, 0), play(b, joined, 1)]);
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected' && !isAbort(s.reason));
  if (failure) throw failure.reason;
  const final = (settled[0] as PromiseFulfilledResult<GameView>).value;
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

/** One bot's side of a game: move when it is its turn, otherwise long-poll for the next version. */
async function playAs(
  bot: Bot,
  first: GameView,
  pick: (n: number) => number,
  summary: RunSummary,
  signal: AbortSignal,
  onMove?: (latencyMs: number) => void,
): Promise<GameView> {
  const strategy = STRATEGIES[bot.strategy];
  const memory = newMemory();
  try {
    return await playGame(bot.client, first, (view) => strategy(view, memory, pick), {
      signal,
      onView: (view) => remember(memory, view),
      onMove: (_answer, ms) => {
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
