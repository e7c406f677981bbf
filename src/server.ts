// The composition root: configuration → database → stores → application layer → app → server.
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from './config.ts';
import { generateSigningKey, keyFromPrivateJwk } from './auth/keys.ts';
import { TokenService } from './auth/tokens.ts';
import { isReady, openDatabase, type Database } from './db/client.ts';
import { GameStore } from './db/games.ts';
import { MatchStore } from './db/matches.ts';
import { MoveBatcher } from './db/move-batch.ts';
import { PgNotifier, type Notifier } from './db/notifier.ts';
import { PlayerStore } from './db/players.ts';
import { GameCache } from './games/cache.ts';
import { cryptoRandomness, type Randomness } from './games/randomness.ts';
import { GameRepository } from './games/repository.ts';
import { GameService } from './games/service.ts';
import { createApp } from './http/app.ts';
import { DEFAULT_TIMING, type AppDeps } from './http/deps.ts';
import { jsonLogger, type Logger } from './log.ts';
import { MatchService } from './matches/service.ts';

export interface ServiceOptions {
  log?: Logger;
  random?: Randomness;
  /** Use this database instead of opening one from the configuration (tests). */
  database?: Database;
  now?: () => Date;
  timing?: Partial<AppDeps['timing']>;
  /** Another game cache (tests: one that misses announcements). */
  gameCache?: GameCache;
}

/** What the service is made of below the HTTP app (tests look at some of it). */
export interface ServiceParts {
  database: Database;
  players: PlayerStore;
  gameStore: GameStore;
  matchStore: MatchStore;
  cache: GameCache;
  notifier: Notifier;
}

export async function buildService(config: AppConfig, options: ServiceOptions = {}): Promise<{ deps: AppDeps; parts: ServiceParts }> {
  const { timeouts } = config;
  const database =
    options.database ??
    (await openDatabase(config.databaseUrl, {
      poolSize: config.databasePoolSize,
      connectTimeoutMs: timeouts.databaseConnectMs,
      limits: { acquireMs: timeouts.databaseAcquireMs, statementMs: timeouts.databaseStatementMs },
    }));
  const players = new PlayerStore(database.db);
  // Plain moves in group commits, on half the pool's connections at most.
  const gameStore = new GameStore(database.db, new MoveBatcher(database.db, Math.max(1, Math.floor(config.databasePoolSize / 2))));
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
  const notifier = await PgNotifier.start(database, config.maxWaiters, config.maxWaitersPerClient);
  const cache = options.gameCache ?? new GameCache(config.gameCacheSize);
  notifier.observe(cache);

  const log = options.log ?? jsonLogger(config.logLevel);
  const random = options.random ?? cryptoRandomness;
  const now = options.now ?? (() => new Date());
  const matches = new MatchService({ store: matchStore, players, notifier, random, now, log });
  const games = new GameService({
    repository: new GameRepository(gameStore, cache, notifier),
    players,
    notifier,
    random,
    now,
    onFinished: (game) => matches.gameFinished(game),
  });
  return {
    deps: {
      config,
      log,
      tokens,
      players,
      games,
      matches,
      ready: () => isReady(database, timeouts.readyMs),
      timing: { ...DEFAULT_TIMING, ...options.timing },
    },
    parts: { database, players, gameStore, matchStore, cache, notifier },
  };
}

export interface RunningService {
  deps: AppDeps;
  parts: ServiceParts;
  url: string;
  server: ServerType;
  /** Stops accepting, wakes waiters, closes the database (unless it was handed in). */
  close(): Promise<void>;
}

export async function startService(config: AppConfig, options: ServiceOptions = {}): Promise<RunningService> {
  const { deps, parts } = await buildService(config, options);
  const app = createApp(deps);
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return {
    deps,
    parts,
    url: `http://${host}:${port}`,
    server,
    async close() {
      await parts.notifier.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Long-lived keep-alive sockets would hold close() open.
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      if (!options.database) await parts.database.close();
    },
  };
}
