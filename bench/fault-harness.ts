// The fault runs, shared by `npm run bench:faults` (bench/faults.ts, which prints the figures) and
// the fault suite (test/faults/, which asserts them on shorter runs).
//
// Each run: the service as `npm start` runs it (the bundle: a primary and its worker) as one or
// two child processes on one PostgreSQL database, bots playing through them (the bot runner with
// its failover between servers, half the games with an Idempotency-Key on every move, half with
// their two players on different processes), one fault in the middle of it, and then the
// figures: how long until the stricken process serves again, what the clients were answered
// meanwhile, and the check of the log against every move a client got a 200 for.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { runBots, type RunSummary } from '../src/cli/bot-runner.ts';
import { verifyRecord, type GameRecord } from '../src/record/index.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let built = false;
/** `npm run build` once per run (dist/main.js, what `npm start` runs). */
export function buildOnce(): void {
  if (built) return;
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  built = true;
}

export interface ServerProcess {
  url: string;
  /** The primary's pid. */
  pid: number;
  /** The worker's pid now (the primary's child), or null while it has none. */
  workerPid(): number | null;
  /** The primary's and workers' log lines with a `msg` (not the access log). */
  messages: string[];
  /** The X-Request-Id of every request the service logged (read and answered, or failed). */
  requestIds: Set<string>;
  /** Resolves when the process has exited and its log is read to the end. */
  logged: Promise<void>;
  exited: Promise<{ code: number | null; signal: string | null }>;
  child: ChildProcess;
}

/** Starts `node dist/main.js` on a free port and waits until it is ready. */
export async function startServer(databaseUrl: string, env: Record<string, string> = {}, port?: number): Promise<ServerProcess> {
  buildOnce();
  port ??= await freePort();
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_POOL_SIZE: '4', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const messages: string[] = [];
  const requestIds = new Set<string>();
  let buffer = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    buffer += chunk;
    let cut: number;
    while ((cut = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 1);
      if (line.includes('"msg"')) messages.push(line);
      const id = /"requestId":"([^"]+)"/.exec(line)?.[1];
      if (id) requestIds.add(id);
    }
  });
  const logged = new Promise<void>((resolve) => child.stdout!.once('close', () => resolve()));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  const ready = await untilReady(url, 120_000, child);
  if (ready === null) throw new Error(`the server on ${url} did not become ready`);
  return {
    url,
    pid: child.pid!,
    workerPid: () => {
      try {
        const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim();
        return children ? Number(children.split(/\s+/)[0]) : null;
      } catch {
        return null;
      }
    },
    messages,
    requestIds,
    logged,
    exited,
    child,
  };
}

/** Polls /readyz every 50 ms until 200: the ms it took, or null after `withinMs`. */
export async function untilReady(url: string, withinMs: number, child?: ChildProcess): Promise<number | null> {
  const t0 = performance.now();
  while (performance.now() - t0 < withinMs) {
    if (child && child.exitCode !== null) return null;
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      if (res.ok) return performance.now() - t0;
    } catch {
      // not listening (yet, or any more)
    }
    await sleep(50);
  }
  return null;
}

export interface Ack {
  gameId: string;
  version: number;
  events: { seq: number; type: string }[];
}

export interface LogCheck {
  acknowledged: number;
  /** Acknowledged moves whose events are not in the log as answered. */
  lost: string[];
  games: number;
  /** Games whose log has a gap (seqs not 1..n). */
  gaps: string[];
  finished: number;
  /** Finished games whose record does not verify: `id: why` (the status of its read, or its first problems). */
  unverified: string[];
}

/** Every acknowledged move against the database's log; every finished game's record verified. */
export async function checkLog(databaseUrl: string, recordServer: string, acks: Ack[]): Promise<LogCheck> {
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const rows = await sql<{ game_id: string; seqs: number[]; types: string[] }[]>`
      select game_id, array_agg(seq order by seq) as seqs, array_agg(type order by seq) as types
      from game_events group by game_id`;
    const logs = new Map(rows.map((r) => [r.game_id, r]));
    const gaps = rows.filter((r) => r.seqs.some((s, i) => s !== i + 1)).map((r) => r.game_id);
    const lost: string[] = [];
    for (const ack of acks) {
      const log = logs.get(ack.gameId);
      const ok = !!log && log.seqs.length >= ack.version && ack.events.every((e) => log.types[e.seq - 1] === e.type);
      if (!ok) lost.push(`${ack.gameId} v${ack.version}`);
    }
    const finished = await sql<{ id: string }[]>`select id from games where status = 'finished'`;
    const unverified: string[] = [];
    for (const { id } of finished) {
      const res = await fetch(`${recordServer}/v1/games/${id}/record`);
      // Why a record is not verified, in the entry (a test's failure then says it).
      if (!res.ok) {
        unverified.push(`${id}: ${res.status} ${(await res.text()).slice(0, 200)}`);
        continue;
      }
      const verification = verifyRecord((await res.json()) as GameRecord);
      if (!verification.ok) unverified.push(`${id}: ${verification.problems.slice(0, 2).join('; ')}`);
    }
    return { acknowledged: acks.length, lost, games: rows.length, gaps, finished: finished.length, unverified };
  } finally {
    await sql.end({ timeout: 1 });
  }
}

export interface Load {
  acks: Ack[];
  /** Resolves when the bots have finished (they stop starting games after `seconds`). */
  done: Promise<RunSummary>;
}

/** Bots playing through `servers` for `seconds` (the games in flight are played to their end). */
export function startLoad(
  servers: string[],
  { games = 1000, concurrency = 16, seconds = 10, retryForMs = 30_000, idempotency = 'half' }: { games?: number; concurrency?: number; seconds?: number; retryForMs?: number; idempotency?: 'none' | 'half' | 'all' } = {},
): Load {
  const acks: Ack[] = [];
  const done = runBots({
    server: servers[0],
    servers,
    games,
    concurrency,
    strategy: 'greedy',
    opponent: 'random',
    durationMs: seconds * 1000,
    retryForMs,
    idempotency,
    onAck: (ack) => acks.push(ack),
  });
  return { acks, done };
}

/** The 503s and connection errors the bots met (and retried). */
export const retriedOf = (s: RunSummary) => ({ unavailable: s.retried.unavailable, network: s.retried.network });

/** A line of figures. */
export function describeRun(name: string, f: Record<string, unknown>): string {
  return `${name.padEnd(26)} ${Object.entries(f)
    .map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : v}`)
    .join(' | ')}`;
}

export { sleep };
