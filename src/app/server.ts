// The composition root: configuration → database → the platform's parts → the features
// (src/app/features.ts) → the app → the server.
import { serve, type ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from './config.ts';
import type { AnalysisPool } from '../analysis/index.ts';
import type { PlayerStore, RevocationCache } from '../accounts/index.ts';
import { generateSigningKey, keyFromPrivateJwk } from '../platform/auth/keys.ts';
import { SigningKeyStore } from '../platform/auth/signing-key-store.ts';
import { TokenService } from '../platform/auth/tokens.ts';
import { isReady, openDatabase, type Database } from '../platform/db/client.ts';
import { CreateAnswerStore } from '../platform/db/create-answers.ts';
import type { Sweep } from '../platform/feature.ts';
import { gamesAnswer, type GameCache, type GameStore } from '../games/index.ts';
import type { MatchStore } from '../matches/index.ts';
import { PgNotifier, type Notifier } from '../platform/streams/notifier.ts';
import { createApp } from './app.ts';
import { answerClientErrors } from '../platform/http/client-errors.ts';
import { DEFAULT_TIMING, type AppDeps } from './deps.ts';
import { createFeatures, type FeatureOptions } from './features.ts';
import { ServiceMetrics } from '../platform/http/metrics.ts';
import { jsonLogger, type Logger } from '../platform/log.ts';
import { countRequests, shutdownGracefully } from '../platform/shutdown.ts';
import { Sweeper } from '../platform/sweeper.ts';
import type { SeekStore } from '../seeks/index.ts';
import type { TournamentDirector, TournamentStore } from '../tournaments/index.ts';

export interface ServiceOptions extends Omit<FeatureOptions, 'signingKeys'> {
  log?: Logger;
  /** Use this database instead of opening one from the configuration (tests). */
  database?: Database;
  now?: () => Date;
  timing?: Partial<AppDeps['timing']>;
  /** Whether the process is shutting down (startService sets it). */
  stopping?: () => boolean;
}

/** What the service is made of below the HTTP app (tests look at some of it). */
export interface ServiceParts {
  database: Database;
  players: PlayerStore;
  /** The kept signing keys (none used when JWT_PRIVATE_KEY is set). */
  signingKeys: SigningKeyStore;
  gameStore: GameStore;
  matchStore: MatchStore;
  seekStore: SeekStore;
  tournamentStore: TournamentStore;
  /** The process's tournament director (started with the service; tests tick it by hand too). */
  director: TournamentDirector;
  /** This process's analysis threads (started with the service, stopped with it). */
  analysisPool: AnalysisPool;
  cache: GameCache;
  notifier: Notifier;
  sweeper: Sweeper;
  /** The revoked tokens, kept fresh across processes (src/accounts/revocations.ts). */
  revocations: RevocationCache;
  /** The features' work beside requests (the tournament director, the analysis threads). */
  background: { start(): void; stop(): Promise<void> }[];
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
  const now = options.now ?? (() => new Date());
  const log = options.log ?? jsonLogger(config.logLevel);
  const signingKeys = new SigningKeyStore(database.db);
  const key = config.jwt.privateKey ? await keyFromPrivateJwk(JSON.stringify(config.jwt.privateKey)) : await signingKeys.current(generateSigningKey);
  const tokens = new TokenService({
    key,
    issuer: config.jwt.issuer,
    audience: config.jwt.audience,
    ttlSeconds: config.jwt.ttlSeconds,
    external: config.externalAuth ?? undefined,
    now: options.now,
  });
  const notifier = await PgNotifier.start(database, config.maxWaiters, config.maxWaitersPerClient, config.maxWaitersPerAddress);
  // The listening connection was lost and opened again (a database restart, or a failover to the
  // standby): the caches have forgotten what they may have missed. Said once per renewal.
  notifier.observe({ heard: () => {}, reset: () => log.info({ event: 'databaseSessionRenewed', msg: 'the database connection was renewed (a restart or a failover): caches reset' }) });

  const platform = { config, database, notifier, tokens, log, now };
  const features = createFeatures(platform, config, { ...options, signingKeys });
  const { revocations } = features.accounts;
  await revocations.start();

  const createAnswers = new CreateAnswerStore(database.db, database.keyLocks);
  const forgetAnswers: Sweep = async ({ at, idempotencyTtlMs }) => ({ answers: await createAnswers.forgetBefore(new Date(at.getTime() - idempotencyTtlMs)) });
  const sweeper = new Sweeper({ database, sweeps: [...features.sweeps, forgetAnswers], now, log, idempotencyTtlMs: config.retention.idempotencyTtlSeconds * 1000 });
  const metrics = new ServiceMetrics({ cache: features.games.cache, notifier, database, revocations });
  features.games.batcher.onBatch = (size) => metrics.batched(size);
  return {
    deps: {
      config,
      log,
      metrics,
      tokens,
      players: features.playersFeature.service,
      accounts: features.accounts.service,
      oauth: features.oauth.service,
      games: features.games.service,
      analysis: features.analysis.service,
      matches: features.matches.service,
      ratings: features.ratings.service,
      exports: features.exports.service,
      seeks: features.seeks.service,
      tournaments: features.tournaments.service,
      routes: features.routes,
      createAnswers,
      // A revocation list that has not been read for a while may let a revoked token pass.
      ready: async () => !options.stopping?.() && revocations.fresh() && (await isReady(database, timeouts.readyMs, gamesAnswer)),
      stopping: options.stopping,
      timing: { ...DEFAULT_TIMING, ...options.timing },
    },
    parts: {
      database,
      players: features.players,
      signingKeys,
      gameStore: features.games.store,
      matchStore: features.matches.store,
      seekStore: features.seeks.store,
      tournamentStore: features.tournaments.store,
      director: features.tournaments.director,
      analysisPool: features.analysis.pool,
      cache: features.games.cache,
      notifier,
      sweeper,
      revocations,
      background: features.background,
    },
  };
}

export interface RunningService {
  deps: AppDeps;
  parts: ServiceParts;
  url: string;
  server: ServerType;
  /** Requests being answered now (streams included). */
  inFlight(): number;
  /** The graceful shutdown (SIGTERM, SIGINT): platform/shutdown.ts's shutdownGracefully. */
  shutdown(timeoutMs: number): Promise<boolean>;
  /** Stops at once: wakes waiters, cuts connections, closes the database (unless handed in). */
  close(): Promise<void>;
}

/** The HTTP server on the configured port, with the timeouts against slow clients. */
function listen(fetch: (request: Request) => Response | Promise<Response>, config: AppConfig): Promise<ServerType> {
  const { timeouts } = config;
  return new Promise<ServerType>((resolve, reject) => {
    const s = serve(
      {
        fetch,
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
}

export async function startService(config: AppConfig, options: ServiceOptions = {}): Promise<RunningService> {
  let stopping = false;
  const { deps, parts } = await buildService(config, { stopping: () => stopping, ...options });
  const app = createApp(deps);
  parts.sweeper.start(config.retention.sweepIntervalSeconds * 1000);
  for (const work of parts.background) work.start();
  // The shutdown stops the timers and the features' work, and waits for what is in flight (the
  // analysis pool puts its running jobs back in the queue).
  const timers = { stop: () => Promise.all([parts.sweeper.stop(), ...parts.background.map((work) => work.stop())]).then(() => {}) };
  const { timeouts } = config;
  const listening = listen(app.fetch, config);
  let server: ServerType;
  try {
    server = await listening;
  } catch (e) {
    await timers.stop();
    parts.revocations.stop();
    await parts.notifier.close();
    if (!options.database) await parts.database.close();
    throw e;
  }
  const http = server as Server;
  http.keepAliveTimeout = timeouts.httpKeepAliveMs;
  answerClientErrors(http, deps.log);
  const inFlight = countRequests(http);

  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const closeDatabase = async () => {
    if (!options.database) await parts.database.close();
  };
  const stoppable = { stopTakingWork: () => ((stopping = true), parts.revocations.stop()), notifier: parts.notifier, sweeper: timers, closeDatabase };
  return {
    deps,
    parts,
    url: `http://${host}:${port}`,
    server,
    inFlight: inFlight.count,
    shutdown: (timeoutMs) => shutdownGracefully(http, inFlight, stoppable, timeoutMs),
    async close() {
      stopping = true;
      await timers.stop();
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
