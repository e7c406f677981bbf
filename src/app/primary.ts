// The primary process of `npm start`: it serves nothing itself. It forks the worker that serves
// (node:cluster; the workers share the listening port), restarts a worker that dies, and passes
// SIGTERM/SIGINT on for a graceful shutdown, exiting when its workers have. What supervises the
// primary is the platform's business: the container runtime's restart policy, systemd, the
// orchestrator (docs/operations.md, "Processes and supervision").
import cluster, { type Worker } from 'node:cluster';
import type { AppConfig } from '../app/config.ts';
import { serveClusterMetrics } from '../platform/http/cluster-metrics.ts';
import type { Logger } from '../platform/log.ts';
import { STARTUP_FAILED } from '../platform/startup.ts';
import { houseBotNames } from '../house/settings.ts';

/** Workers to run: WEB_CONCURRENCY (platform/config.ts refuses more than one on embedded PGlite). */
export function workerCount(config: AppConfig): number {
  return config.databaseUrl?.startsWith('postgres') ? config.webConcurrency : 1;
}

/**
 * How connections reach the workers. node:cluster's round robin accepts each in the primary and
 * hands it to a worker over IPC; a connection in that hand-over when its worker is killed is then
 * neither answered nor closed until the primary exits (nodejs/node#21746), and its client waits
 * for ever unless it has a time limit. With one worker there is nothing to balance, so its
 * connections are accepted by the worker itself (SCHED_NONE): a killed worker's connections are
 * reset by the operating system, and the port refuses until the next worker listens. Several
 * workers keep the round robin (the operating system balances them badly).
 * NODE_CLUSTER_SCHED_POLICY (`rr`, `none`), Node's own switch, wins when set.
 */
export function schedulingPolicy(workers: number, env: Record<string, string | undefined>): number | null {
  if (env.NODE_CLUSTER_SCHED_POLICY) return null;
  return workers === 1 ? cluster.SCHED_NONE : cluster.SCHED_RR;
}

/** A worker that lived at least this long was healthy: its death restarts the next one at once. */
const HEALTHY_MS = 30_000;
/** Restarts of workers that die young back off: 0.5 s, 1 s, 2 s, … up to 30 s. */
export const restartDelay = (quickDeaths: number) => (quickDeaths === 0 ? 0 : Math.min(30_000, 500 * 2 ** (quickDeaths - 1)));

export function runPrimary(config: AppConfig, log: Logger): void {
  const count = workerCount(config);
  let stopping = false;
  let failed = false;
  let quickDeaths = 0;
  const started = new Map<number, number>();
  const timers = new Set<ReturnType<typeof setTimeout>>();

  // One worker runs the house bots (HOUSE_BOTS): the first, and the one started in its place.
  let houseHolder: number | null = null;
  const fork = () => {
    const holds = houseBotNames(config.house, config.databaseUrl).length > 0 && houseHolder === null;
    const worker = cluster.fork(holds ? { HOUSE_BOTS_HOLDER: '1' } : {});
    if (holds) houseHolder = worker.id;
    started.set(worker.id, performance.now());
    worker.once('exit', (code, signal) => {
      if (houseHolder === worker.id) houseHolder = null;
      exited(worker, code, signal);
    });
  };

  const exited = (worker: Worker, code: number | null, signal: string | null) => {
    const lived = performance.now() - (started.get(worker.id) ?? 0);
    started.delete(worker.id);
    if (stopping) {
      if (code !== 0) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (code === STARTUP_FAILED) {
      // It said why on stderr (a port in use, a database away): trying again would say it again.
      log.error({ msg: `worker ${worker.process.pid} could not start; stopping` });
      failed = true;
      stop('SIGTERM', 'a worker could not start');
      return;
    }
    quickDeaths = lived >= HEALTHY_MS ? 0 : quickDeaths + 1;
    const delay = restartDelay(quickDeaths);
    log.error({ msg: `worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}) after ${Math.round(lived)} ms; a new one in ${delay} ms` });
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopping) fork();
    }, delay);
    timers.add(timer);
  };

  const stop = (signal: NodeJS.Signals, why: string = signal) => {
    if (stopping) return;
    stopping = true;
    for (const timer of timers) clearTimeout(timer);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    log.info({ msg: `${why}: shutting down ${workers.length} worker(s)` });
    if (workers.length === 0) process.exit(failed ? 1 : 0);
    for (const w of workers) w.process.kill(signal);
    // A worker that outlives its own shutdown timeout by far is stuck: end it.
    setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      process.exit(1);
    }, config.timeouts.shutdownMs + 5000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  if (config.metrics.enabled) serveClusterMetrics();
  const policy = schedulingPolicy(count, process.env);
  if (policy !== null) cluster.schedulingPolicy = policy;
  for (let i = 0; i < count; i++) fork();
}
