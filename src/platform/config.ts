// The platform's own settings: the server, the database, the tokens, the edge's budgets and
// limits. Each feature declares its own (src/<feature>/settings.ts); src/app/config.ts reads them
// all at once.

import type { JWK } from 'jose';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { type Budget, budget, fail, integer, oneOf, settings, text } from './settings.ts';

export type { Budget } from './settings.ts';

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

export interface PlatformConfig {
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
  /** Kept answers (to requests with an Idempotency-Key) go after this; how often a process sweeps. */
  retention: { idempotencyTtlSeconds: number; sweepIntervalSeconds: number };
  /** Long-polls and streams one client (a token's player, else an address) holds at most per process. */
  maxWaitersPerClient: number;
  /** Long-polls and streams one address holds at most per process, whatever tokens it uses. */
  maxWaitersPerAddress: number;
  /** Faults and abuse: every wait of a request is bounded (docs/operations.md, "Limits"). */
  timeouts: Timeouts;
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

const THIRTY_DAYS = 30 * 24 * 60 * 60;

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

const EXTERNAL_AUTH = ['AUTH_JWKS_URL', 'AUTH_ISSUER', 'AUTH_AUDIENCE'] as const;

export const platformSettings = settings(
  {
    PORT: integer(0, 65535, 3000), // 0: any free port,
    HOST: text('0.0.0.0'),
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: integer(1, 1000, 10),
    DATABASE_POOL_MODE: oneOf(['session', 'transaction'], 'session'),
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
    LOG_LEVEL: oneOf(['info', 'silent'], 'info'),
    MAX_WAITERS: integer(0, 1_000_000, 1000),
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
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((raw, ctx): number => {
        if (raw === undefined || raw === 'false' || raw === '0') return 0;
        if (raw === 'true') return 1;
        if (/^\d{1,2}$/.test(raw) && Number(raw) <= 16) return Number(raw);
        return fail(ctx, `expected true or false, or the number of proxies 0..16, got ${JSON.stringify(raw)}`);
      }),
    METRICS: oneOf(['on', 'off'], 'off'),
    METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
    IDEMPOTENCY_TTL_SECONDS: integer(60, 365 * 24 * 60 * 60, 24 * 60 * 60),
    SWEEP_INTERVAL_SECONDS: integer(0, 24 * 60 * 60, 60), // 0: no sweeps
    MAX_WAITERS_PER_CLIENT: integer(1, 1_000_000, 32),
    MAX_WAITERS_PER_ADDRESS: integer(1, 1_000_000, 100),
    DATABASE_CONNECT_TIMEOUT_MS: integer(100, 600_000, 5000),
    DATABASE_STATEMENT_TIMEOUT_MS: integer(0, 3_600_000, 5000),
    DATABASE_ACQUIRE_TIMEOUT_MS: integer(10, 600_000, 5000),
    READY_TIMEOUT_MS: integer(10, 60_000, 1000),
    HTTP_HEADERS_TIMEOUT_MS: integer(100, 600_000, 10_000),
    HTTP_REQUEST_TIMEOUT_MS: integer(100, 600_000, 30_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: integer(100, 600_000, 5000),
    SHUTDOWN_TIMEOUT_MS: integer(100, 600_000, 8000),
  },
  (e): PlatformConfig => ({
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
    externalAuth: e.AUTH_JWKS_URL && e.AUTH_ISSUER && e.AUTH_AUDIENCE ? { jwksUrl: e.AUTH_JWKS_URL, issuer: e.AUTH_ISSUER, audience: e.AUTH_AUDIENCE } : null,
    logLevel: e.LOG_LEVEL,
    maxWaiters: e.MAX_WAITERS,
    webConcurrency: e.WEB_CONCURRENCY,
    corsOrigins: e.CORS_ORIGINS,
    publicUrl: e.PUBLIC_URL,
    limits: {
      player: e.RATE_LIMIT_PLAYER,
      anonymous: e.RATE_LIMIT_ANONYMOUS,
      signup: e.RATE_LIMIT_SIGNUP,
      authFailures: e.RATE_LIMIT_AUTH_FAILURES,
      pages: e.RATE_LIMIT_PAGES,
      trustProxy: e.TRUST_PROXY > 0,
      proxyHops: Math.max(1, e.TRUST_PROXY),
    },
    metrics: { enabled: e.METRICS === 'on', token: e.METRICS_TOKEN ?? null },
    retention: { idempotencyTtlSeconds: e.IDEMPOTENCY_TTL_SECONDS, sweepIntervalSeconds: e.SWEEP_INTERVAL_SECONDS },
    maxWaitersPerClient: e.MAX_WAITERS_PER_CLIENT,
    maxWaitersPerAddress: e.MAX_WAITERS_PER_ADDRESS,
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
  }),
  (e) => {
    const given = EXTERNAL_AUTH.filter((name) => e[name] !== undefined);
    if (given.length > 0 && given.length < EXTERNAL_AUTH.length) {
      const missing = EXTERNAL_AUTH.filter((name) => e[name] === undefined);
      return `${missing.join(', ')}: required when ${given.join(', ')} is set (set all three or none)`;
    }
    const onServer = e.DATABASE_URL?.startsWith('postgres') ?? false;
    if (!onServer && (e.DATABASE_LISTEN_URL !== undefined || e.DATABASE_POOL_MODE === 'transaction'))
      return `${e.DATABASE_LISTEN_URL !== undefined ? 'DATABASE_LISTEN_URL' : 'DATABASE_POOL_MODE'}: only with DATABASE_URL=postgres://… (the embedded database has no pooler)`;
    for (const [name, url] of [
      ['DATABASE_URL', e.DATABASE_URL],
      ['DATABASE_LISTEN_URL', e.DATABASE_LISTEN_URL],
    ] as const) {
      const problem = url === undefined ? null : multiHostProblem(url);
      if (problem) return `${name}: ${problem}`;
    }
    if (e.DATABASE_POOL_MODE === 'transaction' && e.DATABASE_LISTEN_URL === undefined)
      return 'DATABASE_LISTEN_URL: required with DATABASE_POOL_MODE=transaction (LISTEN, migrations and advisory locks need a session: a direct connection to Postgres)';
    if (e.WEB_CONCURRENCY > 1 && !onServer)
      return `WEB_CONCURRENCY: ${e.WEB_CONCURRENCY} workers need a PostgreSQL server (DATABASE_URL=postgres://…); the embedded database serves one process`;
    if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS)
      return `HTTP_HEADERS_TIMEOUT_MS: expected at most HTTP_REQUEST_TIMEOUT_MS (${e.HTTP_REQUEST_TIMEOUT_MS}), got ${e.HTTP_HEADERS_TIMEOUT_MS}`;
    return null;
  },
);
