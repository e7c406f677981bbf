// The composition root: configuration → database → keys → app → HTTP server.
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from './config.ts';
import { generateSigningKey, keyFromPrivateJwk } from './auth/keys.ts';
import { TokenService } from './auth/tokens.ts';
import { openDatabase, type Database } from './db/client.ts';
import { MatchStore } from './db/matches.ts';
import { MoveBatcher } from './db/move-batch.ts';
import { Store } from './db/store.ts';
import { createApp } from './http/app.ts';
import { DEFAULT_TIMING, type AppDeps, type Randomness } from './http/deps.ts';
import { jsonLogger, type Logger } from './http/log.ts';
import { GameCache } from './http/games/cache.ts';
import { PgNotifier } from './http/notifier.ts';
import { cryptoRandomness } from './http/random.ts';

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

export async function buildDeps(config: AppConfig, options: ServiceOptions = {}): Promise<AppDeps> {
  const database = options.database ?? (await openDatabase(config.databaseUrl, { poolSize: config.databasePoolSize }));
  // Plain moves in group commits, on half the pool's connections at most.
  const store = new Store(database.db, new MoveBatcher(database, Math.max(1, Math.floor(config.databasePoolSize / 2))));
  const key = config.jwt.privateKey
    ? await keyFromPrivateJwk(JSON.stringify(config.jwt.privateKey))
    : await store.getOrCreateSigningKey(generateSigningKey);
  const tokens = new TokenService({
    key,
    issuer: config.jwt.issuer,
    audience: config.jwt.audience,
    ttlSeconds: config.jwt.ttlSeconds,
    external: config.externalAuth ?? undefined,
    now: options.now,
  });
  const notifier = await PgNotifier.start(database, config.maxWaiters);
  const games = options.gameCache ?? new GameCache(config.gameCacheSize);
  notifier.observe(games);
  return {
    config,
    database,
    store,
    tokens,
    log: options.log ?? jsonLogger(config.logLevel),
    random: options.random ?? cryptoRandomness,
    notifier,
    games,
    timing: { ...DEFAULT_TIMING, ...options.timing },
    matches: new MatchStore(database.db),
    now: options.now ?? (() => new Date()),
  };
}

export interface RunningService {
  deps: AppDeps;
  url: string;
  server: ServerType;
  /** Stops accepting, wakes waiters, closes the database (unless it was handed in). */
  close(): Promise<void>;
}

export async function startService(config: AppConfig, options: ServiceOptions = {}): Promise<RunningService> {
  const deps = await buildDeps(config, options);
  const app = createApp(deps);
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return {
    deps,
    url: `http://${host}:${port}`,
    server,
    async close() {
      await deps.notifier.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Long-lived keep-alive sockets would hold close() open.
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      if (!options.database) await deps.database.close();
    },
  };
}
