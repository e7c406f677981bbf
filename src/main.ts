// Start the service: `npm start`. Configuration only from the environment (see docs/operations.md). The
// process started is the primary (src/app/primary.ts): it forks the worker that serves, restarts it
// when it dies, and passes SIGTERM/SIGINT on to it. SINGLE_PROCESS=1 serves in this process.
import cluster from 'node:cluster';
import { ConfigError, loadConfig, type AppConfig } from './platform/config.ts';
import { describeDatabase } from './platform/db/client.ts';
import { shareWithPrimary } from './platform/http/cluster-metrics.ts';
import { jsonLogger } from './platform/log.ts';
import { runPrimary } from './app/primary.ts';
import type { RunningService } from './app/server.ts';
import { STARTUP_FAILED, startupProblem } from './platform/startup.ts';

function config(): AppConfig {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`configuration error: ${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
}

async function serve(config: AppConfig) {
  let service: RunningService | undefined;
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
  if (stopping) {
    await service.close();
    process.exit(0);
  }
  service.deps.log.info({ msg: `listening on ${service.url} (database: ${describeDatabase(config.databaseUrl)}); docs at ${service.url}/docs` });
}

const c = config();
if (cluster.isPrimary && process.env.SINGLE_PROCESS !== '1') runPrimary(c, jsonLogger(c.logLevel));
else
  serve(c).catch((e) => {
    // A cause outside the code in one line (and the primary stops, instead of trying again);
    // anything else is a bug: its stack.
    const problem = startupProblem(e, c);
    process.stderr.write(problem ? `cannot start: ${problem}\n` : `failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(STARTUP_FAILED);
  });
