// The composition root: configuration → database → stores → application layer → app → server.
import { serve, type ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import { Server as NetServer, type AddressInfo } from 'node:net';
import type { AppConfig } from './config.ts';
import { AccountService } from './accounts/service.ts';
import { loadKeys } from './accounts/keyring.ts';
import { forgetChangedProfiles } from './accounts/profiles.ts';
import { RevocationCache } from './accounts/revocations.ts';
import { generateSigningKey, keyFromPrivateJwk } from './auth/keys.ts';
import { AccountStore } from './db/accounts.ts';
import { TokenService } from './auth/tokens.ts';
import { isReady, openDatabase, type Database } from './db/client.ts';
import { GameStore } from './db/games.ts';
import { MatchStore } from './db/matches.ts';
import { MoveBatcher } from './db/move-batch.ts';
import { PgNotifier, type Notifier } from './db/notifier.ts';
import { PlayerEventStore } from './db/player-events.ts';
import { PlayerStore } from './db/players.ts';
import { GameCache } from './games/cache.ts';
import { cryptoRandomness, type Randomness } from './games/randomness.ts';
import { GameRepository } from './games/repository.ts';
import { GameService } from './games/service.ts';
import { createApp } from './http/app.ts';
import { answerClientErrors } from './http/client-errors.ts';
import { DEFAULT_TIMING, type AppDeps } from './http/deps.ts';
import { ServiceMetrics } from './http/metrics.ts';
import { jsonLogger, type Logger } from './log.ts';
import { MatchService } from './matches/service.ts';
import { PlayerService } from './players/service.ts';
import { Sweeper } from './sweeper.ts';

export interface ServiceOptions {
  log?: Logger;
  random?: Randomness;
  /** Use this database instead of opening one from the configuration (tests). */
  database?: Database;
  now?: () => Date;
  timing?: Partial<AppDeps['timing']>;
  /** Another game cache (tests: one that misses announcements). */
  gameCache?: GameCache;
  /** Whether the process is shutting down (startService sets it). */
  stopping?: () => boolean;
}

/** What the service is made of below the HTTP app (tests look at some of it). */
export interface ServiceParts {
  database: Database;
  players: PlayerStore;
  gameStore: GameStore;
  matchStore: MatchStore;
  cache: GameCache;
  notifier: Notifier;
  sweeper: Sweeper;
  /** The revoked tokens, kept fresh across processes (src/accounts/revocations.ts). */
  revocations: RevocationCache;
}

export async function buildService(config: AppConfig, options: ServiceOptions = {}): Promise<{ deps: AppDeps; parts: ServiceParts }> {
  const { timeouts } = config;
  const database =
    options.database ??
    (await openDatabase(config.databaseUrl, {
      poolSize: config.databasePoolSize,
      transactionPooling: config.databasePoolMode === 'transaction',
      sessionUrl: config.databaseListenUrl,
      connectTimeoutMs: timeouts.databaseConnectMs,
      limits: { acquireMs: timeouts.databaseAcquireMs, statementMs: timeouts.databaseStatementMs },
    }));
  const players = new PlayerStore(database.db);
  // Plain moves in group commits, on half the pool's connections at most.
  const batcher = new MoveBatcher(database, Math.max(1, Math.floor(config.databasePoolSize / 2)));
  const gameStore = new GameStore(database, batcher);
  const matchStore = new MatchStore(database.db);
  const key = config.jwt.privateKey
    ? await keyFromPrivateJwk(JSON.stringify(config.jwt.privateKey))
    : await players.getOrCreateSigningKey(generateSigningKey);
  const tokens = new TokenService({
    key,
    issuer: config.jwt.issuer,
    audience: config.jwt.audience,
    ttlSeconds: config.jwt.ttlSeconds,
    external: config.externalAuth ?? undefined,
    now: options.now,
  });
  const notifier = await PgNotifier.start(database, config.maxWaiters, config.maxWaitersPerClient, config.maxWaitersPerAddress);
  const cache = options.gameCache ?? new GameCache(config.gameCacheSize);
  notifier.observe(cache);
  notifier.observe(forgetChangedProfiles(players));
  const accountStore = new AccountStore(database.db);
  const clock = options.now ?? (() => new Date());
  const legacyTtlMs = config.jwt.ttlSeconds * 1000;
  // Keys kept in the database rotate (npm run keys:rotate): read again with every refresh of the revocations.
  const onRefresh = config.jwt.privateKey ? undefined : () => loadKeys({ store: accountStore, tokens, now: clock, legacyTtlMs });
  const revocations = new RevocationCache({ store: accountStore, notifier, now: clock, legacyTtlMs, onRefresh });
  tokens.setRevocations(revocations);
  await revocations.start();

  const log = options.log ?? jsonLogger(config.logLevel);
  const random = options.random ?? cryptoRandomness;
  const now = options.now ?? (() => new Date());
  const matches = new MatchService({ store: matchStore, players, notifier, random, now, log });
  const repository = new GameRepository(gameStore, cache, notifier);
  const games = new GameService({ repository, players, notifier, random, now, onFinished: (game, requestId) => matches.gameFinished(game, requestId) });
  const { retention } = config;
  const sweeper = new Sweeper({
    database,
    games,
    repository,
    matches,
    now,
    log,
    waitingTtlMs: retention.waitingTtlSeconds * 1000,
    idempotencyTtlMs: retention.idempotencyTtlSeconds * 1000,
  });
  const metrics = new ServiceMetrics({ cache, notifier, database });
  batcher.onBatch = (size) => metrics.batched(size);
  return {
    deps: {
      config,
      log,
      metrics,
      tokens,
      players: new PlayerService({ db: database.db, players, events: new PlayerEventStore(database.db), notifier }),
      accounts: new AccountService({ store: accountStore, players, tokens, revocations, notifier, now: clock }),
      games,
      matches,
      ready: async () => !options.stopping?.() && (await isReady(database, timeouts.readyMs)),
      stopping: options.stopping,
      timing: { ...DEFAULT_TIMING, ...options.timing },
    },
    parts: { database, players, gameStore, matchStore, cache, notifier, sweeper, revocations },
  };
}

/** How long a shutting-down process keeps idle connections open after the last answer. */
const LINGER_MS = 250;

export interface RunningService {
  deps: AppDeps;
  parts: ServiceParts;
  url: string;
  server: ServerType;
  /** Requests being answered now (streams included). */
  inFlight(): number;
  /**
   * The graceful shutdown (SIGTERM, SIGINT): takes no new work (503 SHUTTING_DOWN) and says not
   * ready; lets waiters go (a long poll answers what it has, a stream ends with a `retry:` hint);
   * lets the requests in flight finish (and with them the group commits they wait for); then stops
   * listening, sends the last announcements, closes the connections and the database. True when all of it took less than `timeoutMs`; else the
   * connections are cut at `timeoutMs` and it resolves false.
   */
  shutdown(timeoutMs: number): Promise<boolean>;
  /** Stops at once: wakes waiters, cuts connections, closes the database (unless handed in). */
  close(): Promise<void>;
}

export async function startService(config: AppConfig, options: ServiceOptions = {}): Promise<RunningService> {
  let stopping = false;
  const { deps, parts } = await buildService(config, { stopping: () => stopping, ...options });
  const app = createApp(deps);
  parts.sweeper.start(config.retention.sweepIntervalSeconds * 1000);
  const { timeouts } = config;
  const listening = new Promise<ServerType>((resolve, reject) => {
    const s = serve(
      {
        fetch: app.fetch,
        port: config.port,
        hostname: config.host,
        serverOptions: {
          // Against slow clients: the headers, and the whole request, must arrive in time (a
          // long poll or a stream is a request received at once, answered late: not cut).
          headersTimeout: timeouts.httpHeadersMs,
          requestTimeout: timeouts.httpRequestMs,
          // How often node looks for requests past those times (default 30 s).
          connectionsCheckingInterval: Math.min(1000, timeouts.httpHeadersMs),
        },
      },
      () => {
        s.off('error', reject);
        resolve(s);
      },
    );
    // A port in use (EADDRINUSE) or not ours to take (EACCES): the start fails, nothing is left open.
    s.once('error', reject);
  });
  let server: ServerType;
  try {
    server = await listening;
  } catch (e) {
    await parts.sweeper.stop();
    parts.revocations.stop();
    await parts.notifier.close();
    if (!options.database) await parts.database.close();
    throw e;
  }
  const http = server as Server;
  http.keepAliveTimeout = timeouts.httpKeepAliveMs;
  answerClientErrors(http, deps.log);
  let active = 0;
  let idle: (() => void) | null = null;
  http.on('request', (_req, res) => {
    active++;
    res.once('close', () => {
      active--;
      if (active === 0) idle?.();
    });
  });
  const allAnswered = () => new Promise<void>((resolve) => (active === 0 ? resolve() : (idle = resolve)));

  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const closeDatabase = async () => {
    if (!options.database) await parts.database.close();
  };
  return {
    deps,
    parts,
    url: `http://${host}:${port}`,
    server,
    inFlight: () => active,
    async shutdown(timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
      // From now on no new work: a request is answered 503 SHUTTING_DOWN (Retry-After, Connection:
      // close), on an open connection or a new one. The listening socket stays open until the
      // requests in flight are done: closing it now would reset the connections the kernel (or the
      // cluster's primary) has accepted but not yet handed over, and http.Server.close() would also
      // close idle keep-alive connections a client may be sending a request on right now.
      stopping = true;
      parts.notifier.drain();
      const sweeping = parts.sweeper.stop();
      parts.revocations.stop();
      // Every request answered, and none more for a moment: a request a client sent on an open
      // connection just as the last answer left is answered too (503) rather than cut off.
      const settled = async () => {
        do {
          await allAnswered();
          await new Promise((r) => setTimeout(r, LINGER_MS));
        } while (active > 0);
        return true as const;
      };
      const clean = await Promise.race([settled(), late]);
      clearTimeout(timer);
      NetServer.prototype.close.call(http);
      http.closeAllConnections();
      // The last announcements, then the pools, in what is left of the time (at least a moment).
      const inTime = (work: Promise<unknown>) => Promise.race([work, new Promise((r) => setTimeout(r, Math.max(100, deadline - performance.now())))]);
      await inTime(sweeping);
      await inTime(parts.notifier.close());
      if (!options.database) await inTime(parts.database.close());
      return clean && performance.now() <= deadline;
    },
    async close() {
      stopping = true;
      await parts.sweeper.stop();
      parts.revocations.stop();
      await parts.notifier.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Long-lived keep-alive sockets would hold close() open.
        http.closeAllConnections();
      });
      await closeDatabase();
    },
  };
}
