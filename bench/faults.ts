// Fault figures: `npm run bench:faults`. Each fault under bot load, against a PostgreSQL server of
// its own (initdb + pg_ctl in a temp dir; see test/support/own-postgres.ts), the service as
// `npm start` runs it. Printed per fault: how long until the stricken part serves again, what the
// bots were answered meanwhile (503s, connection errors: all retried, on the other server where
// there is one), and the check of the log: moves acknowledged with 200, how many of them are not
// in the log as answered (must be 0), games, gaps, finished records that do not verify.
//
//   kill -9 worker   two processes, 16 games each (half with players on both, half with an
//                    Idempotency-Key); the serving process of one is killed; its primary forks anew
//   kill -9 process  the same, primary and worker killed; started again at once, as a supervisor would
//   pg restart ×3    one process, 16 games, an Idempotency-Key on every move; pg_ctl restart
//   pg down 5 s      two processes; Postgres stopped for 5 s
//   SIGTERM          one process under load is asked to stop; exit code and time
//
// FAULT_SECONDS (20) of load per fault, the fault after a third of it; FAULTS=kill,restart,down,
// sigterm runs some of them only.
import { startOwnPostgres, type OwnPostgres } from '../test/support/own-postgres.ts';
import { checkLog, describeRun, retriedOf, sleep, startLoad, startServer, untilReady, type LogCheck, type ServerProcess } from './fault-harness.ts';

const SECONDS = Number(process.env.FAULT_SECONDS ?? 20);
const log = (line: string) => process.stdout.write(`${line}\n`);

async function stopAll(servers: ServerProcess[]) {
  for (const s of servers) {
    if (s.child.exitCode !== null || s.child.signalCode !== null) continue;
    s.child.kill('SIGTERM');
    await s.exited;
  }
}

const logFigures = (check: LogCheck) => ({
  acknowledged: check.acknowledged,
  lost: check.lost.length,
  games: check.games,
  gaps: check.gaps.length,
  finished: check.finished,
  unverified: check.unverified.length,
});

/** A fresh database per fault: the log check sees that fault's games only. */
async function freshDatabase(pg: OwnPostgres, name: string): Promise<string> {
  const { default: postgres } = await import('postgres');
  const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
  await sql.unsafe(`create database ${name}`);
  await sql.end();
  return pg.url.replace(/\/postgres$/, `/${name}`);
}

async function killWorker(pg: OwnPostgres, wholeProcess: boolean) {
  const url = await freshDatabase(pg, wholeProcess ? 'kill_process' : 'kill_worker');
  const servers = [await startServer(url), await startServer(url)];
  const [a, b] = servers;
  const load = startLoad([a.url, b.url], { concurrency: 32, seconds: SECONDS });
  await sleep((SECONDS * 1000) / 3);
  const t0 = performance.now();
  const worker = a.workerPid()!;
  process.kill(worker, 'SIGKILL');
  if (wholeProcess) {
    process.kill(a.pid, 'SIGKILL');
    await a.exited;
    servers[0] = await startServer(url, {}, Number(new URL(a.url).port));
  }
  const served = await untilReady(a.url, 60_000);
  const servedAgainMs = performance.now() - t0;
  const summary = await load.done;
  const check = await checkLog(url, b.url, load.acks);
  await stopAll(servers);
  log(
    describeRun(wholeProcess ? 'kill -9 process (A)' : 'kill -9 worker (A)', {
      servedAgainMs: served === null ? 'never' : Math.round(servedAgainMs),
      ...retriedOf(summary),
      failedGames: summary.failedGames,
      ...logFigures(check),
    }),
  );
}

async function restartPostgres(pg: OwnPostgres, trial: number) {
  const url = await freshDatabase(pg, `restart_${trial}`);
  const server = await startServer(url);
  const worker = server.workerPid();
  const load = startLoad([server.url], { concurrency: 16, seconds: SECONDS, idempotency: 'all' });
  await sleep((SECONDS * 1000) / 3);
  const t0 = performance.now();
  pg.restart();
  const served = await untilReady(server.url, 60_000);
  const servedAgainMs = performance.now() - t0;
  const summary = await load.done;
  const check = await checkLog(url, server.url, load.acks);
  const died = server.messages.filter((m) => m.includes('died')).length > 0 || server.workerPid() !== worker;
  await stopAll([server]);
  log(
    describeRun(`pg restart #${trial}`, {
      servedAgainMs: served === null ? 'never' : Math.round(servedAgainMs),
      workerDied: died ? 'YES' : 'no',
      ...retriedOf(summary),
      failedGames: summary.failedGames,
      ...logFigures(check),
    }),
  );
}

async function postgresDown(pg: OwnPostgres) {
  const url = await freshDatabase(pg, 'down');
  const servers = [await startServer(url), await startServer(url)];
  const load = startLoad(
    servers.map((s) => s.url),
    { concurrency: 32, seconds: SECONDS },
  );
  await sleep((SECONDS * 1000) / 3);
  pg.stop();
  const downAt = performance.now();
  await sleep(5000);
  pg.start();
  const backAt = performance.now();
  const served = await Promise.all(servers.map((s) => untilReady(s.url, 60_000)));
  const summary = await load.done;
  const check = await checkLog(url, servers[0].url, load.acks);
  await stopAll(servers);
  log(
    describeRun('pg down 5 s', {
      downMs: Math.round(backAt - downAt),
      servedAgainAfterBackMs: served.map((ms) => (ms === null ? 'never' : Math.round(ms))).join('/'),
      ...retriedOf(summary),
      failedGames: summary.failedGames,
      ...logFigures(check),
    }),
  );
}

async function sigterm(pg: OwnPostgres) {
  const url = await freshDatabase(pg, 'sigterm');
  const server = await startServer(url);
  const load = startLoad([server.url], { concurrency: 16, seconds: 6, retryForMs: 1000 });
  await sleep(3000);
  const t0 = performance.now();
  process.kill(server.pid, 'SIGTERM');
  const exit = await server.exited;
  const stopMs = performance.now() - t0;
  const summary = await load.done;
  const reader = await startServer(url);
  const check = await checkLog(url, reader.url, load.acks);
  await stopAll([reader]);
  log(describeRun('SIGTERM', { exitCode: exit.code, stopMs: Math.round(stopMs), ...retriedOf(summary), ...logFigures(check) }));
}

async function main() {
  const pg = await startOwnPostgres();
  try {
    log(`fault runs: ${SECONDS} s of load each, PostgreSQL of its own on port ${pg.port}`);
    const only = process.env.FAULTS?.split(',');
    const want = (name: string) => !only || only.includes(name);
    if (want('kill')) {
      await killWorker(pg, false);
      await killWorker(pg, true);
    }
    if (want('restart')) for (let trial = 1; trial <= 3; trial++) await restartPostgres(pg, trial);
    if (want('down')) await postgresDown(pg);
    if (want('sigterm')) await sigterm(pg);
  } finally {
    pg.destroy();
  }
}

main().catch((e) => {
  process.stderr.write(`bench:faults: ${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
