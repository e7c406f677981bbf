// View streams at scale: `npm run bench:streams`.
//
// Starts the service as `npm start` runs it (one serving process, the embedded database in
// memory: no disk, so what is measured is the streams), seats two players at a game, and opens
// BENCH_STREAMS (1000) view streams on it (`GET /v1/games/{id}/stream?views=true`, as spectators).
// Then:
// 1. RSS per open stream: the server's RSS once every stream has its first view, less its RSS
//    before the first was opened, over the count.
// 2. Fan-out: BENCH_MOVES (40) moves, one at a time, each sent with `Prefer: return=minimal`; for
//    each, the time from the mover's 204 (the commit acknowledged) to each stream's next view
//    (a stream may have it before the 204: then 0), and the spread from the first stream's view
//    to the last's. One client process reads every stream, so its own turn through 1,000 sockets
//    is in these figures; they are an upper bound of the server's.
// 3. Fan-out measured inside the server (BENCH_PART=fanout, or all: the default): the service
//    in this process (startService, the embedded database in memory), BENCH_STREAMS view streams
//    over BENCH_GAMES (4) games, as spectators; BENCH_MOVES moves, one at a time, in turn over the
//    games. For each: from the commit (the moment the append has committed and the notifier is
//    told: GameRepository.append's publish) to the last of that game's streams' writes of the new
//    view (ServerResponse.write returned: the message is the socket's), by performance.now().
//    The readers are a process of their own (see openReaders); BENCH_READERS=here reads in this
//    process, as the benchmark did until 2026-12-02.
// The targets of issue 25: ≤ 50 KB of RSS per stream, ≤ 5 ms p99 from a commit to all of a
// game's streams.
// BENCH_PART: rss (1 and 2), fanout (3), or all (the default).
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { latencyStats } from '../src/cli/bot-runner.ts';

const env = process.env;
const STREAMS = Number(env.BENCH_STREAMS ?? 1000);
const MOVES = Number(env.BENCH_MOVES ?? 40);
const GAMES = Number(env.BENCH_GAMES ?? 4);
const PART = env.BENCH_PART ?? 'all';
/** Who reads the in-server fan-out's streams: another process (the default), or the server's own (`here`). */
const READERS = env.BENCH_READERS === 'here' ? 'here' : 'process';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TARGET = { kbPerStream: 50, p99Ms: 5 };

const log = (line: string) => process.stderr.write(`${line}\n`);
const out = (line: string) => process.stdout.write(`${line}\n`);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** A JSON request to the service: status, headers and the parsed body. */
function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  // biome-ignore lint/suspicious/noExplicitAny: a benchmark reads whatever JSON the service answers
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }>((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${base}${path}`,
      { method, agent, headers: { ...headers, ...(text ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) } : {}) } },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (data += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data ? JSON.parse(data) : null }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function main() {
  const port = await freePort();
  execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: ROOT,
    env: {
      ...env,
      DATABASE_URL: 'memory://',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SINGLE_PROCESS: '1',
      // Twice the streams: the first round's slots may not all be back when the second opens (a
      // busy host notices the closes late), and the last tenth is kept for new addresses.
      MAX_WAITERS: String(2 * STREAMS + 100),
      MAX_WAITERS_PER_CLIENT: String(2 * STREAMS + 100),
      MAX_WAITERS_PER_ADDRESS: String(2 * STREAMS + 100),
      RATE_LIMIT_PLAYER: '0',
      RATE_LIMIT_ANONYMOUS: '0',
      RATE_LIMIT_SIGNUP: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const sockets: http.ClientRequest[] = [];
  try {
    for (let tries = 0; ; tries++) {
      if (tries > 600) throw new Error('the server did not become ready');
      const ok = await call(base, 'GET', '/readyz').then((r) => r.status === 200, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 200)); // start-up only
    }
    out(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    const [a, b] = [await call(base, 'POST', '/v1/players', { name: 'Anna' }), await call(base, 'POST', '/v1/players', { name: 'Bert' })];
    const auth = { a: { authorization: `Bearer ${a.body.token}` }, b: { authorization: `Bearer ${b.body.token}` } };
    const created = await call(base, 'POST', '/v1/games', { seat: 'forehand' }, auth.a);
    const gameId = created.body.id as string;
    await call(base, 'POST', `/v1/games/${gameId}/join`, undefined, auth.b);
    // Each stream: the time of its latest view (a view message is the last of a change's round).
    const lastView = new Float64Array(STREAMS);
    const open = () =>
      new Promise<void>((resolve, reject) => {
        let opened = 0;
        const connect = (i: number, tries = 0): void => {
          const req = http.get(`${base}/v1/games/${gameId}/stream?views=true`, { headers: { accept: 'text/event-stream' } }, (res) => {
            // A busy host may time a connection out before it is read (408): open it again.
            if (res.statusCode !== 200) return tries < 3 ? (res.resume(), connect(i, tries + 1)) : reject(new Error(`stream ${i}: ${res.statusCode}`));
            let first = true;
            res.on('data', (chunk: Buffer) => {
              if (chunk.indexOf('event: view') < 0) return;
              lastView[i] = performance.now();
              if (first) {
                first = false;
                if (++opened === STREAMS) resolve();
              }
            });
          });
          req.on('error', () => {}); // closed by us
          sockets.push(req);
        };
        for (let i = 0; i < STREAMS; i++) connect(i);
      });
    // A first round of streams, opened and closed, so the baseline is a warm process (the start's
    // garbage collected, the code compiled), not one fresh from its migrations.
    await open();
    for (const r of sockets.splice(0)) r.destroy();
    await new Promise((r) => setTimeout(r, 3000));
    const before = rssMb(child.pid!);
    await open();
    await new Promise((r) => setTimeout(r, 1000));
    const after = rssMb(child.pid!);
    const kbPerStream = ((after - before) * 1024) / STREAMS;
    log(`${STREAMS} streams open`);

    const delays: number[] = [];
    const spreads: number[] = [];
    let view = (await call(base, 'GET', `/v1/games/${gameId}`, undefined, auth.a)).body;
    const bySeat = { forehand: auth.a, dealer: auth.b } as Record<string, Record<string, string>>;
    for (let m = 0; m < MOVES && view.status !== 'finished'; m++) {
      const mover = bySeat[view.toMove];
      const mine = (await call(base, 'GET', `/v1/games/${gameId}`, undefined, mover)).body;
      const sent = performance.now();
      const res = await call(base, 'POST', `/v1/games/${gameId}/moves`, { move: mine.legalMoves[0], expectedVersion: mine.version }, { ...mover, prefer: 'return=minimal' });
      if (res.status !== 204) throw new Error(`move ${m}: ${res.status} ${JSON.stringify(res.body)}`);
      const acked = performance.now();
      // Every stream's view of this change.
      const deadline = acked + 5000;
      while ([...lastView].some((t) => t < sent) && performance.now() < deadline) await new Promise((r) => setImmediate(r));
      const got = [...lastView].filter((t) => t >= sent);
      for (const t of got) delays.push(Math.max(0, t - acked));
      spreads.push(Math.max(...got) - Math.min(...got));
      if (got.length < STREAMS) log(`move ${m}: ${STREAMS - got.length} streams without the view after 5 s`);
      view = (await call(base, 'GET', `/v1/games/${gameId}`)).body;
    }
    const d = latencyStats(delays);
    const s = latencyStats(spreads);
    const f = (x: number) => x.toFixed(2);
    const mark = (ok: boolean) => (ok ? 'ok  ' : 'MISS');
    out(`streams ${STREAMS} view streams on one game: server RSS ${before.toFixed(1)} MB before, ${after.toFixed(1)} MB with them open: ${kbPerStream.toFixed(1)} KB per stream`);
    out(`      commit (the mover's 204) to each stream's view, ${spreads.length} moves × ${STREAMS} streams: p50 ${f(d.p50)} ms, p99 ${f(d.p99)} ms, max ${f(d.max)} ms`);
    out(`      first stream's view to the last's, per move: p50 ${f(s.p50)} ms, p99 ${f(s.p99)} ms (one client process reads every stream)`);
    out(`      host load ${os.loadavg()[0].toFixed(1)} at the end`);
    out(`${mark(kbPerStream <= TARGET.kbPerStream)} ≤ ${TARGET.kbPerStream} KB RSS per open view stream`);
    out(`${mark(d.p99 <= TARGET.p99Ms)} a commit reaches all of a game's streams in ≤ ${TARGET.p99Ms} ms p99`);
  } finally {
    for (const r of sockets) r.destroy();
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    agent.destroy();
  }
}

/**
 * Part 3: a commit's fan-out timed inside the server: from the append's announcement to the last
 * write of the new view to that game's streams.
 */
async function inProcessFanOut() {
  const { loadConfig } = await import('../src/app/config.ts');
  const { startService } = await import('../src/app/server.ts');
  const service = await startService(
    loadConfig({
      DATABASE_URL: 'memory://',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      // Twice the streams: the last tenth of the process's slots is kept for new addresses, and
      // every reader here comes from one.
      MAX_WAITERS: String(2 * STREAMS + 100),
      MAX_WAITERS_PER_CLIENT: String(2 * STREAMS + 100),
      MAX_WAITERS_PER_ADDRESS: String(2 * STREAMS + 100),
      RATE_LIMIT_PLAYER: '0',
      RATE_LIMIT_ANONYMOUS: '0',
      RATE_LIMIT_SIGNUP: '0',
    }),
  );
  const base = service.url;
  const agentOf = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const streams: http.ClientRequest[] = [];
  let readerProcess: ReturnType<typeof spawn> | undefined;
  // The clock: a commit's announcement, and each write of a view message (game, version).
  const committedAt = new Map<string, { at: number; cpu: NodeJS.CpuUsage }>();
  /** Per change: its last write's time, the writes so far, and this process's CPU time from the commit to the last. */
  const writes = new Map<string, { first: number; last: number; count: number; cpuMs?: number }>();
  let perGame = 0;
  const notifier = service.parts.notifier;
  const publish = notifier.publish.bind(notifier);
  notifier.publish = (key, version) => {
    // The CPU reading first: its own cost is the benchmark's, not the fan-out's.
    const cpu = process.cpuUsage();
    committedAt.set(`${key} ${version}`, { at: performance.now(), cpu });
    return publish(key, version);
  };
  const write = http.ServerResponse.prototype.write;
  const VIEW = /event: view\ndata: \{"id":"([^"]+)","version":(\d+)/;
  /** The change (`game version`) whose view a write carries, or null; parsed once per chunk of bytes (one for a game's streams). */
  const viewOf = (written: string | Buffer): string | null => {
    const at = written.lastIndexOf('event: view');
    const m = at < 0 ? null : VIEW.exec(typeof written === 'string' ? written.slice(at, at + 120) : written.toString('latin1', at, at + 120));
    return m ? `${m[1]} ${m[2]}` : null;
  };
  const parsed = new WeakMap<Uint8Array, string | null>();
  // biome-ignore lint/suspicious/noExplicitAny: node's overloads of write, passed through as they are
  http.ServerResponse.prototype.write = function (this: http.ServerResponse, chunk: any, ...rest: any[]) {
    const done = (write as (...args: unknown[]) => boolean).apply(this, [chunk, ...rest]);
    // A round is written as text or as its bytes (encoded once for every stream that sends it).
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) {
      let key: string | null | undefined;
      if (typeof chunk === 'string') key = viewOf(chunk);
      else {
        key = parsed.get(chunk);
        if (key === undefined) parsed.set(chunk, (key = viewOf(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))));
      }
      if (key) {
        const now = performance.now();
        const w = writes.get(key);
        const entry = w ?? { first: now, last: now, count: 0 };
        entry.last = now;
        entry.count++;
        if (!w) writes.set(key, entry);
        const from = committedAt.get(key);
        // The CPU this process spent from the commit to the last write: the fan-out's own cost,
        // which a busy host's preemption does not inflate (the readers read only afterwards).
        if (entry.count === perGame && from) {
          const used = process.cpuUsage(from.cpu);
          entry.cpuMs = (used.user + used.system) / 1000;
        }
      }
    }
    return done;
  } as typeof write;
  try {
    log(`service in this process at ${base}`);
    const games: { id: string; bySeat: Record<string, Record<string, string>> }[] = [];
    for (let g = 0; g < GAMES; g++) {
      const [a, b] = [await call(base, 'POST', '/v1/players', { name: `Anna${g}` }), await call(base, 'POST', '/v1/players', { name: `Bert${g}` })];
      const auth = { a: { authorization: `Bearer ${a.body.token}` }, b: { authorization: `Bearer ${b.body.token}` } };
      const created = await call(base, 'POST', '/v1/games', { seat: 'forehand' }, auth.a);
      await call(base, 'POST', `/v1/games/${created.body.id}/join`, undefined, auth.b);
      games.push({ id: created.body.id, bySeat: { forehand: auth.a, dealer: auth.b } });
    }
    perGame = Math.floor(STREAMS / GAMES);
    const gameIds = games.map((g) => g.id);
    if (READERS === 'here') streams.push(...(await openStreams(base, gameIds, perGame, agentOf)));
    else readerProcess = await openReaders(base, gameIds, perGame);
    log(`${perGame * GAMES} streams open on ${GAMES} games (read ${READERS === 'here' ? 'in this process' : 'by another process'})`);
    const fanOut: number[] = [];
    const fanOutCpu: number[] = [];
    // Where a fan-out's time goes: before its first write (the round made), and the writes; and
    // whether a garbage collection of this process fell inside it.
    const toFirst: number[] = [];
    const writing: number[] = [];
    const spans: { from: number; to: number }[] = [];
    const collections: { from: number; to: number }[] = [];
    const gc = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) collections.push({ from: e.startTime, to: e.startTime + e.duration });
    });
    gc.observe({ entryTypes: ['gc'] });
    let short = 0;
    for (let m = 0; m < MOVES; m++) {
      const game = games[m % GAMES];
      const seen = (await call(base, 'GET', `/v1/games/${game.id}`)).body;
      if (seen.status === 'finished') break;
      const mover = game.bySeat[seen.toMove];
      const mine = (await call(base, 'GET', `/v1/games/${game.id}`, undefined, mover)).body;
      const res = await call(base, 'POST', `/v1/games/${game.id}/moves`, { move: mine.legalMoves[0], expectedVersion: mine.version }, { ...mover, prefer: 'return=minimal' });
      if (res.status !== 204) throw new Error(`move ${m}: ${res.status} ${JSON.stringify(res.body)}`);
      const version = Number(/"(\d+)/.exec(String(res.headers.etag))?.[1]);
      const key = `${game.id} ${version}`;
      const deadline = performance.now() + 5000;
      while ((writes.get(key)?.count ?? 0) < perGame && performance.now() < deadline) await new Promise((r) => setTimeout(r, 1));
      const w = writes.get(key);
      const at = committedAt.get(key);
      if (!w || at === undefined || w.count < perGame) short++;
      else {
        fanOut.push(w.last - at.at);
        toFirst.push(w.first - at.at);
        writing.push(w.last - w.first);
        spans.push({ from: at.at, to: w.last });
        if (w.cpuMs !== undefined) fanOutCpu.push(w.cpuMs);
      }
    }
    gc.disconnect();
    const d = latencyStats(fanOut);
    const c = latencyStats(fanOutCpu);
    const [first, rest] = [latencyStats(toFirst), latencyStats(writing)];
    const hit = spans.filter((sp) => collections.some((g) => g.to > sp.from && g.from < sp.to)).length;
    const f = (x: number) => x.toFixed(2);
    out(`fan-out inside the server: ${perGame} view streams per game × ${GAMES} games (read ${READERS === 'here' ? 'in the server\'s process' : 'by another process'}), ${fanOut.length} commits: commit to its game's last stream write p50 ${f(d.p50)} ms, p99 ${f(d.p99)} ms, max ${f(d.max)} ms${short ? ` (${short} commits not written to every stream within 5 s)` : ''}`);
    out(`      CPU time of that span (this process): p50 ${f(c.p50)} ms, p99 ${f(c.p99)} ms, ${((1000 * c.p50) / perGame).toFixed(1)} µs per stream at p50 (what an idle core would take)`);
    out(`      commit to the first write p50 ${f(first.p50)} ms, p99 ${f(first.p99)} ms; first to last write p50 ${f(rest.p50)} ms, p99 ${f(rest.p99)} ms`);
    out(`      garbage collections of this process: ${collections.length}, inside ${hit} of the ${spans.length} fan-outs`);
    out(`      host load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    out(`${d.p99 <= TARGET.p99Ms && short === 0 ? 'ok  ' : 'MISS'} a commit reaches all of a game's streams in ≤ ${TARGET.p99Ms} ms p99 (inside the server)`);
  } finally {
    http.ServerResponse.prototype.write = write;
    readerProcess?.kill();
    for (const r of streams) r.destroy();
    agentOf.destroy();
    await service.close();
  }
}

/**
 * `perGame` view streams on each game, read and dropped; resolves once each has its first message
 * (rejects on a stream refused).
 */
function openStreams(base: string, gameIds: string[], perGame: number, agent: http.Agent): Promise<http.ClientRequest[]> {
  const total = perGame * gameIds.length;
  const opening: http.ClientRequest[] = [];
  return new Promise((resolve, reject) => {
    let opened = 0;
    for (let i = 0; i < total; i++) {
      const req = http.get(`${base}/v1/games/${gameIds[i % gameIds.length]}/stream?views=true`, { agent, headers: { accept: 'text/event-stream' } }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(`stream ${i}: ${res.statusCode}`));
        }
        res.once('data', () => ++opened === total && resolve(opening));
        res.resume();
      });
      req.on('error', () => {}); // closed by us, or the server goes first at the end
      opening.push(req);
    }
  });
}

/**
 * The fan-out's readers in a process of their own (BENCH_ROLE=readers runs this file as that
 * process): the service's heap and event loop then hold only the service, as they would with
 * clients on other machines; read in the service's process (BENCH_READERS=here), every reader's
 * buffers are garbage of the process measured and its turns through 1,000 sockets share its loop.
 */
async function openReaders(base: string, gameIds: string[], perGame: number): Promise<ReturnType<typeof spawn>> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    cwd: ROOT,
    env: { ...env, BENCH_ROLE: 'readers', BENCH_READER_BASE: base, BENCH_READER_GAMES: gameIds.join(','), BENCH_READER_PER_GAME: String(perGame) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let said = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      said += chunk;
      if (said.includes('open\n')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the readers' process ended (${code}) before its streams opened`)));
  });
  return child;
}

/** The readers' process: opens every stream, says `open` once each has its first message, then reads until killed. */
async function readers() {
  const gameIds = (env.BENCH_READER_GAMES ?? '').split(',');
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  await openStreams(env.BENCH_READER_BASE ?? '', gameIds, Number(env.BENCH_READER_PER_GAME), agent);
  process.stdout.write('open\n');
}

async function all() {
  if (env.BENCH_ROLE === 'readers') return readers();
  if (PART === 'rss' || PART === 'all') await main();
  if (PART === 'fanout' || PART === 'all') await inProcessFanOut();
}

all().catch((e) => {
  log(`bench:streams failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
