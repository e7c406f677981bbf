// HTTP load benchmark: `npm run bench:http`.
//
// 1. Creates a scratch database on the Postgres server of DATABASE_URL (default
//    postgres://postgres@127.0.0.1:5432/test; only 127.0.0.1/localhost is accepted).
// 2. Starts the service on it as a child process (`npm run build`, then `node dist/main.js`, as
//    `npm start` does, with BENCH_SERVER_FLAGS as node flags; with BENCH_IN_PROCESS=1 in this
//    process via startService instead), on a free 127.0.0.1 port.
// 3. Runs the bot runner (greedy against random, classic) with BENCH_CONCURRENCY (32) games at
//    once: a warm-up of BENCH_WARMUP_SECONDS (3), then BENCH_SECONDS (20) measured, from the
//    window's first accepted move (the bots' registration and first seating are not measured).
//    BENCH_PROTOCOL says how the bots hear of their opponent's moves: `stream` (the default: the
//    game's view stream, each move a POST answered 204, as the client module plays), `longpoll`
//    (the long poll after each move), or `both`: one window each on the same server, in turn,
//    BENCH_ROUNDS (1) times, so the protocols are compared in the same run. Every move carries an
//    Idempotency-Key, as the client module sends it; BENCH_KEYS=0 measures moves without one.
// 4. Prints, per window, the protocol and whether moves were keyed, moves/s, p50/p99 move latency,
//    the server's RSS, the CPU per move of the server, the bots and Postgres, and the errors of
//    the warm-up and the window together; stops the server, drops the scratch database, and exits
//    (non-zero if the bots hit unexpected errors). The header names the machine, its load, and
//    Postgres's fsync and synchronous_commit (whether a commit waits for the disk).
//
// BENCH_CPU_PROF=dir writes a V8 CPU profile of the server (child process) into dir.
//
// BENCH_SERVER_ROOT=dir serves another checkout's dist/main.js (a worktree of an older commit, built
// there): the same bots drive it, so a same-run comparison of two servers measures the servers.
//
// BENCH_PEER=file measures another game server in the same run, driven by the same bots: a module
// kept outside this repository (it is someone else's server; see the README, Benchmarks) exporting
//   name: string (how the output names it),
//   start(): Promise<{ pid: number; stop(): Promise<void> }> (its server, a child process),
//   runBots(options): Promise<{ games, moves, errors, unexpected, samples }> (options: this file's
//     bots: concurrency, games, durationMs, strategy, opponent, and onMove(ms) for each accepted move).
// Each round then ends with a window on the peer, measured as the service's are (moves/s, latency,
// its process's CPU and RSS from /proc, the bots' CPU), and the run ends with the same-run ratios
// of issue 25's targets.
//
// BENCH_WORKERS=1,2 (a list) measures the scale curve: one window per count, the service started
// as `npm start` runs it (the primary and WEB_CONCURRENCY workers), the server's CPU and RSS being
// those of the primary and its workers together; then a table of the counts. Without it, one
// window on a single serving process (SINGLE_PROCESS=1: the process measured is the one that serves).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import postgres from 'postgres';
import { latencyStats, runBots } from '../src/cli/bot-runner.ts';

const env = process.env;
const DATABASE_URL = env.DATABASE_URL?.startsWith('postgres') ? env.DATABASE_URL : 'postgres://postgres@127.0.0.1:5432/test';
const CONCURRENCY = Number(env.BENCH_CONCURRENCY ?? 32);
const SECONDS = Number(env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = Number(env.BENCH_WARMUP_SECONDS ?? 3);
type Protocol = 'stream' | 'longpoll';
/** What a window measured: the service over one protocol, or the peer (BENCH_PEER). */
type Measured = Protocol | 'peer';
const PROTOCOLS: Protocol[] = (() => {
  const asked = env.BENCH_PROTOCOL ?? 'stream';
  if (asked === 'both') return ['stream', 'longpoll'];
  if (asked === 'stream' || asked === 'longpoll') return [asked];
  throw new Error(`BENCH_PROTOCOL: stream, longpoll or both, not ${JSON.stringify(asked)}`);
})();
const ROUNDS = Number(env.BENCH_ROUNDS ?? 1);
/** Moves sent with an Idempotency-Key (the client module's default), or (BENCH_KEYS=0) without. */
const KEYED = env.BENCH_KEYS !== '0';
const IN_PROCESS = env.BENCH_IN_PROCESS === '1';
/** The service's DATABASE_POOL_SIZE: twice this machine's CPUs (the database shares them). */
const POOL_SIZE = env.DATABASE_POOL_SIZE ?? String(2 * os.cpus().length);
const CPU_PROF = env.BENCH_CPU_PROF;
const PEER = env.BENCH_PEER ? path.resolve(env.BENCH_PEER) : undefined;

/** The peer module of BENCH_PEER (see the header). */
interface Peer {
  name: string;
  start(): Promise<{ pid: number; stop(): Promise<void> }>;
  runBots(options: Omit<Parameters<typeof runBots>[0], 'server'>): Promise<Pick<Awaited<ReturnType<typeof runBots>>, 'games' | 'moves' | 'errors' | 'unexpected' | 'samples'>>;
}
/** The worker counts of the scale curve (empty: one window, one process). */
const WORKERS = (env.BENCH_WORKERS ?? '')
  .split(',')
  .map((w) => w.trim())
  .filter(Boolean)
  .map((w) => {
    const n = Number(w);
    if (!Number.isInteger(n) || n < 1) throw new Error(`BENCH_WORKERS: expected a list of counts such as 1,2, got ${JSON.stringify(env.BENCH_WORKERS)}`);
    return n;
  });
/**
 * The service as `npm start` runs it, but silent, without checking its answers against the spec
 * (VALIDATE_RESPONSES, the tests' check, off whatever the shell says), and without the sign-up limit: the benchmark
 * registers its 64 bots from one address (the per-player limit stays as configured).
 */
const SERVICE_ENV = { DATABASE_POOL_SIZE: POOL_SIZE, HOST: '127.0.0.1', LOG_LEVEL: 'silent', RATE_LIMIT_SIGNUP: '0', VALIDATE_RESPONSES: '0' };
const ROOT = fileURLToPath(new URL('..', import.meta.url));
/**
 * Where the served `dist/main.js` comes from: this checkout (built first), or BENCH_SERVER_ROOT,
 * another checkout already built (a worktree of an older commit): the same bots then drive both
 * servers, so a same-run comparison measures the servers alone.
 */
const SERVER_ROOT = env.BENCH_SERVER_ROOT ? path.resolve(env.BENCH_SERVER_ROOT) : ROOT;

const TARGET = { p99Ms: 50, rssMb: 200 };

function log(line: string) {
  process.stderr.write(`${line}\n`);
}

// ------------------------------------------------------------------ scratch database

function localUrl(raw: string): URL {
  const url = new URL(raw);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
    throw new Error(`bench:http only talks to a local Postgres (127.0.0.1), not ${url.hostname}`);
  url.hostname = '127.0.0.1';
  return url;
}

async function createScratch(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = localUrl(DATABASE_URL);
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe(statement);
    } finally {
      await sql.end();
    }
  };
  await run(`create database ${name}`);
  // The creation's writes (the copied template, its WAL) flushed now, not in the first window:
  // the first window after a start was the slowest, its commits waiting behind this I/O.
  await run('checkpoint');
  const url = new URL(admin);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await run(`drop database if exists ${name} with (force)`);
    },
  };
}

// ------------------------------------------------------------------ the service

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

interface Server {
  url: string;
  /** The scratch database the server writes to (none: the peer). */
  databaseUrl?: string;
  /** Resident set size of the server process now, in MB. */
  rssMb(): number;
  /** CPU time the server process has used so far (user + system), in ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** CPU time (user + system, ms) from a /proc/<pid>/stat line: fields 14 and 15, in ticks of 10 ms. */
function procCpuMs(stat: string): number {
  const fields = stat.split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function waitReady(url: string, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not become ready within 120 s');
    await new Promise((r) => setTimeout(r, 200)); // start-up only: nothing to be woken by yet
  }
}

/** A process and its children (a primary and its workers), from /proc. */
function processTree(root: number): number[] {
  const pids = [root];
  try {
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (Number(stat.split(') ')[1].split(' ')[1]) === root) pids.push(Number(pid));
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    // no /proc
  }
  return pids;
}

const sumOver = (pids: number[], read: (pid: number) => number) =>
  pids.reduce((total, pid) => {
    try {
      return total + read(pid);
    } catch {
      return total; // gone meanwhile
    }
  }, 0);

let built = false;

/** The service as a child process: one serving process, or (`workers`) a primary with that many workers. */
async function startChild(databaseUrl: string, workers?: number): Promise<Server> {
  const port = await freePort();
  // As `npm start` runs it: the bundle of `npm run build`, on plain node.
  if (!built && SERVER_ROOT === ROOT) execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  built = true;
  const args: string[] = (env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  if (CPU_PROF) args.push('--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`);
  args.push('dist/main.js');
  const child = spawn(process.execPath, args, {
    cwd: SERVER_ROOT,
    // SINGLE_PROCESS: the process measured (RSS, CPU, profile) is the one that serves, not a primary.
    env: {
      ...env,
      ...SERVICE_ENV,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      ...(workers === undefined ? { SINGLE_PROCESS: '1' } : { WEB_CONCURRENCY: String(workers) }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(url, child);
  // The workers are up when each has answered: ask until the tree has them all.
  if (workers !== undefined) while (processTree(child.pid!).length < workers + 1) await new Promise((r) => setTimeout(r, 100));
  const tree = processTree(child.pid!);
  return {
    url,
    databaseUrl,
    rssMb: () => sumOver(tree, (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024),
    cpuMs: () => sumOver(tree, (pid) => procCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'))),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM'); // main.ts closes the service and exits (writing the profile)
      }),
  };
}

async function startInProcess(databaseUrl: string): Promise<Server> {
  const { loadConfig } = await import('../src/app/config.ts');
  const { startService } = await import('../src/app/server.ts');
  const service = await startService(loadConfig({ ...SERVICE_ENV, DATABASE_URL: databaseUrl, PORT: '0' }));
  return {
    url: service.url,
    databaseUrl,
    rssMb: () => process.memoryUsage().rss / 2 ** 20,
    cpuMs: () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    },
    stop: () => service.close(),
  };
}

/**
 * CPU time (user + system, ms) of the Postgres backends serving `databaseUrl`'s database (their
 * process title names it), read from /proc (Linux; 0 elsewhere). Only those: other databases'
 * backends on a shared machine are someone else's work (summing every `postgres` process went
 * negative when another suite's backends exited inside a window). The shared background
 * processes (WAL writer, checkpointer) are left out too. A backend that exits inside the window
 * takes its time with it, so this is a lower bound; the service's connections live on.
 */
function postgresCpuMs(databaseUrl: string | undefined): number {
  if (databaseUrl === undefined) return 0;
  const name = ` ${new URL(databaseUrl).pathname.slice(1)} `;
  let total = 0;
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(name)) total += procCpuMs(stat);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** Postgres's durability settings: whether a commit waits for its WAL to reach the disk. */
async function durabilityOf(databaseUrl: string): Promise<string> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ fsync: string; synchronous_commit: string }[]>`select current_setting('fsync') as fsync, current_setting('synchronous_commit') as synchronous_commit`;
    return `fsync=${row.fsync}, synchronous_commit=${row.synchronous_commit}`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * Transactions committed in the scratch database so far (pg_stat_database; every statement the
 * service sends outside a transaction is one): the statements a move costs, read around a window.
 * Backends report at most once a second, so a window's figure is close, not exact.
 */
async function commitsOf(databaseUrl: string | undefined): Promise<number> {
  if (databaseUrl === undefined) return 0;
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ n: string }[]>`select xact_commit::text as n from pg_stat_database where datname = current_database()`;
    return Number(row.n);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Error counts of several runs, added. */
function addErrors(...runs: Record<string, number>[]): Record<string, number> {
  const total: Record<string, number> = {};
  for (const run of runs) for (const [code, n] of Object.entries(run)) total[code] = (total[code] ?? 0) + n;
  return total;
}

// ------------------------------------------------------------------ main

interface WindowResult {
  workers: number | undefined;
  protocol: Measured;
  movesPerSecond: number;
  lat: ReturnType<typeof latencyStats>;
  cpuPerMove: { server: number; bots: number; database: number };
  peakRss: number;
}

/** One measured window on a started server: a warm-up, then the window, both with `protocol` (or on the peer). */
async function measureWindow(server: Server, workers: number | undefined, measured: Measured, peer?: Peer): Promise<WindowResult> {
  const protocol: Protocol = measured === 'peer' ? 'stream' : measured;
  const play = measured === 'peer' && peer ? (options: Parameters<typeof runBots>[0]) => peer.runBots(options) : runBots;
  // Warm-up, then the measured window: moves inside it count, games in flight at its end finish.
  const bots = {
    server: server.url,
    games: Number.MAX_SAFE_INTEGER,
    concurrency: CONCURRENCY,
    strategy: 'greedy',
    opponent: 'random',
    variant: 'classic',
    protocol,
    idempotency: KEYED ? 'all' : 'none',
  } as const;
  const label = measured === 'peer' ? 'peer' : protocol;
  log(`warm-up (${label}): ${WARMUP_SECONDS} s`);
  const warm = await play({ ...bots, durationMs: WARMUP_SECONDS * 1000 });
  log(`measuring (${label}${measured === 'peer' ? '' : `, ${KEYED ? 'keyed' : 'unkeyed'} moves`}): ${CONCURRENCY} games at once for ${SECONDS} s`);
  // The window opens at the window's first accepted move, not when the bots start: registering 64
  // bots and seating the first games took seconds of a short window on a busy host (and their
  // CPU was counted as the moves'). It closes SECONDS later; games in flight then finish, unmeasured.
  let windowOpen = false;
  let windowClosed = false;
  const windowLatencies: number[] = [];
  let peakRss = server.rssMb();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, server.rssMb())), 250);
  let start = 0;
  let commits0: Promise<number> = Promise.resolve(0);
  let cpu0 = { server: 0, bots: process.cpuUsage(), database: 0 };
  let cpu = { serverMs: 0, botsMs: 0, databaseMs: 0 };
  let commits1: Promise<number> = Promise.resolve(0);
  let closeWindow: ReturnType<typeof setTimeout> | undefined;
  const openWindow = () => {
    windowOpen = true;
    start = performance.now();
    commits0 = commitsOf(server.databaseUrl);
    cpu0 = { server: server.cpuMs(), bots: process.cpuUsage(), database: postgresCpuMs(server.databaseUrl) };
    closeWindow = setTimeout(() => {
      windowOpen = false;
      windowClosed = true;
      const bots = process.cpuUsage(cpu0.bots);
      cpu = { serverMs: server.cpuMs() - cpu0.server, botsMs: (bots.user + bots.system) / 1000, databaseMs: postgresCpuMs(server.databaseUrl) - cpu0.database };
      commits1 = commitsOf(server.databaseUrl);
    }, SECONDS * 1000);
  };
  const run = await play({
    ...bots,
    stopped: () => windowClosed,
    durationMs: (SECONDS + 120) * 1000, // a bound, should no move ever be accepted
    onMove: (ms) => {
      if (!windowOpen && !windowClosed) openWindow();
      if (windowOpen) windowLatencies.push(ms);
    },
  });
  clearTimeout(closeWindow);
  clearInterval(sampler);
  const windowSeconds = Math.min(SECONDS, (performance.now() - start) / 1000);
  const rssEnd = server.rssMb();
  peakRss = Math.max(peakRss, rssEnd);

  const commits = (await commits1) - (await commits0);
  const movesPerSecond = windowLatencies.length / windowSeconds;
  const lat = latencyStats(windowLatencies);
  const perMove = (ms: number) => ms / windowLatencies.length;
  const mark = (ok: boolean) => (ok ? 'ok  ' : 'MISS');
  const f = (x: number) => x.toFixed(1);
  const errors = Object.entries(addErrors(warm.errors, run.errors)).map(([c, n]) => `${c} ${n}`).join(', ') || 'none';
  const who =
    measured === 'peer'
      ? ` [peer: ${peer?.name}]`
      : ` [${protocol}, ${KEYED ? 'keyed' : 'unkeyed'}${workers === undefined ? '' : `, ${workers} worker${workers === 1 ? '' : 's'}`}]`;
  process.stdout.write(
    [
      `${measured === 'peer' ? 'PEER' : 'HTTP'}${who}  ${Math.round(movesPerSecond)} moves/s over ${f(windowSeconds)} s, ${CONCURRENCY} games at once (${run.games} games finished, ${run.moves} moves)`,
      `      move latency p50 ${f(lat.p50)} ms, p95 ${f(lat.p95)} ms, p99 ${f(lat.p99)} ms, max ${f(lat.max)} ms`,
      `      server RSS peak ${f(peakRss)} MB (end ${f(rssEnd)} MB)${IN_PROCESS ? ' — in-process: includes the bots' : workers !== undefined ? ' — the primary and its workers' : ''}`,
      `      CPU per move: server ${perMove(cpu.serverMs).toFixed(3)} ms, bots ${perMove(cpu.botsMs).toFixed(3)} ms` +
        `${measured === 'peer' ? ' (no database)' : `, database ${perMove(cpu.databaseMs).toFixed(3)} ms (its backends)`}` +
        `${IN_PROCESS ? ' (one process: both counted in each)' : ''}; the machine has ${os.cpus().length} CPUs`,
      ...(measured === 'peer' ? [] : [`      database transactions per move ${(commits / windowLatencies.length).toFixed(2)} (the window's commits in the scratch database)`]),
      `      errors (warm-up and window): ${errors}; host load ${os.loadavg()[0].toFixed(1)} at the window's end`,
      `${mark(lat.p99 < TARGET.p99Ms)} p99 < ${TARGET.p99Ms} ms`,
      `${mark(peakRss < TARGET.rssMb * (workers ?? 1))} RSS < ${TARGET.rssMb * (workers ?? 1)} MB`,
      '',
    ].join('\n'),
  );
  if (warm.unexpected + run.unexpected > 0) {
    log(`unexpected errors: ${[...warm.samples, ...run.samples].join('; ')}`);
    process.exitCode = 1;
  }
  return {
    workers,
    protocol: measured,
    movesPerSecond,
    lat,
    cpuPerMove: { server: perMove(cpu.serverMs), bots: perMove(cpu.botsMs), database: perMove(cpu.databaseMs) },
    peakRss,
  };
}

/** The scale curve: one row per worker count. */
function curve(results: WindowResult[]): string {
  const f = (x: number) => x.toFixed(1);
  const rows = results.map(
    (r) =>
      `| ${r.workers} | ${r.protocol} | ${Math.round(r.movesPerSecond)} | ${f(r.lat.p50)} / ${f(r.lat.p99)} | ${r.cpuPerMove.server.toFixed(2)} | ${r.cpuPerMove.bots.toFixed(2)} | ${r.cpuPerMove.database.toFixed(2)} | ${Math.round(r.peakRss)} |`,
  );
  return [
    `scale curve (${KEYED ? 'keyed' : 'unkeyed'} moves; CPU per move in ms; the bots and Postgres share this machine)`,
    '| workers | protocol | moves/s | p50 / p99 ms | server CPU | bots CPU | database CPU | server RSS MB |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

async function main() {
  const cpus = os.cpus();
  const header = (line: string) => process.stdout.write(`${line}\n`);
  header(`machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  header(`postgres: ${await durabilityOf(localUrl(DATABASE_URL).toString())}; moves ${KEYED ? 'with an Idempotency-Key each (as the client module sends them)' : 'without an Idempotency-Key (BENCH_KEYS=0)'}; protocol ${PROTOCOLS.join(' then ')}`);
  if (IN_PROCESS && WORKERS.length > 0) throw new Error('BENCH_WORKERS needs the service in child processes (not BENCH_IN_PROCESS)');
  const results: WindowResult[] = [];
  const peer = PEER ? ((await import(pathToFileURL(PEER).href)) as Peer) : undefined;
  if (peer && WORKERS.length > 0) throw new Error('BENCH_PEER is measured beside one serving process (not with BENCH_WORKERS)');
  let peerServer: Server | undefined;
  for (const workers of WORKERS.length > 0 ? WORKERS : [undefined]) {
    // A database of its own per window: each count starts from the same empty tables.
    const scratch = await createScratch();
    let server: Server | undefined;
    const cleanup = async () => {
      await server?.stop().catch(() => {});
      await scratch.drop().catch((e) => log(`could not drop the scratch database: ${e}`));
    };
    const onInterrupt = () => void cleanup().then(() => process.exit(130));
    process.once('SIGINT', onInterrupt);
    try {
      log(
        `database: scratch ${new URL(scratch.url).pathname.slice(1)} on ${localUrl(DATABASE_URL).host}; server ${IN_PROCESS ? 'in this process' : workers === undefined ? 'in a child process' : `a primary with ${workers} worker(s)`} with DATABASE_POOL_SIZE=${POOL_SIZE}`,
      );
      server = IN_PROCESS ? await startInProcess(scratch.url) : await startChild(scratch.url, workers);
      // The peer (BENCH_PEER) beside it, started once: its window ends each round.
      if (peer && workers === undefined) {
        const started = await peer.start();
        log(`peer: ${peer.name}, pid ${started.pid}`);
        peerServer = { url: '', rssMb: () => rssMbOf(started.pid), cpuMs: () => procCpuMs(readFileSync(`/proc/${started.pid}/stat`, 'utf8')), stop: started.stop };
      }
      // The protocols in turn on the same server, ROUNDS times: a drift of the host weighs on each.
      for (let round = 0; round < ROUNDS; round++) {
        for (const protocol of PROTOCOLS) results.push(await measureWindow(server, workers, protocol));
        if (peerServer) results.push(await measureWindow(peerServer, undefined, 'peer', peer));
      }
    } finally {
      await peerServer?.stop().catch(() => {});
      peerServer = undefined;
      await cleanup();
      process.off('SIGINT', onInterrupt);
    }
  }
  if (WORKERS.length > 0) process.stdout.write(curve(results));
  else process.stdout.write(targets(results));
}

/** Resident set size of a process now, in MB. */
const rssMbOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/**
 * Issue 25's targets, round by round (a round's windows ran back to back on the same host): the
 * stream's moves/s against the peer's (≥ 1.2×, with a lower p99), and its server CPU per move
 * against the long poll's (≤ 0.6×).
 */
function targets(results: WindowResult[]): string {
  const lines: string[] = [];
  const rounds: WindowResult[][] = [];
  const perRound = PROTOCOLS.length + (PEER ? 1 : 0);
  for (let i = 0; i < results.length; i += perRound) rounds.push(results.slice(i, i + perRound));
  rounds.forEach((round, r) => {
    const of = (m: Measured) => round.find((w) => w.protocol === m);
    const stream = of('stream');
    const longpoll = of('longpoll');
    const peerWindow = of('peer');
    const parts: string[] = [];
    if (stream && longpoll) {
      const ratio = stream.cpuPerMove.server / longpoll.cpuPerMove.server;
      parts.push(`${ratio <= 0.6 ? 'ok  ' : 'MISS'} server CPU per move, stream ÷ long poll: ${ratio.toFixed(2)}× (≤ 0.6×)`);
    }
    if (stream && peerWindow) {
      const ratio = stream.movesPerSecond / peerWindow.movesPerSecond;
      parts.push(`${ratio >= 1.2 ? 'ok  ' : 'MISS'} moves/s, stream ÷ peer: ${ratio.toFixed(2)}× (≥ 1.2×)`);
      const lower = stream.lat.p99 < peerWindow.lat.p99;
      parts.push(`${lower ? 'ok  ' : 'MISS'} p99, stream ${stream.lat.p99.toFixed(1)} ms against the peer's ${peerWindow.lat.p99.toFixed(1)} ms (lower)`);
    }
    if (parts.length > 0) lines.push(`round ${r + 1} (issue 25's targets, same run; host load now ${os.loadavg()[0].toFixed(1)}):`, ...parts.map((p) => `  ${p}`));
  });
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

main().catch((e) => {
  log(`bench:http failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
