// The composition root: configuration → database → stores → application layer → app → server.
import { serve, type ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../platform/config.ts';
import { AnalysisPool, AnalysisService, AnalysisStore } from '../analysis/index.ts';
import { AccountService, loadKeys, forgetChangedProfiles, RevocationCache, AccountStore, PlayerStore, PRESENCE_LEASE_MS, type ScryptParams } from '../accounts/index.ts';
import { generateSigningKey, keyFromPrivateJwk } from '../platform/auth/keys.ts';
import { SigningKeyStore } from '../platform/auth/signing-key-store.ts';
import { TokenService } from '../platform/auth/tokens.ts';
import { isReady, openDatabase, type Database } from '../platform/db/client.ts';
import { ExportStore, GameExport } from '../exports/index.ts';
import { CreateAnswerStore } from '../platform/db/create-answers.ts';
import { GameStore, MoveBatcher, GameCache, cryptoRandomness, type Randomness, GameRepository, GameService, gamesAnswer } from '../games/index.ts';
import { MatchStore, MatchService } from '../matches/index.ts';
import { PgNotifier, type Notifier } from '../platform/streams/notifier.ts';
import { PlayerEventStore } from '../platform/streams/player-events.ts';
import { RatingStore, RatingService } from '../ratings/index.ts';
import { createApp } from './app.ts';
import { answerClientErrors } from '../platform/http/client-errors.ts';
import { DEFAULT_TIMING, type AppDeps } from './deps.ts';
import { ServiceMetrics } from '../platform/http/metrics.ts';
import { jsonLogger, type Logger } from '../platform/log.ts';
import { PlayerService } from '../players/index.ts';
import { countRequests, shutdownGracefully } from '../platform/shutdown.ts';
import { Sweeper } from './sweeper.ts';
import { SeekStore, SeekService } from '../seeks/index.ts';
import { TournamentDirector, TournamentService, TournamentStore } from '../tournaments/index.ts';

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
  /** How often the revocation list is read again (tests: shorter than REFRESH_MS). */
  revocationRefreshMs?: number;
  /**
   * The password hash's cost (tests: a cheap one). Deliberately no setting: a deployment always
   * hashes at DEFAULT_SCRYPT (src/accounts/password.ts).
   */
  passwordHashing?: ScryptParams;
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
  const createAnswers = new CreateAnswerStore(database.db);
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
  const cache = options.gameCache ?? new GameCache(config.gameCacheSize);
  notifier.observe(cache);
  notifier.observe(forgetChangedProfiles(players));
  const accountStore = new AccountStore(database.db);
  const now = options.now ?? (() => new Date());
  const log = options.log ?? jsonLogger(config.logLevel);
  // The listening connection was lost and opened again (a database restart, or a failover to the
  // standby): the caches above have forgotten what they may have missed. Said once per renewal.
  notifier.observe({ heard: () => {}, reset: () => log.info({ event: 'databaseSessionRenewed', msg: 'the database connection was renewed (a restart or a failover): caches reset' }) });
  const legacyTtlMs = config.jwt.ttlSeconds * 1000;
  // Keys kept in the database rotate (npm run keys:rotate): read again with every refresh of the revocations.
  const onRefresh = config.jwt.privateKey ? undefined : () => loadKeys({ keys: signingKeys, store: accountStore, tokens, now, legacyTtlMs });
  const revocations = new RevocationCache({ store: accountStore, notifier, now, legacyTtlMs, onRefresh, log, refreshMs: options.revocationRefreshMs });
  tokens.setRevocations(revocations);
  await revocations.start();

  const random = options.random ?? cryptoRandomness;
  const matches = new MatchService({ store: matchStore, players, notifier, random, now, log });
  const repository = new GameRepository(gameStore, cache, notifier);
  const ratings = new RatingService({ store: new RatingStore(database.db), provisionalRd: config.ratingProvisionalRd });
  // A tournament's game that ends nudges this process's director (its next pairing need not wait for the tick).
  let director: TournamentDirector | null = null;
  const onFinished = async (game: Parameters<MatchService['gameFinished']>[0], requestId?: string) => {
    await matches.gameFinished(game, requestId);
    director?.poke();
  };
  const games = new GameService({ repository, players, notifier, random, now, ratings, onFinished });
  const tournamentStore = new TournamentStore(database.db);
  const tournaments = new TournamentService({
    store: tournamentStore,
    players,
    notifier,
    random,
    now,
    log,
    minuteMs: config.tournaments.minuteMs,
    claimTimeout: (gameId, playerId) => games.claimTimeout(gameId, playerId),
  });
  director = new TournamentDirector(tournaments, log);
  const seekStore = new SeekStore(database.db);
  const seeks = new SeekService({ store: seekStore, players, notifier, random, now, ttlMs: config.seekTtlSeconds * 1000 });
  /**
   * A player being deleted (marked so already: nothing new starts with it): its tournament entries
   * and waiting seeks are withdrawn, its waiting matches and games called off, the challenges to it
   * declined, its running games resigned. Resigning a match's game starts the match's next one,
   * which games.endAllOf resigns in turn; a match's step that was not written when its game ended
   * is written here (matches.endAllOf), and its new game resigned in the next round.
   */
  const endAllOf = async (playerId: string) => {
    await tournaments.endAllOf(playerId);
    await seeks.endAllOf(playerId);
    for (let round = 0; ; round++) {
      const moved = await matches.endAllOf(playerId);
      const ended = await games.endAllOf(playerId);
      if (moved + ended === 0) return;
      // Each round ends at least one game of every match still running, and a match has at most
      // 100 games: more rounds than that mean something starts games again as fast as they end.
      if (round > 2 * 100) throw new Error(`player ${playerId}: its matches and games kept starting again as they were ended`);
    }
  };
  const { retention } = config;
  const sweeper = new Sweeper({
    database,
    games,
    repository,
    matches,
    seeks,
    seekGraceMs: PRESENCE_LEASE_MS,
    createAnswers,
    now,
    log,
    waitingTtlMs: retention.waitingTtlSeconds * 1000,
    idempotencyTtlMs: retention.idempotencyTtlSeconds * 1000,
  });
  const analysisStore = new AnalysisStore(database);
  const loadGame = async (gameId: string) => (await games.read(gameId, undefined)).game;
  const analysisPool = new AnalysisPool({
    store: analysisStore,
    loadGame,
    log,
    size: config.analysis.workers,
    leaseMs: config.analysis.leaseMs,
    pollMs: config.analysis.pollMs,
    seatSamples: config.analysis.seatSamples,
  });
  const analysis = new AnalysisService({
    store: analysisStore,
    loadGame,
    limits: { perAddress: config.analysis.maxPerAddress, total: config.analysis.queueMax },
    queued: () => analysisPool.wake(),
  });
  const metrics = new ServiceMetrics({ cache, notifier, database, revocations });
  batcher.onBatch = (size) => metrics.batched(size);
  return {
    deps: {
      config,
      log,
      metrics,
      tokens,
      players: new PlayerService({ db: database.db, players, events: new PlayerEventStore(database.db), notifier }),
      accounts: new AccountService({ store: accountStore, players, tokens, revocations, notifier, now, log, scrypt: options.passwordHashing, onDeleted: (playerId) => endAllOf(playerId) }),
      games,
      analysis,
      matches,
      ratings,
      exporter: new GameExport({ store: new ExportStore(database), players, analysis }),
      seeks,
      tournaments,
      createAnswers,
      // A revocation list that has not been read for a while may let a revoked token pass.
      ready: async () => !options.stopping?.() && revocations.fresh() && (await isReady(database, timeouts.readyMs, gamesAnswer)),
      stopping: options.stopping,
      timing: { ...DEFAULT_TIMING, ...options.timing },
    },
    parts: { database, players, signingKeys, gameStore, matchStore, seekStore, tournamentStore, director, analysisPool, cache, notifier, sweeper, revocations },
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
  parts.director.start(config.tournaments.tickMs);
  parts.analysisPool.start();
  // The shutdown stops the timers and the analysis pool, and waits for their work in flight (the
  // pool puts its running jobs back in the queue).
  const timers = { stop: () => Promise.all([parts.director.stop(), parts.sweeper.stop(), parts.analysisPool.stop()]).then(() => {}) };
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
