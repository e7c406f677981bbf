// Configuration comes only from the environment, checked once at start so a typo fails
// loudly with one line naming the variable, instead of surfacing later as odd behaviour.

import type { JWK } from 'jose';
import { availableParallelism } from 'node:os';
import { z } from 'zod';

/** A budget of `points` requests per `seconds`; 0 points: no limit. */
export interface Budget {
  points: number;
  seconds: number;
}

export interface LimitsConfig {
  /** Per player, for every call made with a token. */
  player: Budget;
  /** Per client address, for calls without a token. */
  anonymous: Budget;
  /** Per client address, for creating players. */
  signup: Budget;
  /** Per client address, for requests whose token fails (malformed, forged, expired, unknown player). */
  authFailures: Budget;
  /** Per client address, for what outside /v1 costs work: /openapi.json, /docs, /readyz, /metrics. */
  pages: Budget;
  /**
   * Sign-in attempts (a sign-in, a claim, a password change) per username from the addresses it
   * is not known at (where it was not made, claimed, signed in or changed its password lately):
   * many addresses guessing one password; the owner's own addresses are not held to it.
   */
  signin: Budget;
  /** Sign-in attempts per client address, whatever the username. */
  signinAddress: Budget;
  /** Sign-in attempts per username and client address, known or not: one address guessing one password. */
  signinUsernameAddress: Budget;
  /** The exports (GET …/games/export), per client address, and per player too with a token: each streams many games. */
  exports: Budget;
  /** Take the client address from X-Forwarded-For (behind a proxy the operator runs). */
  trustProxy: boolean;
  /**
   * How many proxies the operator runs in front (TRUST_PROXY=N; `true` is 1): the address is the
   * Nth X-Forwarded-For entry from the right, the one the outermost proxy saw and appended.
   */
  proxyHops: number;
}

export interface ExternalAuthConfig {
  jwksUrl: string;
  issuer: string;
  audience: string;
}

export interface AppConfig {
  port: number;
  host: string;
  /** undefined: embedded PGlite in ./.data; `memory://`: in-memory PGlite; else a postgres URL. */
  databaseUrl: string | undefined;
  /** Connections to a Postgres server one process keeps at most (postgres.js pipelines on them). */
  databasePoolSize: number;
  /**
   * A pooler in transaction mode between the service and Postgres (pgbouncer): no prepared
   * statements, no session settings; LISTEN, migrations and advisory locks go to `databaseListenUrl`.
   */
  databasePoolMode: 'session' | 'transaction';
  /** A direct session connection to the same database (default: DATABASE_URL). */
  databaseListenUrl: string | undefined;
  jwt: {
    issuer: string;
    audience: string;
    ttlSeconds: number;
    /** An Ed25519 private JWK; undefined: the service keeps a generated one in the database. */
    privateKey: JWK | undefined;
  };
  /** Another identity provider whose tokens are accepted too; null when not configured. */
  externalAuth: ExternalAuthConfig | null;
  logLevel: 'info' | 'silent';
  /** How many long-poll / stream waiters one process holds at most. */
  maxWaiters: number;
  /** How many games one process keeps a copy of (0: none; every request reads the database). */
  gameCacheSize: number;
  /** Worker processes serving one port (node:cluster; more than one only on a PostgreSQL server). */
  webConcurrency: number;
  /** Where clients reach this deployment (https://skat.example.com): the OpenAPI document's server; null: relative. */
  publicUrl: string | null;
  /** Origins a browser may call the API from ('*': any; the API uses bearer tokens, never cookies). */
  corsOrigins: '*' | string[];
  /** Rate limits (points per seconds; 0 points: none), and whether X-Forwarded-For names the client. */
  limits: LimitsConfig;
  /** GET /metrics: off, or on (behind `token` as a bearer token when one is set). */
  metrics: { enabled: boolean; token: string | null };
  /** Retention: a waiting game or match expires after this; kept answers go after idempotencyTtl. */
  retention: { waitingTtlSeconds: number; idempotencyTtlSeconds: number; sweepIntervalSeconds: number };
  /** How long a seek waits in the pairing pool at most (SEEK_TTL_SECONDS); the sweeper ends it after. */
  seekTtlSeconds: number;
  /**
   * The tournaments' directors: how often each process looks for tournaments to start, pair and
   * end (TOURNAMENT_TICK_MS), and how long an arena's minute lasts (TOURNAMENT_MINUTE_MS: 60000;
   * shorter only in tests, so an arena of "3 minutes" ends in seconds).
   */
  tournaments: { tickMs: number; minuteMs: number };
  /**
   * The tournaments not finished one account and one client address may have created
   * (TOURNAMENT_MAX_PER_ACCOUNT, TOURNAMENT_MAX_PER_ADDRESS). A running one costs the directors
   * nothing between its events (the due queue): these bound what one creator puts in the lists
   * and in the players' way, not the machine's load.
   */
  tournamentCaps: { perAccount: number; perAddress: number };
  /**
   * The house bots' levels (HOUSE_BOTS: `random,greedy,pimc,star`, or `all`, `on`, `1` for every level;
   * empty: none): bot accounts of the service that seek rated games in every variant (src/house).
   */
  houseBots: string[];
  /**
   * The house bots' ladder (src/house/ladder.ts): their rated games among themselves, at most
   * `gamesAtOnce` at a time (HOUSE_LADDER_GAMES, 0: no ladder), the next beginning `pauseSeconds`
   * after one began or ended (HOUSE_LADDER_PAUSE_SECONDS). Only with HOUSE_BOTS.
   */
  houseLadder: { gamesAtOnce: number; pauseSeconds: number };
  /** Long-polls and streams one client (a token's player, else an address) holds at most per process. */
  maxWaitersPerClient: number;
  /** Long-polls and streams one address holds at most per process, whatever tokens it uses. */
  maxWaitersPerAddress: number;
  /**
   * The exports one process streams at once (`maxConcurrent`), and one client address at most
   * (`maxPerAddress`); an export whose socket has not drained for `idleMs` is cut off. Each open
   * export holds a batch in memory and megabytes of socket buffers.
   */
  exports: { maxConcurrent: number; maxPerAddress: number; idleMs: number };
  /**
   * The computer analysis (src/analysis): worker threads per process (`workers`, 0: this process
   * analyses nothing), the jobs queued or running at once in all (`queueMax`) and per asking
   * address (`maxPerAddress`), the lease a claimed job holds (`leaseMs`: a dead process's job is
   * taken again after it), how often the queue is looked at (`pollMs`), the seat lens's worlds per card.
   */
  analysis: { workers: number; queueMax: number; maxPerAddress: number; leaseMs: number; pollMs: number; seatSamples: number };
  /** Faults and abuse: every wait of a request is bounded (docs/operations.md, "Limits"). */
  timeouts: Timeouts;
  /** A rating is provisional (kept off the leaderboards) while its RD is above this. */
  ratingProvisionalRd: number;
}

export interface Timeouts {
  /** Opening a connection to the Postgres server. */
  databaseConnectMs: number;
  /** One statement on the server (Postgres's statement_timeout; 0: none). */
  databaseStatementMs: number;
  /** Waiting for a pooled connection; a call that cannot start in time is answered 503. */
  databaseAcquireMs: number;
  /** How long /readyz waits for the database before it says not ready. */
  readyMs: number;
  /** Receiving a request's headers, and the whole request (node:http headersTimeout, requestTimeout). */
  httpHeadersMs: number;
  httpRequestMs: number;
  /** An idle keep-alive connection is closed after this long. */
  httpKeepAliveMs: number;
  /** A graceful shutdown (SIGTERM, SIGINT) that takes longer ends with the connections cut. */
  shutdownMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}

const THIRTY_DAYS = 30 * 24 * 60 * 60;

type Ctx = z.core.$RefinementCtx;
const fail = (ctx: Ctx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

const integer = (min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return fallback;
      const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(n) || n < min || n > max) {
        return fail(ctx, `expected an integer ${min}..${max}, got ${JSON.stringify(raw)}`);
      }
      return n;
    });

const text = (fallback: string) => z.string().optional().default(fallback);

// Never echo a URL that may carry a password: name its scheme only.
const databaseUrl = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    if (raw === 'memory://' || /^postgres(ql)?:\/\//.test(raw)) return raw;
    const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(raw)?.[0];
    return fail(
      ctx,
      `expected memory://, postgres://… or postgresql://… (or unset for ./.data), got ${scheme ? `a ${scheme}// URL` : 'no URL scheme'}`,
    );
  });

/**
 * Several hosts in one URL (postgres://h1,h2/db): postgres.js connects to the first that answers
 * with the session attributes asked for. Only `primary` is safe: without it the first host that
 * answers may be a standby (writes fail, reads lag), and `read-write` is checked by postgres.js
 * 3.4 against `default_transaction_read_only` only, which is `off` on a standby too. Even
 * `primary` is checked only as a connection starts (docs/operations.md: behind Patroni, route
 * through HAProxy instead). Names no host, user or password.
 */
export function multiHostProblem(url: string): string | null {
  const authority = url.slice(url.indexOf('://') + 3).split(/[/?]/)[0] ?? '';
  if (!authority.slice(authority.lastIndexOf('@') + 1).includes(',')) return null;
  const attrs = /[?&]target_session_attrs=([^&]*)/.exec(url)?.[1];
  if (attrs === 'primary') return null;
  return `several hosts need target_session_attrs=primary (got ${attrs === undefined ? 'none' : JSON.stringify(decodeURIComponent(attrs))}): without it a standby may be used; read-write is not checked against a standby by the driver`;
}

// A secret: the message says what is wrong, never what was given.
const privateKey = z
  .string()
  .optional()
  .transform((raw, ctx): JWK | undefined => {
    if (raw === undefined) return undefined;
    let jwk: unknown;
    try {
      jwk = JSON.parse(raw);
    } catch {
      return fail(ctx, 'expected a JWK JSON string, got text that is not JSON');
    }
    const k = jwk as Record<string, unknown>;
    if (typeof jwk !== 'object' || jwk === null || k.kty !== 'OKP' || k.crv !== 'Ed25519') {
      return fail(ctx, 'expected an Ed25519 JWK (kty "OKP", crv "Ed25519")');
    }
    if (typeof k.d !== 'string' || typeof k.x !== 'string') {
      return fail(ctx, 'expected a private JWK with both "d" and "x"');
    }
    return k as JWK;
  });

/** A rate limit as `points/seconds` (e.g. `600/60`), or `0` for none. */
const budget = (fallback: Budget) =>
  z
    .string()
    .optional()
    .transform((raw, ctx): Budget => {
      if (raw === undefined) return fallback;
      if (raw.trim() === '0') return { points: 0, seconds: 1 };
      const m = /^(\d{1,9})\/(\d{1,7})$/.exec(raw.trim());
      if (!m || Number(m[2]) < 1) return fail(ctx, `expected points/seconds such as 600/60 (or 0 for no limit), got ${JSON.stringify(raw)}`);
      return { points: Number(m[1]), seconds: Number(m[2]) };
    });

/** `*`, or a comma-separated list of origins (scheme://host[:port]). */
const origins = z
  .string()
  .optional()
  .transform((raw, ctx): '*' | string[] => {
    if (raw === undefined || raw.trim() === '*') return '*';
    const list = raw.split(',').map((o) => o.trim()).filter(Boolean);
    const bad = list.find((o) => !/^https?:\/\/[^/\s]+$/.test(o));
    if (bad !== undefined) return fail(ctx, `expected * or origins like https://play.example.com, got ${JSON.stringify(bad)}`);
    return list;
  });

/** Hosts where plain http cannot be read or changed on the way: this machine only. */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** The provider's key set decides who may act as whom: https, or plain http to this machine only. */
const jwksUrl = z
  .string()
  .optional()
  .superRefine((raw, ctx) => {
    if (raw === undefined) return;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'expected an https URL' });
      return;
    }
    if (url.protocol === 'https:') return;
    if (url.protocol === 'http:' && LOOPBACK.test(url.hostname)) return;
    ctx.addIssue({ code: 'custom', message: 'expected an https URL (plain http only to a loopback host: localhost, 127.0.0.1, [::1])' });
  });

const schema = z.object({
  PORT: integer(0, 65535, 3000), // 0: any free port,
  HOST: text('0.0.0.0'),
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_SIZE: integer(1, 1000, 10),
  DATABASE_POOL_MODE: z
    .enum(['session', 'transaction'], { error: (iss) => `expected session or transaction, got ${JSON.stringify(iss.input)}` })
    .optional()
    .default('session'),
  DATABASE_LISTEN_URL: z
    .string()
    .optional()
    .refine((raw) => raw === undefined || /^postgres(ql)?:\/\//.test(raw), { message: 'expected a postgres://… URL (a direct connection to the database)' }),
  JWT_ISSUER: text('offiziersskat'),
  JWT_AUDIENCE: text('offiziersskat'),
  JWT_TTL_SECONDS: integer(1, 10 * 365 * 24 * 60 * 60, THIRTY_DAYS),
  JWT_PRIVATE_KEY: privateKey,
  AUTH_JWKS_URL: jwksUrl,
  AUTH_ISSUER: z.string().optional(),
  AUTH_AUDIENCE: z.string().optional(),
  LOG_LEVEL: z
    .enum(['info', 'silent'], { error: (iss) => `expected info or silent, got ${JSON.stringify(iss.input)}` })
    .optional()
    .default('info'),
  MAX_WAITERS: integer(0, 1_000_000, 1000),
  GAME_CACHE_SIZE: integer(0, 1_000_000, 1000),
  WEB_CONCURRENCY: z
    .string()
    .optional()
    .transform((raw, ctx): number => {
      if (raw === undefined) return 1;
      if (raw.trim() === 'auto') return availableParallelism();
      if (!/^\d{1,3}$/.test(raw.trim()) || Number(raw) < 1 || Number(raw) > 256) return fail(ctx, `expected auto or an integer 1..256, got ${JSON.stringify(raw)}`);
      return Number(raw);
    }),
  CORS_ORIGINS: origins,
  PUBLIC_URL: z
    .string()
    .optional()
    .refine((raw) => raw === undefined || /^https?:\/\/[^/\s?#]+(\/[^\s?#]*)?$/.test(raw), { message: 'expected an http(s) URL without query or fragment, such as https://skat.example.com' })
    .transform((raw) => (raw === undefined ? null : raw.replace(/\/+$/, ''))),
  RATE_LIMIT_PLAYER: budget({ points: 20_000, seconds: 60 }),
  RATE_LIMIT_ANONYMOUS: budget({ points: 3_000, seconds: 60 }),
  RATE_LIMIT_SIGNUP: budget({ points: 60, seconds: 3_600 }),
  RATE_LIMIT_AUTH_FAILURES: budget({ points: 30, seconds: 60 }),
  RATE_LIMIT_PAGES: budget({ points: 600, seconds: 60 }),
  RATE_LIMIT_SIGNIN: budget({ points: 10, seconds: 900 }),
  RATE_LIMIT_SIGNIN_ADDRESS: budget({ points: 50, seconds: 900 }),
  RATE_LIMIT_SIGNIN_USERNAME_ADDRESS: budget({ points: 10, seconds: 900 }),
  RATE_LIMIT_EXPORT: budget({ points: 10, seconds: 60 }),
  RATING_PROVISIONAL_RD: integer(0, 350, 110),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, ctx): number => {
      if (raw === undefined || raw === 'false' || raw === '0') return 0;
      if (raw === 'true') return 1;
      if (/^\d{1,2}$/.test(raw) && Number(raw) <= 16) return Number(raw);
      return fail(ctx, `expected true or false, or the number of proxies 0..16, got ${JSON.stringify(raw)}`);
    }),
  METRICS: z
    .enum(['on', 'off'], { error: (iss) => `expected on or off, got ${JSON.stringify(iss.input)}` })
    .optional()
    .default('off'),
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  WAITING_TTL_SECONDS: integer(60, 365 * 24 * 60 * 60, 24 * 60 * 60),
  IDEMPOTENCY_TTL_SECONDS: integer(60, 365 * 24 * 60 * 60, 24 * 60 * 60),
  SWEEP_INTERVAL_SECONDS: integer(0, 24 * 60 * 60, 60), // 0: no sweeps
  SEEK_TTL_SECONDS: integer(10, 24 * 60 * 60, 15 * 60),
  TOURNAMENT_TICK_MS: integer(20, 60_000, 1000),
  TOURNAMENT_MINUTE_MS: integer(100, 60_000, 60_000),
  TOURNAMENT_MAX_PER_ACCOUNT: integer(1, 10_000, 10),
  TOURNAMENT_MAX_PER_ADDRESS: integer(1, 100_000, 20),
  HOUSE_BOTS: z
    .string()
    .optional()
    .transform((raw, ctx): string[] => {
      const text = (raw ?? '').trim().toLowerCase();
      if (text === '' || text === '0' || text === 'off' || text === 'false') return [];
      if (text === '1' || text === 'on' || text === 'true' || text === 'all') return ['all'];
      const names = text.split(',').map((n) => n.trim());
      if (names.every((n) => /^[a-z0-9-]{1,24}$/.test(n))) return [...new Set(names)];
      return fail(ctx, `expected level names separated by commas (random,greedy,pimc), all, or off, got ${JSON.stringify(raw)}`);
    }),
  HOUSE_LADDER_GAMES: integer(0, 100, 1),
  HOUSE_LADDER_PAUSE_SECONDS: integer(0, 24 * 60 * 60, 30),
  MAX_WAITERS_PER_CLIENT: integer(1, 1_000_000, 32),
  MAX_WAITERS_PER_ADDRESS: integer(1, 1_000_000, 100),
  EXPORT_MAX_CONCURRENT: integer(1, 10_000, 16),
  EXPORT_MAX_PER_ADDRESS: integer(1, 10_000, 2),
  EXPORT_IDLE_MS: integer(100, 3_600_000, 30_000),
  ANALYSIS_WORKERS: integer(0, 64, 1),
  ANALYSIS_QUEUE_MAX: integer(1, 1_000_000, 1000),
  ANALYSIS_MAX_PER_ADDRESS: integer(1, 10_000, 2),
  ANALYSIS_LEASE_MS: integer(100, 3_600_000, 30_000),
  ANALYSIS_POLL_MS: integer(10, 600_000, 2000),
  ANALYSIS_SEAT_SAMPLES: integer(1, 1000, 40),
  DATABASE_CONNECT_TIMEOUT_MS: integer(100, 600_000, 5000),
  DATABASE_STATEMENT_TIMEOUT_MS: integer(0, 3_600_000, 5000),
  DATABASE_ACQUIRE_TIMEOUT_MS: integer(10, 600_000, 5000),
  READY_TIMEOUT_MS: integer(10, 60_000, 1000),
  HTTP_HEADERS_TIMEOUT_MS: integer(100, 600_000, 10_000),
  HTTP_REQUEST_TIMEOUT_MS: integer(100, 600_000, 30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: integer(100, 600_000, 5000),
  SHUTDOWN_TIMEOUT_MS: integer(100, 600_000, 8000),
});

const EXTERNAL_AUTH = ['AUTH_JWKS_URL', 'AUTH_ISSUER', 'AUTH_AUDIENCE'] as const;

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // An empty variable (`FOO=` in a compose file) means "not set", not "set to nothing".
  const input: Record<string, string | undefined> = {};
  for (const name of Object.keys(schema.shape)) {
    const value = env[name];
    input[name] = value === undefined || value.trim() === '' ? undefined : value;
  }

  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;

  const given = EXTERNAL_AUTH.filter((name) => e[name] !== undefined);
  if (given.length > 0 && given.length < EXTERNAL_AUTH.length) {
    const missing = EXTERNAL_AUTH.filter((name) => e[name] === undefined);
    throw new ConfigError([`${missing.join(', ')}: required when ${given.join(', ')} is set (set all three or none)`]);
  }

  const onServer = e.DATABASE_URL?.startsWith('postgres') ?? false;
  if (!onServer && (e.DATABASE_LISTEN_URL !== undefined || e.DATABASE_POOL_MODE === 'transaction')) {
    throw new ConfigError([
      `${e.DATABASE_LISTEN_URL !== undefined ? 'DATABASE_LISTEN_URL' : 'DATABASE_POOL_MODE'}: only with DATABASE_URL=postgres://… (the embedded database has no pooler)`,
    ]);
  }
  for (const [name, url] of [['DATABASE_URL', e.DATABASE_URL], ['DATABASE_LISTEN_URL', e.DATABASE_LISTEN_URL]] as const) {
    const problem = url === undefined ? null : multiHostProblem(url);
    if (problem) throw new ConfigError([`${name}: ${problem}`]);
  }
  if (e.DATABASE_POOL_MODE === 'transaction' && e.DATABASE_LISTEN_URL === undefined) {
    throw new ConfigError([
      'DATABASE_LISTEN_URL: required with DATABASE_POOL_MODE=transaction (LISTEN, migrations and advisory locks need a session: a direct connection to Postgres)',
    ]);
  }

  if (e.WEB_CONCURRENCY > 1 && !onServer) {
    throw new ConfigError([
      `WEB_CONCURRENCY: ${e.WEB_CONCURRENCY} workers need a PostgreSQL server (DATABASE_URL=postgres://…); the embedded database serves one process`,
    ]);
  }

  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError([
      `HTTP_HEADERS_TIMEOUT_MS: expected at most HTTP_REQUEST_TIMEOUT_MS (${e.HTTP_REQUEST_TIMEOUT_MS}), got ${e.HTTP_HEADERS_TIMEOUT_MS}`,
    ]);
  }

  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePoolMode: e.DATABASE_POOL_MODE,
    databaseListenUrl: e.DATABASE_LISTEN_URL,
    jwt: {
      issuer: e.JWT_ISSUER,
      audience: e.JWT_AUDIENCE,
      ttlSeconds: e.JWT_TTL_SECONDS,
      privateKey: e.JWT_PRIVATE_KEY,
    },
    externalAuth:
      e.AUTH_JWKS_URL && e.AUTH_ISSUER && e.AUTH_AUDIENCE
        ? { jwksUrl: e.AUTH_JWKS_URL, issuer: e.AUTH_ISSUER, audience: e.AUTH_AUDIENCE }
        : null,
    logLevel: e.LOG_LEVEL,
    maxWaiters: e.MAX_WAITERS,
    gameCacheSize: e.GAME_CACHE_SIZE,
    webConcurrency: e.WEB_CONCURRENCY,
    corsOrigins: e.CORS_ORIGINS,
    publicUrl: e.PUBLIC_URL,
    limits: {
      player: e.RATE_LIMIT_PLAYER,
      anonymous: e.RATE_LIMIT_ANONYMOUS,
      signup: e.RATE_LIMIT_SIGNUP,
      authFailures: e.RATE_LIMIT_AUTH_FAILURES,
      pages: e.RATE_LIMIT_PAGES,
      signin: e.RATE_LIMIT_SIGNIN,
      signinAddress: e.RATE_LIMIT_SIGNIN_ADDRESS,
      signinUsernameAddress: e.RATE_LIMIT_SIGNIN_USERNAME_ADDRESS,
      exports: e.RATE_LIMIT_EXPORT,
      trustProxy: e.TRUST_PROXY > 0,
      proxyHops: Math.max(1, e.TRUST_PROXY),
    },
    metrics: { enabled: e.METRICS === 'on', token: e.METRICS_TOKEN ?? null },
    retention: {
      waitingTtlSeconds: e.WAITING_TTL_SECONDS,
      idempotencyTtlSeconds: e.IDEMPOTENCY_TTL_SECONDS,
      sweepIntervalSeconds: e.SWEEP_INTERVAL_SECONDS,
    },
    seekTtlSeconds: e.SEEK_TTL_SECONDS,
    tournaments: { tickMs: e.TOURNAMENT_TICK_MS, minuteMs: e.TOURNAMENT_MINUTE_MS },
    tournamentCaps: { perAccount: e.TOURNAMENT_MAX_PER_ACCOUNT, perAddress: e.TOURNAMENT_MAX_PER_ADDRESS },
    houseBots: e.HOUSE_BOTS,
    houseLadder: { gamesAtOnce: e.HOUSE_LADDER_GAMES, pauseSeconds: e.HOUSE_LADDER_PAUSE_SECONDS },
    maxWaitersPerClient: e.MAX_WAITERS_PER_CLIENT,
    maxWaitersPerAddress: e.MAX_WAITERS_PER_ADDRESS,
    exports: { maxConcurrent: e.EXPORT_MAX_CONCURRENT, maxPerAddress: e.EXPORT_MAX_PER_ADDRESS, idleMs: e.EXPORT_IDLE_MS },
    analysis: {
      workers: e.ANALYSIS_WORKERS,
      queueMax: e.ANALYSIS_QUEUE_MAX,
      maxPerAddress: e.ANALYSIS_MAX_PER_ADDRESS,
      leaseMs: e.ANALYSIS_LEASE_MS,
      pollMs: e.ANALYSIS_POLL_MS,
      seatSamples: e.ANALYSIS_SEAT_SAMPLES,
    },
    timeouts: {
      databaseConnectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      databaseStatementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      databaseAcquireMs: e.DATABASE_ACQUIRE_TIMEOUT_MS,
      readyMs: e.READY_TIMEOUT_MS,
      httpHeadersMs: e.HTTP_HEADERS_TIMEOUT_MS,
      httpRequestMs: e.HTTP_REQUEST_TIMEOUT_MS,
      httpKeepAliveMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      shutdownMs: e.SHUTDOWN_TIMEOUT_MS,
    },
    ratingProvisionalRd: e.RATING_PROVISIONAL_RD,
  };
}
