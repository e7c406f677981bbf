// A large finished Swiss event under readers: `npm run bench:tournament-streams`.
//
// The service runs in a process of its own (this file with the argument `serve`: startService on
// in-memory PGlite, RATE_LIMIT_ANONYMOUS=0 so the budget does not hide what the streams cost),
// with a finished Swiss event of BENCH_PLAYERS (1,000) players through BENCH_ROUNDS (10) rounds,
// BENCH_STANDINGS (9) standings events a round: its log written straight into the database
// (test/support/big-tournament.ts), 118 events, some 19 MB. Then it prints:
// 1. The read, GET /v1/tournaments/{id}: its size, its ETag, and what the same read with
//    If-None-Match answers.
// 2. A late joiner's replay: GET /v1/tournaments/{id}/stream read to its end (the event is over,
//    so the stream ends): the bytes and the events by type.
// 3. BENCH_STREAMS (100) streams from one address (MAX_WAITERS_PER_ADDRESS's default) that read
//    the head and then never read again: once each has its head and the process has nothing
//    left to write (or after BENCH_WAIT_S, 30, seconds), the service's RSS
//    before and now (each after a full collection), the answers by status, the bytes the
//    service's process holds for them (the responses' queued writes, writableLength) and the
//    bytes the kernel holds (the server's send queues, the readers' receive queues).
// BENCH_HEAP_MB runs the service with --max-old-space-size (the issue's 1,024: before the stream
// wrote in pages, it died). Prints numbers; nothing here passes or fails.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const env = process.env;
const PLAYERS = Number(env.BENCH_PLAYERS ?? 1000);
const ROUNDS = Number(env.BENCH_ROUNDS ?? 10);
const STANDINGS = Number(env.BENCH_STANDINGS ?? 9);
const STREAMS = Number(env.BENCH_STREAMS ?? 100);
const WAIT_S = Number(env.BENCH_WAIT_S ?? 30);
const HEAP_MB = env.BENCH_HEAP_MB ? Number(env.BENCH_HEAP_MB) : null;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1e3).toFixed(0)} KB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function serve() {
  const { loadConfig } = await import('../src/app/config.ts');
  const { startService } = await import('../src/app/server.ts');
  const { seedFinishedSwiss } = await import('../test/support/big-tournament.ts');
  const config = loadConfig({ ...env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: 'memory://', LOG_LEVEL: env.LOG_LEVEL ?? 'silent', RATE_LIMIT_ANONYMOUS: '0' });
  const service = await startService(config);
  // The responses being written: what the process holds for each (its queued writes).
  const open = new Set<ServerResponse>();
  service.server.on('request', (_req, res: ServerResponse) => {
    open.add(res);
    res.once('close', () => open.delete(res));
  });
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${service.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string; token: string };
  };
  const { token } = await post('/v1/accounts', { username: 'bench_director', password: 'correct horse battery staple' });
  const startsAt = new Date(Date.now() + 86_400_000).toISOString();
  const { id } = await post('/v1/tournaments', { name: 'Bench Swiss', system: 'swiss', variant: 'classic', turnSeconds: 60, startsAt, rounds: ROUNDS, maxPlayers: 1000 }, token);
  const seeded = await seedFinishedSwiss(service.parts.database, { tournamentId: id, players: PLAYERS, rounds: ROUNDS, standingsPerRound: STANDINGS });
  // Settle before the baseline: the seeding's garbage collected.
  (globalThis as { gc?: () => void }).gc?.();
  await sleep(500);
  process.stdout.write(`READY ${service.url} ${id} ${seeded.events.length} ${seeded.logBytes}\n`);
  for await (const line of createInterface({ input: process.stdin })) {
    // After a full collection: garbage the collector has not freed yet is no one's cost.
    if (line === 'rss') (globalThis as { gc?: () => void }).gc?.(), process.stdout.write(`RSS ${process.memoryUsage().rss}\n`);
    if (line === 'queued') process.stdout.write(`QUEUED ${[...open].reduce((n, r) => n + r.writableLength, 0)} ${open.size}\n`);
    if (line === 'exit') process.exit(0);
  }
}

/** One reader: sends the request, reads the head's first chunk, then never reads again. */
function reader(port: number, path: string) {
  const state = { status: 0, socket: null as Socket | null };
  const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
  state.socket = socket;
  socket.once('data', (chunk: Buffer) => {
    state.status = Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1] ?? -1);
    socket.pause();
  });
  socket.on('error', () => {});
  return state;
}

/** The bytes the kernel holds on the port's established connections: the server's send queues, the readers' receive queues (/proc/net/tcp). */
function kernelQueues(port: number) {
  let send = 0;
  let receive = 0;
  try {
    for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
      for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
        const f = line.trim().split(/\s+/);
        if (f.length < 5 || f[3] !== '01') continue;
        const [tx, rx] = f[4].split(':').map((h) => Number.parseInt(h, 16));
        const portOf = (address: string) => Number.parseInt(address.split(':').at(-1) ?? '', 16);
        if (portOf(f[1]) === port) send += tx;
        else if (portOf(f[2]) === port) receive += rx;
      }
    }
  } catch {
    return { send: Number.NaN, receive: Number.NaN };
  }
  return { send, receive };
}

async function main() {
  const node = ['--expose-gc', ...(HEAP_MB ? [`--max-old-space-size=${HEAP_MB}`] : []), '--import', 'tsx'];
  const child = spawn(process.execPath, [...node, fileURLToPath(import.meta.url), 'serve'], { stdio: ['pipe', 'pipe', 'inherit'], env });
  // The service's answers, a line each; the service gone (out of memory), every wait fails.
  let exited: string | null = null;
  const waiting: Array<{ resolve: (line: string) => void; reject: (e: Error) => void }> = [];
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.resolve(line));
  child.on('exit', (code, signal) => {
    exited = `the service exited (${signal ?? code})`;
    for (const w of waiting.splice(0)) w.reject(new Error(exited));
  });
  const next = () => new Promise<string>((resolve, reject) => (exited ? reject(new Error(exited)) : waiting.push({ resolve, reject })));
  const t0 = Date.now();
  const [, base, id, events, logBytes] = (await next()).split(' ');
  const port = Number(new URL(base).port);
  const ask = async (what: 'rss' | 'queued') => {
    child.stdin.write(`${what}\n`);
    return (await next()).split(' ').slice(1).map(Number);
  };
  console.log(`${cpus()[0]?.model ?? 'cpu'} × ${cpus().length}, Node ${process.version}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`a finished Swiss event of ${PLAYERS} players, ${ROUNDS} rounds: ${events} events, ${mb(Number(logBytes))} of log, seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

  // 1. The read.
  const path = `/v1/tournaments/${id}`;
  const read = await fetch(`${base}${path}`);
  const readBytes = (await read.arrayBuffer()).byteLength;
  const etag = read.headers.get('etag');
  const again = etag ? (await fetch(`${base}${path}`, { headers: { 'If-None-Match': etag } })).status : null;
  console.log(`GET ${path}: ${read.status}, ${kb(readBytes)}, ETag ${etag ?? 'none'}${again ? `; with If-None-Match: ${again}` : ''}`);

  // 2. A late joiner's replay, read to the stream's end.
  const t1 = performance.now();
  const stream = await fetch(`${base}${path}/stream`);
  const text = await stream.text();
  const types: Record<string, number> = {};
  for (const m of text.matchAll(/^event: (\w+)$/gm)) types[m[1]] = (types[m[1]] ?? 0) + 1;
  console.log(`a late joiner's replay: ${stream.status}, ${mb(Buffer.byteLength(text))} in ${(performance.now() - t1).toFixed(0)} ms, events ${JSON.stringify(types)}`);

  // 3. Streams that never read.
  await sleep(1000);
  const [before] = await ask('rss');
  const t2 = Date.now();
  const readers = Array.from({ length: STREAMS }, () => reader(port, `${path}/stream`));
  // Until every stream has answered and the process has written what it will (or BENCH_WAIT_S).
  while (Date.now() - t2 < WAIT_S * 1000) {
    await sleep(250);
    if (readers.every((r) => r.status) && (await ask('queued'))[0] === 0) break;
  }
  const waited = ((Date.now() - t2) / 1000).toFixed(1);
  const byStatus: Record<string, number> = {};
  for (const r of readers) byStatus[r.status || 'none yet'] = (byStatus[r.status || 'none yet'] ?? 0) + 1;
  try {
    const [now] = await ask('rss');
    const [queued, responses] = await ask('queued');
    const kernel = kernelQueues(port);
    console.log(
      `${STREAMS} streams that do not read, after ${waited} s: RSS ${mb(before)} → ${mb(now)} (${now >= before ? '+' : ''}${mb(now - before)}); answers ${JSON.stringify(byStatus)}; ` +
        `queued in the process: ${mb(queued)} over ${responses} responses; in the kernel: server send ${mb(kernel.send)}, readers' receive ${mb(kernel.receive)}`,
    );
  } catch (e) {
    console.log(`${STREAMS} streams that do not read: ${(e as Error).message} (RSS before ${mb(before)}; answers ${JSON.stringify(byStatus)})`);
  }
  for (const r of readers) r.socket?.destroy();
  if (!exited) child.stdin.write('exit\n');
}

if (process.argv[2] === 'serve') await serve();
else await main();
