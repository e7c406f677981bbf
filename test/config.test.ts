import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/app/config.ts';
import { listeningOn } from '../src/app/listening.ts';
import { houseBotNames } from '../src/house/settings.ts';
import { ConfigError } from '../src/platform/settings.ts';

const ed25519 = { kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo', d: 'nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A' };
const externalAuth = { AUTH_JWKS_URL: 'https://idp.example/.well-known/jwks.json', AUTH_ISSUER: 'https://idp.example/', AUTH_AUDIENCE: 'skat' };

function problem(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has a default for everything', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      databasePoolSize: 10,
      databasePoolMode: 'session',
      databaseListenUrl: undefined,
      jwt: { issuer: 'offiziersskat', audience: 'offiziersskat', ttlSeconds: 2_592_000, privateKey: undefined },
      externalAuth: null,
      logLevel: 'info',
      maxWaiters: 1000,
      webConcurrency: 1,
      corsOrigins: '*',
      publicUrl: null,
      limits: {
        player: { points: 20_000, seconds: 60 },
        anonymous: { points: 3_000, seconds: 60 },
        signup: { points: 60, seconds: 3_600 },
        authFailures: { points: 30, seconds: 60 },
        pages: { points: 600, seconds: 60 },
        trustProxy: false,
        proxyHops: 1,
      },
      metrics: { enabled: false, token: null },
      retention: { idempotencyTtlSeconds: 86_400, sweepIntervalSeconds: 60 },
      tournaments: { tickMs: 1000, minuteMs: 60_000, restMs: 8000, maxPerAccount: 10, maxPerAddress: 20 },
      maxWaitersPerClient: 32,
      maxWaitersPerAddress: 100,
      analysis: { workers: 1, queueMax: 1000, maxPerAddress: 2, leaseMs: 30_000, pollMs: 2000, seatSamples: 40 },
      timeouts: {
        databaseConnectMs: 5000,
        databaseStatementMs: 5000,
        databaseAcquireMs: 5000,
        readyMs: 1000,
        httpHeadersMs: 10_000,
        httpRequestMs: 30_000,
        httpKeepAliveMs: 5000,
        shutdownMs: 8000,
      },
      accounts: { signin: { points: 10, seconds: 900 }, signinAddress: { points: 50, seconds: 900 }, signinUsernameAddress: { points: 10, seconds: 900 } },
      oauth: { endpoints: { points: 60, seconds: 60 }, userCodes: { points: 5, seconds: 60 } },
      games: { cacheSize: 1000, waitingTtlSeconds: 86_400 },
      ratings: { provisionalRd: 110 },
      seeks: { ttlSeconds: 900 },
      exports: { maxConcurrent: 16, maxPerAddress: 2, idleMs: 30_000, budget: { points: 10, seconds: 60 } },
      house: { bots: null, ladder: { gamesAtOnce: 1, pauseSeconds: 30 } },
    });
  });

  it('HOUSE_BOTS unset: every level on the embedded database, none on a PostgreSQL server; off: none anywhere', () => {
    const names = (env: Record<string, string>) => {
      const c = loadConfig(env);
      return houseBotNames(c.house, c.databaseUrl);
    };
    expect(names({})).toEqual(['all']);
    expect(names({ DATABASE_URL: 'memory://' })).toEqual(['all']);
    expect(names({ DATABASE_URL: 'postgres://skat@127.0.0.1/skat' })).toEqual([]);
    expect(names({ HOUSE_BOTS: 'off' })).toEqual([]);
    expect(names({ HOUSE_BOTS: 'greedy', DATABASE_URL: 'postgres://skat@127.0.0.1/skat' })).toEqual(['greedy']);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgresql://skat:secret@db:5432/skat',
      DATABASE_POOL_SIZE: '4',
      DATABASE_POOL_MODE: 'transaction',
      DATABASE_LISTEN_URL: 'postgresql://skat:secret@db-direct:5432/skat',
      JWT_ISSUER: 'me',
      JWT_AUDIENCE: 'you',
      JWT_TTL_SECONDS: '3600',
      JWT_PRIVATE_KEY: JSON.stringify(ed25519),
      ...externalAuth,
      LOG_LEVEL: 'silent',
      MAX_WAITERS: '0',
      GAME_CACHE_SIZE: '0',
      WEB_CONCURRENCY: '3',
      CORS_ORIGINS: 'https://play.example.com, http://localhost:5173',
      RATE_LIMIT_PLAYER: '100/10',
      RATE_LIMIT_ANONYMOUS: '0',
      RATE_LIMIT_SIGNUP: '5/60',
      TRUST_PROXY: '2',
      RATE_LIMIT_AUTH_FAILURES: '10/60',
      RATE_LIMIT_PAGES: '100/60',
      PUBLIC_URL: 'https://skat.example.com/',
      RATE_LIMIT_SIGNIN: '3/60',
      RATE_LIMIT_SIGNIN_ADDRESS: '0',
      RATE_LIMIT_SIGNIN_USERNAME_ADDRESS: '5/300',
      RATE_LIMIT_OAUTH: '120/60',
      RATE_LIMIT_USER_CODES: '3/60',
      RATE_LIMIT_EXPORT: '3/60',
      RATING_PROVISIONAL_RD: '200',
      WAITING_TTL_SECONDS: '600',
      SEEK_TTL_SECONDS: '120',
      TOURNAMENT_TICK_MS: '200',
      TOURNAMENT_MINUTE_MS: '1000',
      TOURNAMENT_REST_MS: '2500',
      TOURNAMENT_MAX_PER_ACCOUNT: '3',
      TOURNAMENT_MAX_PER_ADDRESS: '7',
      HOUSE_BOTS: 'Random, greedy',
      HOUSE_LADDER_GAMES: '0',
      HOUSE_LADDER_PAUSE_SECONDS: '5',
      IDEMPOTENCY_TTL_SECONDS: '3600',
      SWEEP_INTERVAL_SECONDS: '0',
      METRICS: 'on',
      METRICS_TOKEN: 'a-long-enough-metrics-token',
      MAX_WAITERS_PER_CLIENT: '4',
      MAX_WAITERS_PER_ADDRESS: '8',
      EXPORT_MAX_CONCURRENT: '4',
      EXPORT_MAX_PER_ADDRESS: '1',
      EXPORT_IDLE_MS: '5000',
      ANALYSIS_WORKERS: '0',
      ANALYSIS_QUEUE_MAX: '50',
      ANALYSIS_MAX_PER_ADDRESS: '3',
      ANALYSIS_LEASE_MS: '5000',
      ANALYSIS_POLL_MS: '500',
      ANALYSIS_SEAT_SAMPLES: '10',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      DATABASE_ACQUIRE_TIMEOUT_MS: '1500',
      READY_TIMEOUT_MS: '500',
      HTTP_HEADERS_TIMEOUT_MS: '3000',
      HTTP_REQUEST_TIMEOUT_MS: '6000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '7000',
      SHUTDOWN_TIMEOUT_MS: '20000',
    });
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgresql://skat:secret@db:5432/skat',
      databasePoolSize: 4,
      databasePoolMode: 'transaction',
      databaseListenUrl: 'postgresql://skat:secret@db-direct:5432/skat',
      jwt: { issuer: 'me', audience: 'you', ttlSeconds: 3600, privateKey: ed25519 },
      externalAuth: { jwksUrl: externalAuth.AUTH_JWKS_URL, issuer: externalAuth.AUTH_ISSUER, audience: 'skat' },
      logLevel: 'silent',
      maxWaiters: 0,
      webConcurrency: 3,
      corsOrigins: ['https://play.example.com', 'http://localhost:5173'],
      publicUrl: 'https://skat.example.com',
      limits: {
        player: { points: 100, seconds: 10 },
        anonymous: { points: 0, seconds: 1 },
        signup: { points: 5, seconds: 60 },
        authFailures: { points: 10, seconds: 60 },
        pages: { points: 100, seconds: 60 },
        trustProxy: true,
        proxyHops: 2,
      },
      metrics: { enabled: true, token: 'a-long-enough-metrics-token' },
      retention: { idempotencyTtlSeconds: 3600, sweepIntervalSeconds: 0 },
      tournaments: { tickMs: 200, minuteMs: 1000, restMs: 2500, maxPerAccount: 3, maxPerAddress: 7 },
      maxWaitersPerClient: 4,
      maxWaitersPerAddress: 8,
      analysis: { workers: 0, queueMax: 50, maxPerAddress: 3, leaseMs: 5000, pollMs: 500, seatSamples: 10 },
      timeouts: {
        databaseConnectMs: 2000,
        databaseStatementMs: 0,
        databaseAcquireMs: 1500,
        readyMs: 500,
        httpHeadersMs: 3000,
        httpRequestMs: 6000,
        httpKeepAliveMs: 7000,
        shutdownMs: 20_000,
      },
      accounts: { signin: { points: 3, seconds: 60 }, signinAddress: { points: 0, seconds: 1 }, signinUsernameAddress: { points: 5, seconds: 300 } },
      oauth: { endpoints: { points: 120, seconds: 60 }, userCodes: { points: 3, seconds: 60 } },
      games: { cacheSize: 0, waitingTtlSeconds: 600 },
      ratings: { provisionalRd: 200 },
      seeks: { ttlSeconds: 120 },
      exports: { maxConcurrent: 4, maxPerAddress: 1, idleMs: 5000, budget: { points: 3, seconds: 60 } },
      house: { bots: ['random', 'greedy'], ladder: { gamesAtOnce: 0, pauseSeconds: 5 } },
    });
  });

  it('takes memory:// and postgres:// database URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'memory://' }).databaseUrl).toBe('memory://');
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x' }).databaseUrl).toBe('postgres://localhost/x');
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x', WEB_CONCURRENCY: 'auto' }).webConcurrency).toBe(availableParallelism());
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', AUTH_ISSUER: ' ' })).toEqual(loadConfig({}));
  });

  /** The variables of a case, cut short for its name. */
  const shortly = (env: Record<string, string>) => {
    const text = Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    return text.length > 80 ? `${text.slice(0, 79)}…` : text;
  };
  it.each([
    [{ PORT: 'abc' }, 'PORT: expected an integer 0..65535, got "abc"'],
    [{ PORT: '70000' }, 'PORT: expected an integer 0..65535, got "70000"'],
    [{ PORT: '80.5' }, 'PORT: expected an integer 0..65535, got "80.5"'],
    [{ JWT_TTL_SECONDS: '-1' }, 'JWT_TTL_SECONDS: expected an integer 1..315360000, got "-1"'],
    [{ MAX_WAITERS: 'many' }, 'MAX_WAITERS: expected an integer 0..1000000, got "many"'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE: expected an integer 1..1000, got "0"'],
    [{ GAME_CACHE_SIZE: '-5' }, 'GAME_CACHE_SIZE: expected an integer 0..1000000, got "-5"'],
    [{ LOG_LEVEL: 'debug' }, 'LOG_LEVEL: expected info or silent, got "debug"'],
    [{ DATABASE_POOL_MODE: 'statement', DATABASE_URL: 'postgres://db/skat' }, 'DATABASE_POOL_MODE: expected session or transaction, got "statement"'],
    [
      { DATABASE_POOL_MODE: 'transaction', DATABASE_URL: 'postgres://pgbouncer/skat' },
      'DATABASE_LISTEN_URL: required with DATABASE_POOL_MODE=transaction (LISTEN, migrations and advisory locks need a session: a direct connection to Postgres)',
    ],
    [{ DATABASE_LISTEN_URL: 'postgres://db/skat' }, 'DATABASE_LISTEN_URL: only with DATABASE_URL=postgres://… (the embedded database has no pooler)'],
    [{ DATABASE_LISTEN_URL: 'mysql://db/skat', DATABASE_URL: 'postgres://db/skat' }, 'DATABASE_LISTEN_URL: expected a postgres://… URL (a direct connection to the database)'],
    [
      { DATABASE_URL: 'postgres://skat:secret@db1:5432,db2:5432/skat' },
      'DATABASE_URL: several hosts need target_session_attrs=primary (got none): without it a standby may be used; read-write is not checked against a standby by the driver',
    ],
    [
      { DATABASE_URL: 'postgres://skat:secret@db1,db2/skat?sslmode=require&target_session_attrs=read-write' },
      'DATABASE_URL: several hosts need target_session_attrs=primary (got "read-write"): without it a standby may be used; read-write is not checked against a standby by the driver',
    ],
    [
      { DATABASE_URL: 'postgres://db/skat', DATABASE_POOL_MODE: 'transaction', DATABASE_LISTEN_URL: 'postgres://db1,db2/skat?target_session_attrs=any' },
      'DATABASE_LISTEN_URL: several hosts need target_session_attrs=primary (got "any"): without it a standby may be used; read-write is not checked against a standby by the driver',
    ],
    [{ WEB_CONCURRENCY: '2' }, 'WEB_CONCURRENCY: 2 workers need a PostgreSQL server (DATABASE_URL=postgres://…); the embedded database serves one process'],
    [{ WEB_CONCURRENCY: 'many', DATABASE_URL: 'postgres://db/skat' }, 'WEB_CONCURRENCY: expected auto or an integer 1..256, got "many"'],
    [{ SHUTDOWN_TIMEOUT_MS: '5s' }, 'SHUTDOWN_TIMEOUT_MS: expected an integer 100..600000, got "5s"'],
    [{ MAX_WAITERS_PER_CLIENT: '0' }, 'MAX_WAITERS_PER_CLIENT: expected an integer 1..1000000, got "0"'],
    [{ HTTP_HEADERS_TIMEOUT_MS: '40000' }, 'HTTP_HEADERS_TIMEOUT_MS: expected at most HTTP_REQUEST_TIMEOUT_MS (30000), got 40000'],
    [{ AUTH_JWKS_URL: 'ftp://x', AUTH_ISSUER: 'i', AUTH_AUDIENCE: 'a' }, 'AUTH_JWKS_URL: expected an https URL (plain http only to a loopback host: localhost, 127.0.0.1, [::1])'],
    [{ AUTH_JWKS_URL: 'http://idp.example/jwks.json', AUTH_ISSUER: 'i', AUTH_AUDIENCE: 'a' }, 'AUTH_JWKS_URL: expected an https URL (plain http only to a loopback host: localhost, 127.0.0.1, [::1])'],
    [{ AUTH_JWKS_URL: 'not a url', AUTH_ISSUER: 'i', AUTH_AUDIENCE: 'a' }, 'AUTH_JWKS_URL: expected an https URL'],
    [{ AUTH_ISSUER: 'i' }, 'AUTH_JWKS_URL, AUTH_AUDIENCE: required when AUTH_ISSUER is set (set all three or none)'],
    [{ RATE_LIMIT_PLAYER: '100' }, 'RATE_LIMIT_PLAYER: expected points/seconds such as 600/60 (or 0 for no limit), got "100"'],
    [{ RATE_LIMIT_SIGNUP: '5/0' }, 'RATE_LIMIT_SIGNUP: expected points/seconds such as 600/60 (or 0 for no limit), got "5/0"'],
    [{ CORS_ORIGINS: 'play.example.com' }, 'CORS_ORIGINS: expected * or origins like https://play.example.com, got "play.example.com"'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY: expected true or false, or the number of proxies 0..16, got "yes"'],
    [{ METRICS: 'yes' }, 'METRICS: expected on or off, got "yes"'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN: at least 16 characters'],
    [{ WAITING_TTL_SECONDS: '5' }, 'WAITING_TTL_SECONDS: expected an integer 60..31536000, got "5"'],
    [{ HOUSE_LADDER_GAMES: 'two' }, 'HOUSE_LADDER_GAMES: expected an integer 0..100, got "two"'],
    [{ HOUSE_LADDER_GAMES: '-1' }, 'HOUSE_LADDER_GAMES: expected an integer 0..100, got "-1"'],
    [{ HOUSE_LADDER_PAUSE_SECONDS: '1m' }, 'HOUSE_LADDER_PAUSE_SECONDS: expected an integer 0..86400, got "1m"'],
  ].map(([env, message]) => [shortly(env as Record<string, string>), env, message]))('names the variable and the problem: %s', (_, env, message) => {
    expect(problem(env as Record<string, string>)).toBe(message);
  });

  it('takes one host, or several that insist on the primary', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://skat:a,b@db/skat' }).databaseUrl).toBe('postgres://skat:a,b@db/skat');
    expect(loadConfig({ DATABASE_URL: 'postgres://db1:5432,db2:5432/skat?target_session_attrs=primary' }).databaseUrl).toContain('db1:5432,db2:5432');
  });

  it('reports several problems on one line', () => {
    const message = problem({ PORT: 'x', LOG_LEVEL: 'loud' });
    expect(message).not.toContain('\n');
    expect(message).toContain('PORT: ');
    expect(message).toContain('LOG_LEVEL: ');
  });

  it('never echoes a database password', () => {
    const message = problem({ DATABASE_URL: 'mysql://root:hunter2@db/skat' });
    expect(message).toMatch(/^DATABASE_URL: expected memory:\/\//);
    expect(message).toContain('mysql:');
    expect(message).not.toContain('hunter2');
  });

  it.each([
    ['not json', 'not JSON'],
    [JSON.stringify({ kty: 'RSA', n: 'x', e: 'AQAB', d: 'y' }), 'Ed25519'],
    [JSON.stringify({ ...ed25519, d: undefined }), '"d"'],
  ].map(([key, hint]) => [hint, key]))('refuses a bad JWT_PRIVATE_KEY without echoing it (the message says %s)', (hint, key) => {
    const message = problem({ JWT_PRIVATE_KEY: key });
    expect(message).toMatch(/^JWT_PRIVATE_KEY: /);
    expect(message).toContain(hint);
    expect(message).not.toContain(ed25519.x);
  });
});

describe('AUTH_JWKS_URL', () => {
  it('is https, or plain http to this machine only', () => {
    const at = (url: string) => loadConfig({ AUTH_JWKS_URL: url, AUTH_ISSUER: 'i', AUTH_AUDIENCE: 'a' }).externalAuth?.jwksUrl;
    for (const url of ['https://idp.example/jwks.json', 'http://localhost:8080/jwks', 'http://127.0.0.1/jwks', 'http://[::1]:9000/jwks']) expect(at(url)).toBe(url);
    for (const url of ['http://idp.example/jwks.json', 'http://10.0.0.1/jwks', 'http://localhost.evil.example/jwks']) expect(() => at(url)).toThrow(/https/);
  });
});

describe('the start log’s address (HOST)', () => {
  it('names every address for 0.0.0.0 and ::, the address itself otherwise, each with a URL to open', () => {
    expect(listeningOn('0.0.0.0', 3000)).toEqual({ where: 'every IPv4 address (0.0.0.0) port 3000', url: 'http://127.0.0.1:3000' });
    expect(listeningOn('::', 3000)).toEqual({ where: 'every address (::) port 3000', url: 'http://localhost:3000' });
    expect(listeningOn('127.0.0.1', 8080)).toEqual({ where: '127.0.0.1 port 8080', url: 'http://127.0.0.1:8080' });
    expect(listeningOn('::1', 8080)).toEqual({ where: '[::1] port 8080', url: 'http://[::1]:8080' });
  });
});
