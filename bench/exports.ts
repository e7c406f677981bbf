// Exports held open by readers that stop reading: `tsx bench/exports.ts`.
//
// The service runs in a process of its own (this file with the argument `serve`: startService on
// in-memory PGlite, TRUST_PROXY=1 so the readers can speak for several addresses, RATE_LIMIT_EXPORT=0
// so the budget does not hide the concurrency), with BENCH_GAMES (10,000) finished rated games:
// one played to its end, the rest copies of it (as test/exports/export.test.ts seeds them), so one
// export is far larger than the socket buffers. Then BENCH_READERS (100) readers each send
// GET /v1/games/export, read the head and stop reading, from BENCH_ADDRESSES (100) addresses
// (X-Forwarded-For; 1: all from one). After BENCH_WAIT_S (10) seconds it prints the service's
// RSS before and now (each after a full collection), how many exports were answered 200 and how
// many refused (by status), the connections the server holds and the bytes queued in them (the server's
// send queues, the readers' receive queues). With BENCH_AFTER_S (0: skip) it waits that
// much longer and prints the same again (a reader cut for not reading is a connection the server no
// longer holds). Prints numbers; nothing here passes or fails.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const env = process.env;
const GAMES = Number(env.BENCH_GAMES ?? 10_000);
const READERS = Number(env.BENCH_READERS ?? 100);
const ADDRESSES = Number(env.BENCH_ADDRESSES ?? 100);
const WAIT_S = Number(env.BENCH_WAIT_S ?? 10);
const AFTER_S = Number(env.BENCH_AFTER_S ?? 0);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function serve() {
  const { loadConfig } = await import('../src/app/config.ts');
  const { startService } = await import('../src/app/server.ts');
  const config = loadConfig({ ...env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: 'memory://', LOG_LEVEL: env.LOG_LEVEL ?? 'silent', TRUST_PROXY: '1', RATE_LIMIT_EXPORT: '0' });
  const service = await startService(config);
  const base = service.url;
  const json = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string; token: string; status: string; toMove: string; legalMoves: unknown[]; version: number };
  };
  const account = async (username: string) => (await json('POST', '/v1/accounts', undefined, { username, password: 'correct horse battery staple' })).token;
  const [a, b] = [await account('bench_a'), await account('bench_b')];
  const game = await json('POST', '/v1/games', a, { seat: 'forehand', rated: true });
  await json('POST', `/v1/games/${game.id}/join`, b);
  const bySeat: Record<string, string> = { forehand: a, dealer: b };
  for (let i = 0; ; i++) {
    const spectator = await json('GET', `/v1/games/${game.id}`);
    if (spectator.status === 'finished') break;
    const mine = await json('GET', `/v1/games/${game.id}`, bySeat[spectator.toMove]);
    const move = mine.legalMoves[(i * 7919) % mine.legalMoves.length];
    await json('POST', `/v1/games/${game.id}/moves`, bySeat[spectator.toMove], { move, expectedVersion: mine.version });
  }
  const { database } = service.parts;
  for (let from = 1; from < GAMES; from += 500) {
    const to = Math.min(GAMES - 1, from + 499);
    await database.query(
      `insert into games (id, config, status, version, forehand_player_id, dealer_player_id, reserved_player_id, server_seed, seed_commitment,
         turn_seconds, rated, rating_changes, created_at, updated_at)
       select g.id || '-' || i, g.config, g.status, g.version, g.forehand_player_id, g.dealer_player_id, null, g.server_seed, g.seed_commitment,
         g.turn_seconds, g.rated, g.rating_changes, g.created_at - make_interval(secs => i), g.updated_at - make_interval(secs => i)
       from games g, generate_series($2::int, $3::int) i where g.id = $1`,
      [game.id, from, to],
    );
    await database.query(
      `insert into game_events (game_id, seq, type, seat, payload)
       select e.game_id || '-' || i, e.seq, e.type, e.seat, e.payload from game_events e, generate_series($2::int, $3::int) i where e.game_id = $1`,
      [game.id, from, to],
    );
  }
  // Settle before the baseline: the seeding's garbage collected.
  (globalThis as { gc?: () => void }).gc?.();
  await sleep(500);
  process.stdout.write(`READY ${base}\n`);
  for await (const line of createInterface({ input: process.stdin })) {
    // After a full collection: garbage the collector has not freed yet is no one's cost.
    if (line === 'rss') (globalThis as { gc?: () => void }).gc?.(), process.stdout.write(`RSS ${process.memoryUsage().rss}\n`);
    if (line === 'exit') process.exit(0);
  }
}

/** One reader: sends the request, reads the head's first chunk, then never reads again. */
function reader(port: number, address: string) {
  const state = { status: 0, ms: 0, socket: null as Socket | null };
  const t0 = performance.now();
  const socket = connect(port, '127.0.0.1', () => {
    socket.write(`GET /v1/games/export HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${address}\r\n\r\n`);
  });
  state.socket = socket;
  socket.once('data', (chunk: Buffer) => {
    state.status = Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1] ?? -1);
    state.ms = performance.now() - t0;
    socket.pause();
  });
  socket.on('error', () => {});
  return state;
}

/**
 * The server's connections on the port, and the bytes queued in them and in the readers' ends
 * (Linux's /proc/net/tcp: tx_queue is what the kernel holds to send, rx_queue what it holds unread).
 */
function sockets(port: number) {
  const server = { open: 0, stalled: 0, send: 0 };
  let receive = 0;
  try {
    for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
      for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
        const f = line.trim().split(/\s+/);
        // Established only: local, remote, state, tx:rx.
        if (f.length < 5 || f[3] !== '01') continue;
        const [tx, rx] = f[4].split(':').map((h) => Number.parseInt(h, 16));
        const portOf = (address: string) => Number.parseInt(address.split(':').at(-1) ?? '', 16);
        if (portOf(f[1]) === port) {
          server.open++;
          server.send += tx;
          if (tx > 0) server.stalled++;
        } else if (portOf(f[2]) === port) receive += rx;
      }
    }
    return { ...server, receive };
  } catch {
    return { open: NaN, stalled: NaN, send: NaN, receive: NaN };
  }
}

async function main() {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), 'serve'], { stdio: ['pipe', 'pipe', 'inherit'], env });
  const lines = createInterface({ input: child.stdout });
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const next = () => new Promise<string>((resolve) => waiting.push(resolve));
  const t0 = Date.now();
  const ready = await next();
  const base = ready.replace(/^READY /, '');
  const port = Number(new URL(base).port);
  const rss = async () => {
    child.stdin.write('rss\n');
    return Number((await next()).replace(/^RSS /, ''));
  };
  const size = (await (await fetch(`${base}/v1/games/export`, { headers: { 'X-Forwarded-For': '198.51.100.1' } })).arrayBuffer()).byteLength;
  console.log(`${GAMES} games seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s; one whole export: ${mb(size)}`);
  await sleep(1000);
  const before = await rss();
  const readers = Array.from({ length: READERS }, (_, i) => reader(port, `10.0.${Math.floor((i % ADDRESSES) / 250)}.${(i % ADDRESSES) % 250}`));
  const report = async (label: string) => {
    const now = await rss();
    const byStatus: Record<string, number> = {};
    for (const r of readers) byStatus[r.status || 'none yet'] = (byStatus[r.status || 'none yet'] ?? 0) + 1;
    const odd = readers.flatMap((r, i) => (r.status && r.status !== 200 && r.status !== 503 ? [`#${i} ${r.status} after ${(r.ms / 1000).toFixed(1)} s`] : []));
    const queues = sockets(port);
    console.log(
      `${label}: RSS ${mb(before)} → ${mb(now)} (${now >= before ? '+' : ''}${mb(now - before)}); answers ${JSON.stringify(byStatus)}; connections the server holds ${queues.open}, ${queues.stalled} of them with bytes the reader has not taken; queued in sockets: server send ${mb(queues.send)}, readers' receive ${mb(queues.receive)}${odd.length ? ` (${odd.join(', ')})` : ''}`,
    );
  };
  await sleep(WAIT_S * 1000);
  await report(`${READERS} readers from ${Math.min(ADDRESSES, READERS)} address(es), after ${WAIT_S} s`);
  if (AFTER_S > 0) {
    await sleep(AFTER_S * 1000);
    await report(`after ${WAIT_S + AFTER_S} s`);
  }
  // A plain export by someone else, now.
  const t1 = performance.now();
  const res = await fetch(`${base}/v1/games/export`, { headers: { 'X-Forwarded-For': '198.51.100.2' } });
  const got = (await res.arrayBuffer()).byteLength;
  console.log(`an export from another address now: ${res.status}${res.headers.get('retry-after') ? ` (Retry-After ${res.headers.get('retry-after')})` : ''}, ${mb(got)} in ${(performance.now() - t1).toFixed(0)} ms`);
  for (const r of readers) r.socket?.destroy();
  child.stdin.write('exit\n');
}

if (process.argv[2] === 'serve') await serve();
else await main();
