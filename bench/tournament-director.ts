// What running tournaments cost the director when nothing happens in them: `npm run bench:director`.
//
// 1. Makes a scratch database on the Postgres server of DATABASE_URL (default
//    postgres://postgres@127.0.0.1:5432/test; `memory://` runs on in-memory PGlite instead) and
//    starts the service in this process on it (startService), its director ticking every
//    TOURNAMENT_TICK_MS (1000, the default).
// 2. Seeds BENCH_ARENAS (1,000) running arenas of 720 minutes, each with BENCH_ENTRANTS (5)
//    entrants, none connected: idle arenas, as abusive accounts leave them. One is made through
//    the API, the rest are copies of it in SQL; they are due at once, as rows from before the
//    due queue are after the migration (the director looks at each once).
// 3. Once each copy has been looked at (where there is a due queue) and BENCH_SETTLE_S (5) seconds
//    more, measures BENCH_WINDOW_S (30) seconds of the director ticking on its timer: the CPU of
//    this process (the service; the benchmark sleeps) and of the Postgres backends of the scratch
//    database, as a share of one core, and the transactions committed; beside the same window
//    measured before the seeding (the service with no tournament).
// 4. Times BENCH_TICKS (20) ticks by hand (the timer stopped): median and worst.
// 5. Creates a new arena starting now, then one starting in 3 s, through the API, with the timer
//    ticking again, and prints how long after its start each turned running (read every 20 ms;
//    at most BENCH_START_WAIT_S, 30).
// Prints numbers; nothing here passes or fails. It runs on the code before the due queue too
// (the seeding does without next_at), for a comparison on the same machine.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { BENCH_SERVER_URL as SERVER_URL, scratchDatabase } from './scratch-database.ts';

const env = process.env;
const ARENAS = Number(env.BENCH_ARENAS ?? 1000);
const ENTRANTS = Number(env.BENCH_ENTRANTS ?? 5);
const SETTLE_S = Number(env.BENCH_SETTLE_S ?? 5);
const WINDOW_S = Number(env.BENCH_WINDOW_S ?? 30);
const TICKS = Number(env.BENCH_TICKS ?? 20);
const START_WAIT_S = Number(env.BENCH_START_WAIT_S ?? 30);
const TICK_MS = env.TOURNAMENT_TICK_MS ?? '1000';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU time (user + system, ms) from a /proc/<pid>/stat line: fields 14 and 15, in ticks of 10 ms. */
function procCpuMs(stat: string): number {
  const fields = stat.split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time of the Postgres backends serving database `name` (their process title names it), from /proc; 0 without. */
function postgresCpuMs(name: string | null): number {
  if (name === null) return 0;
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
      if (stat.includes('(postgres)') && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${name} `)) total += procCpuMs(stat);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

interface Measured {
  service: number;
  postgres: number;
  transactions: number;
}

const processCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};


const db = await scratchDatabase('bench_director');
const { loadConfig } = await import('../src/app/config.ts');
const { startService } = await import('../src/app/server.ts');
const service = await startService(
  loadConfig({ ...env, DATABASE_URL: db.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: env.LOG_LEVEL ?? 'silent', TOURNAMENT_TICK_MS: TICK_MS, RATE_LIMIT_SIGNUP: '0', RATE_LIMIT_PLAYER: '0' }),
);
const { database, director } = service.parts;
const query = (text: string, params: unknown[] = []) => database.query(text, params);

/** What the benchmark reads of an answer: an id, a token, a status. */
type Answer = { id: string; token: string; status: string };

async function call(method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${service.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? {} : await res.json()) as Answer;
}

try {
  const cpu = os.cpus();
  console.log(`bench:director on ${cpu.length} × ${cpu[0]?.model ?? 'a CPU'}, node ${process.version}, ${SERVER_URL === null ? 'PGlite' : 'Postgres'}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, ${new Date().toISOString()}`);
  console.log(`${ARENAS} running arenas of 720 minutes, ${ENTRANTS} entrants each (none connected), a tick every ${TICK_MS} ms`);

  const name = db.name;
  const commits = async () => (name === null ? 0 : Number((await query(`select xact_commit::text as n from pg_stat_database where datname = current_database()`))[0].n));
  /** The CPU of the service's process and of Postgres, in % of a core, and the transactions a second, over WINDOW_S. */
  const measure = async (): Promise<Measured> => {
    const [cpu0, pg0, tx0, t0] = [processCpuMs(), postgresCpuMs(name), await commits(), Date.now()];
    await sleep(WINDOW_S * 1000);
    const [cpu1, pg1, tx1, t1] = [processCpuMs(), postgresCpuMs(name), await commits(), Date.now()];
    const ms = t1 - t0;
    return { service: (100 * (cpu1 - cpu0)) / ms, postgres: (100 * (pg1 - pg0)) / ms, transactions: ((tx1 - tx0) * 1000) / ms };
  };
  // The service with no tournament: what the rest of it costs (its timers, the notifier).
  await sleep(SETTLE_S * 1000);
  const idle = await measure();

  // The template: an arena through the API, its entrants joined; then copies of it in SQL.
  const creator = (await call('POST', '/v1/accounts', undefined, { username: `director${process.pid}`, password: 'correct horse battery staple' })).token;
  const template = (await call('POST', '/v1/tournaments', creator, { name: 'Idle', system: 'arena', variant: 'classic', turnSeconds: 60, minutes: 720, maxPlayers: 1000, startsAt: new Date(Date.now() + 86_400_000).toISOString() })).id;
  for (let i = 0; i < ENTRANTS; i++) await call('POST', `/v1/tournaments/${template}/join`, (await call('POST', '/v1/players', undefined, { name: `Spieler ${i}` })).token);
  const hasNextAt = (await query(`select 1 from information_schema.columns where table_name = 'tournaments' and column_name = 'next_at'`)).length > 0;
  const seeded = Date.now();
  await query(
    `insert into tournaments (id, name, system, status, config, turn_seconds, rated, bots, max_players, minutes, rounds, games_per_round, round, created_by, starts_at, ends_at, version, created_at)
     select t.id || '-' || i, t.name || ' ' || i, t.system, t.status, t.config, t.turn_seconds, t.rated, t.bots, t.max_players, t.minutes, t.rounds, t.games_per_round, 0, t.created_by, t.starts_at, t.ends_at, 0, t.created_at
     from tournaments t, generate_series(1, $2::int) i where t.id = $1`,
    [template, ARENAS - 1],
  );
  await query(`insert into tournament_players (tournament_id, player_id) select t.id, e.player_id from tournaments t join tournament_players e on e.tournament_id = $1 where t.id like $1 || '-%'`, [template]);
  // Running since a minute ago, for 720 minutes: due at once (as the migration leaves rows made before the queue).
  await query(
    `update tournaments set status = 'running', starts_at = now() - interval '1 minute', ends_at = now() + interval '719 minutes'${hasNextAt ? ', next_at = now()' : ''} where id = $1 or id like $1 || '-%'`,
    [template],
  );
  console.log(`seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

  // Settled: the copies looked at once each (where there is a due queue), then SETTLE_S more.
  while (hasNextAt && Number((await query(`select count(*)::int as n from tournaments where next_at <= now()`))[0].n) > 0) await sleep(200);
  await sleep(SETTLE_S * 1000);
  const running = await measure();
  console.log(`window of ${WINDOW_S} s, the director on its timer, the service's process / Postgres (the scratch database's backends), in % of a core:`);
  const row = (what: string, m: Measured) =>
    console.log(`  ${what}: ${m.service.toFixed(1)} % / ${SERVER_URL === null ? '-' : `${m.postgres.toFixed(1)} %; ${m.transactions.toFixed(1)} transactions/s`}`);
  row('no tournament', idle);
  row(`${ARENAS} running arenas`, running);

  await director.stop();
  const times: number[] = [];
  for (let i = 0; i < TICKS; i++) {
    const start = performance.now();
    await director.tick();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`a tick by hand (${TICKS}): median ${times[Math.floor(TICKS / 2)].toFixed(1)} ms, worst ${times[TICKS - 1].toFixed(1)} ms`);

  director.start(Number(TICK_MS));
  // Another account: the copies are the first one's (past its cap, where the caps exist).
  const other = (await call('POST', '/v1/accounts', undefined, { username: `newcomer${process.pid}`, password: 'correct horse battery staple' })).token;
  for (const aheadMs of [0, 3000]) {
    const startsAt = Date.now() + aheadMs;
    const fresh = (await call('POST', '/v1/tournaments', other, { name: 'Neu', system: 'arena', variant: 'classic', turnSeconds: 60, minutes: 60, startsAt: new Date(startsAt).toISOString() })).id;
    let status = 'upcoming';
    while (status === 'upcoming' && Date.now() - startsAt < START_WAIT_S * 1000) {
      await sleep(20);
      status = (await call('GET', `/v1/tournaments/${fresh}`)).status;
    }
    const what = `a new arena starting ${aheadMs === 0 ? 'now' : `in ${aheadMs / 1000} s`}`;
    console.log(status === 'upcoming' ? `${what}: still upcoming ${START_WAIT_S} s after its start` : `${what}: ${status} ${((Date.now() - startsAt) / 1000).toFixed(2)} s after its start`);
  }
} finally {
  await service.close();
  await db.drop();
}
