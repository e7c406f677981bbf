// What one abusive address can do to a public deployment (issue 22), measured: the service runs
// as its own process (SINGLE_PROCESS, TRUST_PROXY=1 so the script can speak for several
// addresses), on DATABASE_URL (a scratch database is made and dropped) or in-memory PGlite.
// Prints numbers; nothing here passes or fails.
//
//   npm run bench:abuse                    # PGlite
//   DATABASE_URL=postgres://… npm run bench:abuse
//   RATE_LIMIT_PAGES=0 BENCH_ONLY_FLOOD=1 npm run bench:abuse   # item 1 without the page budget
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

const serverUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const PORT = 3000 + Math.floor(Math.random() * 2000);
const BASE = `http://127.0.0.1:${PORT}`;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const from = (address: string, extra: Record<string, string> = {}) => ({ 'X-Forwarded-For': address, ...extra });

async function scratch(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  if (!serverUrl) return { url: 'memory://', drop: async () => {} };
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

async function startServer(databaseUrl: string | undefined) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, SINGLE_PROCESS: '1', PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', TRUST_PROXY: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return child;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('the service did not start');
}

async function signUp(address: string, name = 'Gast'): Promise<string> {
  const res = await fetch(`${BASE}/v1/players`, { method: 'POST', headers: from(address, { 'Content-Type': 'application/json' }), body: JSON.stringify({ name }) });
  if (res.status !== 201) throw new Error(`sign-up: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** The flooder: its own process (its work must not slow the probe's event loop), 8 requests at a time. */
const FLOODER = `
const [base, seconds] = process.argv.slice(1);
const end = Date.now() + Number(seconds) * 1000;
const statuses = {};
const one = async () => {
  while (Date.now() < end) {
    const res = await fetch(base + '/openapi.json', { headers: { 'X-Forwarded-For': '203.0.113.1' } });
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    await res.arrayBuffer();
  }
};
await Promise.all(Array.from({ length: 8 }, one));
console.log(JSON.stringify(statuses));
`;

/** Item 1: /healthz from one address while another floods /openapi.json, 8 at a time. */
async function floodOpenApi(seconds: number) {
  const probe = async (forMs: number) => {
    const times: number[] = [];
    const end = performance.now() + forMs;
    while (performance.now() < end) {
      const t = performance.now();
      await (await fetch(`${BASE}/healthz`, { headers: from('198.51.100.1') })).arrayBuffer();
      times.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
    return times;
  };
  const quiet = await probe(seconds * 1000);
  const flooder = spawn(process.execPath, ['--input-type=module', '-e', FLOODER, BASE, String(seconds + 1)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  flooder.stdout.on('data', (d) => (out += d));
  await new Promise((r) => setTimeout(r, 500));
  const loud = await probe(seconds * 1000);
  await new Promise((r) => flooder.once('exit', r));
  console.log(`1. /healthz alone: p50 ${ms(quantile(quiet, 0.5))}, p99 ${ms(quantile(quiet, 0.99))} (${quiet.length} probes)`);
  console.log(`   /healthz while /openapi.json is flooded from another address (8 at a time, another process): p50 ${ms(quantile(loud, 0.5))}, p99 ${ms(quantile(loud, 0.99))} (${loud.length} probes)`);
  console.log(`   the flood's answers: ${out.trim()} (RATE_LIMIT_PAGES=${process.env.RATE_LIMIT_PAGES ?? 'default 600/60'})`);
  // The document itself, fresh and revalidated.
  const t0 = performance.now();
  const doc = await fetch(`${BASE}/openapi.json`, { headers: from('203.0.113.2') });
  const body = await doc.arrayBuffer();
  const t1 = performance.now();
  const again = await fetch(`${BASE}/openapi.json`, { headers: from('203.0.113.2', { 'If-None-Match': doc.headers.get('etag') ?? '' }) });
  const t2 = performance.now();
  console.log(`   /openapi.json: ${body.byteLength} bytes in ${ms(t1 - t0)}; with If-None-Match ${again.status} in ${ms(t2 - t1)}`);
}

/** Item 2: one address signs up 32 guests and opens 32 streams on each. */
async function holdSlots() {
  const anna = await signUp('192.0.2.10', 'Anna');
  const game = (await (await fetch(`${BASE}/v1/games`, { method: 'POST', headers: { Authorization: `Bearer ${anna}`, 'Content-Type': 'application/json' }, body: '{}' })).json()) as { id: string };
  const tokens = [];
  for (let i = 0; i < 32; i++) tokens.push(await signUp('203.0.113.50'));
  const controllers: AbortController[] = [];
  const open = async (token: string, address: string) => {
    const c = new AbortController();
    controllers.push(c);
    const res = await fetch(`${BASE}/v1/games/${game.id}/stream`, { headers: from(address, { Authorization: `Bearer ${token}` }), signal: c.signal });
    if (res.status !== 200) await res.arrayBuffer();
    return res.status;
  };
  const greedy = await Promise.all(tokens.flatMap((t) => Array.from({ length: 32 }, () => open(t, '203.0.113.50'))));
  const count = (xs: number[]) => xs.reduce<Record<number, number>>((o, s) => ((o[s] = (o[s] ?? 0) + 1), o), {});
  const others = await Promise.all(Array.from({ length: 5 }, (_, i) => open(anna, `198.51.100.${20 + i}`)));
  console.log(`2. one address, 32 guests × 32 streams: ${JSON.stringify(count(greedy))}; then 5 other addresses: ${JSON.stringify(count(others))}`);
  for (const c of controllers) c.abort();
}

/** Item 3: failing Authorization headers from an address out of its anonymous budget. */
async function failAuth() {
  const statuses: number[] = [];
  for (let i = 0; i < 500; i++) {
    const res = await fetch(`${BASE}/v1/games`, { headers: from('203.0.113.77', { Authorization: 'Bearer not.a.token' }) });
    statuses.push(res.status);
    await res.arrayBuffer();
  }
  const token = await signUp('192.0.2.77');
  const [h, p] = token.split('.');
  const forged: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < 4000; i++) {
    const res = await fetch(`${BASE}/v1/games`, { headers: from('203.0.113.78', { Authorization: `Bearer ${h}.${p}.${randomBytes(64).toString('base64url')}` }) });
    forged.push(res.status);
    await res.arrayBuffer();
  }
  const t1 = performance.now();
  const count = (xs: number[]) => xs.reduce<Record<number, number>>((o, s) => ((o[s] = (o[s] ?? 0) + 1), o), {});
  console.log(`3. 500 × "Bearer not.a.token": ${JSON.stringify(count(statuses))}; 4,000 forged signatures: ${JSON.stringify(count(forged))} in ${ms(t1 - t0)}`);
}

/** Item 4: the lobby without `status` at 20,000 games. */
async function lobby(databaseUrl: string | undefined) {
  if (!serverUrl || !databaseUrl) {
    console.log('4. (the lobby at 20,000 games: run with DATABASE_URL=postgres://…)');
    return;
  }
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await sql.unsafe(`insert into players (id, name) values ('bench', 'Bench') on conflict do nothing`);
  await sql.unsafe(
    `insert into games (id, config, status, forehand_player_id, server_seed, seed_commitment, created_at)
     select 'bench' || i, '{"variant":"classic","scoring":"standard","spitzen":true,"kontra":true,"ramschTrumps":"jacks","practice":false}'::jsonb,
            case when i % 10 = 0 then 'waiting' else 'finished' end, 'bench', '0', '1', now() - (i || ' seconds')::interval
     from generate_series(1, 20000) i`,
  );
  await sql.unsafe('analyze games');
  const plan = (await sql.unsafe('explain select * from games order by created_at desc, id desc limit 2')).map((r) => Object.values(r)[0]).join(' | ');
  await sql.end();
  for (const query of ['limit=1', 'status=waiting&limit=1']) {
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      await (await fetch(`${BASE}/v1/games?${query}`, { headers: from('192.0.2.200') })).arrayBuffer();
      times.push(performance.now() - t);
    }
    console.log(`4. GET /v1/games?${query} at 20,000 games: p50 ${ms(quantile(times, 0.5))}, p99 ${ms(quantile(times, 0.99))}`);
  }
  console.log(`   plan without status: ${plan}`);
}

/** Item 5: one token creating waiting games as fast as it can. */
async function createMany() {
  const token = await signUp('192.0.2.150');
  const statuses: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < 200; i++) {
    const res = await fetch(`${BASE}/v1/games`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' });
    statuses.push(res.status);
    await res.arrayBuffer();
  }
  const t1 = performance.now();
  const count = statuses.reduce<Record<number, number>>((o, s) => ((o[s] = (o[s] ?? 0) + 1), o), {});
  console.log(`5. one token, 200 × POST /v1/games: ${JSON.stringify(count)} in ${ms(t1 - t0)}`);
}

const db = await scratch();
const child = await startServer(db.url);
try {
  console.log(`service: ${serverUrl ? 'Postgres' : 'PGlite (memory)'}, one process; shared machine, numbers are noisy`);
  await floodOpenApi(Number(process.env.BENCH_SECONDS ?? 8));
  if (process.env.BENCH_ONLY_FLOOD) process.exitCode = 0;
  else await holdSlots();
  if (!process.env.BENCH_ONLY_FLOOD) {
    await failAuth();
    await lobby(db.url);
    await createMany();
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await db.drop();
}
