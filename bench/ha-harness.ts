// The HA topology's fault runs, shared by `npm run bench:failover` (bench/failover.ts, which
// prints the figures) and the HA fault suite (test/ha/, which asserts them).
//
// The topology is deploy/ha/ha.sh's: Patroni (etcd, a primary and a synchronous standby), two
// service nodes (`node dist/main.js`, each with its workers) and HAProxy in front.
// A run: bots playing through HAProxy (every move with an Idempotency-Key, retried on 503 and on a
// lost connection with the same key), one fault in the middle of it, then the ledger of every
// acknowledged move checked against the log of whichever node is primary at the end, every game
// finished, the ratings recomputed, and the time from the fault to the first move acknowledged
// after it.
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { runBots, type RunSummary } from '../src/cli/bot-runner.ts';
import { checkRatingsReport } from '../src/cli/ratings-check.ts';
import { buildOnce, checkLog, sleep, type Ack } from './fault-harness.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HA_SH = join(ROOT, 'deploy/ha/ha.sh');
const run = promisify(execFile);

/** Whether Debian's patroni, etcd and haproxy are installed (the HA suites skip without them). */
export function haPackagesInstalled(): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v patroni && command -v etcd && command -v haproxy'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface Topology {
  dir: string;
  /** HAProxy: what clients use. */
  lb: string;
  /** The service nodes, directly (1 and 2). */
  apps: [string, string];
  /** Both Postgres nodes directly, the primary wanted (target_session_attrs=primary): the checks' way in (the service goes through HAProxy). */
  databaseUrl: string;
  /** ha.sh with this topology's environment: what it printed (each command says what it did). */
  ha(...args: string[]): Promise<string>;
  /** The Postgres node (1 or 2) Patroni reports as primary (leader, running) now, or null. */
  primary(): Promise<number | null>;
  /** Resolves when one node is primary and the other its synchronous standby (both settled). */
  settled(withinMs?: number): Promise<void>;
  /** The pid of node n's postmaster. */
  postmasterPid(n: number): number;
  /** The process group of service node n. */
  groupOf(name: `app${1 | 2}`): number;
  /** Postgres node n's whole "machine" killed at once: its Patroni and its Postgres (each a process group of its own). */
  killMachine(n: number): void;
  /** Polls HAProxy's stats until service node n is marked down: the ms it took, or null after `withinMs`. */
  lbMarksDown(n: 1 | 2, withinMs?: number): Promise<number | null>;
  /** Patroni's view of the cluster, for logs. */
  state(): Promise<string>;
  close(): Promise<void>;
}

/** The bots make many players and requests from one address: no rate limits. */
const UNLIMITED = 'RATE_LIMIT_PLAYER=0 RATE_LIMIT_ANONYMOUS=0 RATE_LIMIT_SIGNUP=0 RATE_LIMIT_AUTH_FAILURES=0 RATE_LIMIT_PAGES=0 RATE_LIMIT_SIGNIN=0 RATE_LIMIT_SIGNIN_ADDRESS=0 RATE_LIMIT_SIGNIN_USERNAME_ADDRESS=0';

/**
 * Starts the topology (ha.sh start) afresh in `dir` on ports from `portBase` (by default HA_DIR's
 * and HA_PORT_BASE's, else /tmp/offiziersskat-ha-test and 15400); `durable`: fsync on (the
 * benchmark), else off (the tests: a commit still waits for the standby).
 */
export async function startTopology({
  dir = process.env.HA_DIR ?? '/tmp/offiziersskat-ha-test',
  portBase = Number(process.env.HA_PORT_BASE ?? 15400),
  serviceEnv = UNLIMITED,
  durable = false,
} = {}): Promise<Topology> {
  buildOnce();
  const env = { ...process.env, HA_DIR: dir, HA_PORT_BASE: String(portBase), HA_PG_FAST: durable ? '0' : '1', HA_SERVICE_ENV: serviceEnv };
  const ha = async (...args: string[]) => (await run(HA_SH, args, { env, maxBuffer: 1 << 24 })).stdout;
  execFileSync(HA_SH, ['destroy'], { env, stdio: 'ignore' });
  await ha('start');
  // Patroni's REST API of node n (ha.sh: port base + 5 + n); /cluster lists every member's role and state.
  const members = async () => {
    for (const n of [1, 2]) {
      try {
        const answer = await fetch(`http://127.0.0.1:${portBase + 5 + n}/cluster`, { signal: AbortSignal.timeout(2000) });
        if (answer.ok) return ((await answer.json()) as { members: { name: string; role: string; state: string }[] }).members;
      } catch {
        // that node's Patroni is down: ask the other
      }
    }
    return [];
  };
  const topology: Topology = {
    dir,
    lb: `http://127.0.0.1:${portBase + 10}`,
    apps: [`http://127.0.0.1:${portBase + 11}`, `http://127.0.0.1:${portBase + 12}`],
    databaseUrl: `postgres://postgres@127.0.0.1:${portBase + 1},127.0.0.1:${portBase + 2}/skat?target_session_attrs=primary`,
    ha,
    primary: async () => {
      const leader = (await members()).find((m) => m.role === 'leader' && m.state === 'running');
      return leader ? Number(leader.name.slice(4)) : null;
    },
    settled: async (withinMs = 120_000) => {
      const t0 = performance.now();
      while (performance.now() - t0 < withinMs) {
        const roles = (await members()).filter((m) => m.state === 'running').map((m) => m.role).sort();
        if (roles.join() === 'leader,sync_standby') return;
        await sleep(250);
      }
      throw new Error(`the topology did not settle: ${await topology.state()}`);
    },
    postmasterPid: (n) => Number(readFileSync(join(dir, `node${n}`, 'postmaster.pid'), 'utf8').split('\n')[0]),
    groupOf: (name) => Number(readFileSync(join(dir, `${name}.pid`), 'utf8').trim()),
    killMachine: (n) => {
      // Patroni first (else it would start its Postgres again), then the postmaster's group (its backends).
      let postmaster: number | null = null;
      try {
        postmaster = Number(execFileSync('ps', ['-o', 'pgid=', '-p', String(topology.postmasterPid(n))], { encoding: 'utf8' }).trim());
      } catch {
        // no Postgres running there
      }
      killGroup(Number(readFileSync(join(dir, `node${n}.pid`), 'utf8').trim()));
      if (postmaster) killGroup(postmaster);
    },
    lbMarksDown: async (n, withinMs = 10_000) => {
      const t0 = performance.now();
      while (performance.now() - t0 < withinMs) {
        const csv = await (await fetch(`http://127.0.0.1:${portBase + 19}/;csv`)).text().catch(() => '');
        const row = csv.split('\n').find((line) => line.startsWith(`nodes,app${n},`));
        if (row?.split(',')[17]?.startsWith('DOWN')) return Math.round(performance.now() - t0);
        await sleep(20);
      }
      return null;
    },
    state: async () =>
      (await members())
        .map((m) => `${m.name} ${m.role} ${m.state}`)
        .join(', '),
    // HA_KEEP=1: stopped but kept (its logs and data directories), for a look after a run.
    close: async () => {
      await ha(process.env.HA_KEEP === '1' ? 'stop' : 'destroy');
    },
  };
  await topology.settled();
  return topology;
}

export interface FaultResult {
  name: string;
  /** From the fault to the first move acknowledged that was sent after it, ms (null: none). */
  servedAgainMs: number | null;
  /** The longest round trip (its retries included) of a move answered within 20 s of the fault: how long a client was held up, ms. */
  stallMs: number;
  acknowledged: number;
  /** Acknowledged moves not in the surviving primary's log as answered. */
  lost: string[];
  /** Log entries acknowledged twice (one event claimed by two answers). */
  doubled: string[];
  /** Games whose log has a gap. */
  gaps: string[];
  /** Games not finished (status other than finished) at the end. */
  unfinished: number;
  failedGames: number;
  unverified: string[];
  /** Ratings recomputed from the finished rated games that differ from the stored ones. */
  ratingDifferences: string[];
  retried: RunSummary['retried'];
  /** Unexpected errors the bots met (anything but a retried 503 or a VERSION_CONFLICT). */
  unexpected: number;
  samples: string[];
  moves: number;
  movesPerSecond: number;
}

export interface FaultOptions {
  concurrency?: number;
  /** Bots start games for this long after the first move (the games in flight are then played to the end). */
  seconds?: number;
  /** The fault comes this long after the first move. */
  faultAtMs?: number;
  /**
   * How the bots hear of their opponent's moves: the long poll (default: a move's answer lists its
   * events, which the ledger checks against the log), or the view stream (a move is answered with
   * its version; a stream cut off is resumed, maybe on another node, with Last-Event-ID).
   */
  protocol?: 'longpoll' | 'stream';
}

/** Bots through HAProxy, `fault` in the middle, then every check (see FaultResult). */
export async function faultRun(topology: Topology, name: string, fault: () => Promise<unknown> | unknown, { concurrency = 32, seconds = 6, faultAtMs = 2000, protocol = 'longpoll' }: FaultOptions = {}): Promise<FaultResult> {
  const acks: Ack[] = [];
  let faultAt = Number.POSITIVE_INFINITY;
  let servedAgainAt: number | null = null;
  let stallMs = 0;
  let firstAckAt: number | null = null;
  let pending: Ack | null = null;
  const done = runBots({
    server: topology.lb,
    servers: [topology.lb],
    games: 100_000,
    concurrency,
    strategy: 'greedy',
    opponent: 'random',
    // Games are started until `seconds` after the first move (the bots' registration, slow on a busy
    // machine, is not play time): a fault before any game has begun would test nothing.
    durationMs: 600_000,
    stopped: () => firstAckAt !== null && performance.now() > firstAckAt + seconds * 1000,
    // Past the longest fault's outage (a primary's machine lost: ~11 s of 503s). A create caught by
    // a fault is made by its first retry after it, as a move is: nobody holds its key any more.
    retryForMs: 30_000,
    idempotency: 'all',
    protocol,
    onAck: (ack) => {
      firstAckAt ??= performance.now();
      acks.push(ack);
      pending = ack;
    },
    // Called right after onAck with the move's round trip (its retries included): a move sent after
    // the fault and answered says the service writes again.
    onMove: (ms) => {
      const now = performance.now();
      if (pending && servedAgainAt === null && now - ms > faultAt) servedAgainAt = now;
      if (now > faultAt && now < faultAt + 20_000) stallMs = Math.max(stallMs, ms);
      pending = null;
    },
  });
  while (firstAckAt === null) await sleep(50);
  await sleep(faultAtMs);
  faultAt = performance.now();
  await fault();
  const summary = await done;
  // Whichever node is primary now (a fresh connection through the multi-host URL finds it).
  const primaryUrl = topology.databaseUrl;
  const check = await checkLog(primaryUrl, topology.lb, acks);
  const sql = postgres(primaryUrl, { max: 1, onnotice: () => {} });
  let unfinished: number;
  let ratingDifferences: string[];
  try {
    [{ unfinished }] = await sql<{ unfinished: number }[]>`select count(*)::int as unfinished from games where status <> 'finished'`;
    ratingDifferences = (await checkRatingsReport({ query: (text, params = []) => sql.unsafe(text, params as never[]) as never })).differences;
  } finally {
    await sql.end({ timeout: 1 });
  }
  return {
    name,
    servedAgainMs: servedAgainAt === null ? null : Math.round(servedAgainAt - faultAt),
    stallMs: Math.round(stallMs),
    acknowledged: acks.length,
    lost: check.lost,
    doubled: doubledOf(acks),
    gaps: check.gaps,
    unfinished,
    failedGames: summary.failedGames,
    unverified: check.unverified,
    ratingDifferences,
    retried: summary.retried,
    unexpected: summary.unexpected,
    samples: summary.samples,
    moves: summary.moves,
    movesPerSecond: Math.round(summary.moves / (summary.elapsedMs / 1000)),
  };
}

/** An event of a game's log that two acknowledged moves both claim: the move was made twice. */
function doubledOf(acks: Ack[]): string[] {
  const claimed = new Map<string, number>();
  const doubled: string[] = [];
  for (const ack of acks)
    for (const e of ack.events) {
      const at = `${ack.gameId}#${e.seq}`;
      const by = claimed.get(at);
      if (by !== undefined && by !== ack.version) doubled.push(`${at} (v${by} and v${ack.version})`);
      claimed.set(at, ack.version);
    }
  return doubled;
}

/** A line of the run's figures. */
export function describeFault(r: FaultResult): string {
  return [
    r.name.padEnd(34),
    `served again ${r.servedAgainMs === null ? 'never' : `${r.servedAgainMs} ms`}`,
    `longest stall ${r.stallMs} ms`,
    `acked ${r.acknowledged}`,
    `lost ${r.lost.length}`,
    `doubled ${r.doubled.length}`,
    `gaps ${r.gaps.length}`,
    `unfinished ${r.unfinished}`,
    `failed games ${r.failedGames}`,
    `rating diffs ${r.ratingDifferences.length}`,
    `retried 503 ${r.retried.unavailable} net ${JSON.stringify(r.retried.network)}`,
    `unexpected ${r.unexpected}`,
    `${r.movesPerSecond} moves/s`,
    ...(r.samples.length > 0 ? [`errors: ${r.samples.join('; ')}`] : []),
  ].join(' | ');
}

/** Kills a process group outright (SIGKILL to every process in it). */
export function killGroup(pgid: number): void {
  process.kill(-pgid, 'SIGKILL');
}
