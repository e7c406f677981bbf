// Start the service: `npm start`. Configuration only from the environment (see docs/operations.md). The
// process started is the primary (src/app/primary.ts): it forks the worker that serves, restarts it
// when it dies, and passes SIGTERM/SIGINT on to it. SINGLE_PROCESS=1 serves in this process.
import cluster from 'node:cluster';
import { loadConfig, type AppConfig } from './app/config.ts';
import { ConfigError } from './platform/settings.ts';
import { describeDatabase } from './platform/db/client.ts';
import { shareWithPrimary } from './platform/http/cluster-metrics.ts';
import { jsonLogger } from './platform/log.ts';
import { runPrimary } from './app/primary.ts';
import { listeningOn } from './app/listening.ts';
import type { RunningService } from './app/server.ts';
import { STARTUP_FAILED, startupProblem } from './platform/startup.ts';
import { HouseBotsError, houseLevels, type HouseLevel } from './house/levels.ts';
import { houseBotNames } from './house/settings.ts';
import type { HouseBots } from './house/start.ts';

function config(): AppConfig {
  try {
    const loaded = loadConfig();
    levels = houseLevels(houseBotNames(loaded.house, loaded.databaseUrl));
    return loaded;
  } catch (e) {
    if (e instanceof ConfigError || e instanceof HouseBotsError) {
      process.stderr.write(`configuration error: ${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
}
let levels: HouseLevel[] = [];

/** The serving process that runs the house bots: the only one, or the worker the primary picked. */
const holdsHouseBots = () => levels.length > 0 && (!cluster.isWorker || process.env.HOUSE_BOTS_HOLDER === '1');

async function serve(config: AppConfig) {
  let service: RunningService | undefined;
  let house: HouseBots | undefined;
  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    // Not serving yet: nothing is in flight (startService's end sees `stopping`).
    if (!service) return;
    const { shutdownMs } = config.timeouts;
    // Whatever happens below, the process ends.
    setTimeout(() => process.exit(1), shutdownMs + 2000).unref();
    const t0 = performance.now();
    await house?.stop();
    const clean = await service.shutdown(shutdownMs);
    service.deps.log.info({ msg: `${why}: shut down ${clean ? 'cleanly' : `with requests cut after ${shutdownMs} ms`} in ${Math.round(performance.now() - t0)} ms` });
    process.exit(clean ? 0 : 1);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // A worker whose primary is gone (killed) shuts down too.
  if (cluster.isWorker) process.on('disconnect', () => void stop('primary gone'));

  // Loaded here, not at the top: the primary serves nothing and keeps none of it in memory.
  const { startService } = await import('./app/server.ts');
  service = await startService(config);
  // With workers under a primary, a scrape of one answers for all (see cluster-metrics.ts).
  if (cluster.isWorker && config.metrics.enabled) shareWithPrimary(service.deps.metrics.registry);
  if (holdsHouseBots() && !stopping) {
    const { startHouseBots, LadderStore } = await import('./house/start.ts');
    const { gamesAtOnce, pauseSeconds } = config.house.ladder;
    house = await startHouseBots({
      accounts: service.deps.accounts,
      levels,
      url: service.url,
      log: service.deps.log,
      ladder: { store: new LadderStore(service.parts.database.db), games: service.deps.games, gamesAtOnce, pauseMs: pauseSeconds * 1000 },
    });
  }
  if (stopping) {
    await house?.stop();
    await service.close();
    process.exit(0);
  }
  // The address really bound (HOST), and a URL to open (service.url is the bots' own way in).
  const { where, url } = listeningOn(config.host, Number(new URL(service.url).port));
  service.deps.log.info({ msg: `listening on ${where}: open ${url} (database: ${describeDatabase(config.databaseUrl)}); docs at ${url}/docs` });
}

const c = config();
if (process.env.HOUSE_BOTS_CHILD === '1') {
  // The house bots' own process (house/start.ts forks it): it plays, and serves nothing.
  import('./house/child.ts')
    .then(({ runHouseChild }) => runHouseChild())
    .then(
      () => process.exit(0),
      (e) => {
        process.stderr.write(`house bots: ${e instanceof Error ? e.message : String(e)}\n`);
        process.exit(1);
      },
    );
} else if (cluster.isPrimary && process.env.SINGLE_PROCESS !== '1') runPrimary(c, jsonLogger(c.logLevel));
else
  serve(c).catch((e) => {
    // A cause outside the code in one line (and the primary stops, instead of trying again);
    // anything else is a bug: its stack.
    const problem = startupProblem(e, c);
    process.stderr.write(problem ? `cannot start: ${problem}\n` : `failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(STARTUP_FAILED);
  });
