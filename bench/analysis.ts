// The computer analysis's cost (docs/benchmarks.md, "npm run bench:analysis"):
// 1. open lens: the CPU time of a whole game's analysis (every card: its value, the best cards),
//    per variant, over --games games (greedy against greedy: every kind of card, good and bad);
// 2. seat lens: the same over --seat-games games, at ANALYSIS_SEAT_SAMPLES worlds per card;
// 3. the pool: the service (in-process, embedded database, ANALYSIS_WORKERS threads) given
//    --pool-games distinct finished classic games at once: games analysed per minute, and the
//    p99 of GET /healthz asked back to back while the pool is busy (and before, idle);
// 4. mistakes: --duel-games games of greedy against pimc (70 ms a card, seats alternating),
//    each analysed by the open lens and (with --duel-seat, default on) the seat lens: cards that
//    cost, mistakes and loss per game, per strategy.
// Times are CPU time of this process (process.cpuUsage); pin it to one core for 1 and 2
// (`taskset -c 1 npm run bench:analysis -- --pool-games 0 --duel-games 0`).
// `npm run bench:analysis -- [--games 40] [--seat-games 10] [--pool-games 40] [--duel-games 100] [--variants classic,halfOpen,bidding]`
import os from 'node:os';
import { parseArgs } from 'node:util';
import { greedy, pimc } from '../src/bots/index.ts';
import { playStrategies } from '../src/bots/selfplay.ts';
import { createSolverContext } from '../src/bots/solver/index.ts';
import { DEFAULT_CONFIG, seedCommitment, type Config, type GameEvent, type Seat, type Variant } from '../src/engine/index.ts';
import { analyseOpen } from '../src/analysis/open-lens.ts';
import { analyseSeat } from '../src/analysis/seat-lens.ts';
import { loadConfig } from '../src/app/config.ts';
import { startService } from '../src/app/server.ts';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '40' },
    'seat-games': { type: 'string', default: '10' },
    'pool-games': { type: 'string', default: '40' },
    'duel-games': { type: 'string', default: '100' },
    variants: { type: 'string', default: 'classic,halfOpen,bidding' },
    seed: { type: 'string', default: '1' },
    'duel-seat': { type: 'boolean', default: true },
    'no-duel-seat': { type: 'boolean', default: false },
  },
});
const GAMES = Number(values.games);
const SEAT_GAMES = Number(values['seat-games']);
const POOL_GAMES = Number(values['pool-games']);
const DUEL_GAMES = Number(values['duel-games']);
const DUEL_SEAT = values['duel-seat'] && !values['no-duel-seat'];
const VARIANTS = values.variants.split(',') as Variant[];
const SEED = Number(values.seed);
const SAMPLES = Number(process.env.ANALYSIS_SEAT_SAMPLES ?? 40);

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const stats = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return { median: quantile(s, 0.5), p95: quantile(s, 0.95), max: s[s.length - 1] };
};
const f = (x: number) => (x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0));
const cpu = <T>(fn: () => T): { ms: number; value: T } => {
  const start = process.cpuUsage();
  const value = fn();
  const used = process.cpuUsage(start);
  return { ms: (used.user + used.system) / 1000, value };
};
const seedHex = (n: number) => n.toString(16).padStart(64, '0');

interface PlayedGame {
  config: Config;
  serverSeed: string;
  events: GameEvent[];
}

/** A finished game of greedy against greedy. */
function greedyGame(variant: Variant, n: number): PlayedGame {
  const config: Config = { ...DEFAULT_CONFIG, variant };
  const serverSeed = seedHex(SEED * 1_000_003 + n);
  return { config, serverSeed, events: playStrategies(config, serverSeed, { forehand: greedy, dealer: greedy }, SEED * 7919 + n).events };
}

console.log(`bench:analysis on ${os.cpus()[0]?.model ?? 'a CPU'} (${os.availableParallelism()} cores), load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}, ${new Date().toISOString()}`);

// 1 and 2: CPU time per whole game.
const context = createSolverContext();
for (const variant of VARIANTS) {
  if (GAMES > 0) {
    const times: number[] = [];
    for (let i = 0; i < GAMES; i++) times.push(cpu(() => analyseOpen(context, greedyGame(variant, i))).ms);
    const s = stats(times);
    console.log(`open lens, ${variant}: ${GAMES} games, CPU ms per game: median ${f(s.median)}, p95 ${f(s.p95)}, max ${f(s.max)}`);
  }
  if (SEAT_GAMES > 0) {
    const times: number[] = [];
    for (let i = 0; i < SEAT_GAMES; i++) times.push(cpu(() => analyseSeat(greedyGame(variant, i), { samples: SAMPLES, seed: i })).ms);
    const s = stats(times);
    console.log(`seat lens (${SAMPLES} worlds a card), ${variant}: ${SEAT_GAMES} games, CPU ms per game: median ${f(s.median)}, p95 ${f(s.p95)}, max ${f(s.max)}`);
  }
}

// 3: the pool in the service, and /healthz meanwhile.
if (POOL_GAMES > 0) {
  const workers = process.env.ANALYSIS_WORKERS ?? String(os.availableParallelism());
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: 'memory://',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_ANONYMOUS: '0',
    RATE_LIMIT_PLAYER: '0',
    ANALYSIS_WORKERS: workers,
    ANALYSIS_MAX_PER_ADDRESS: String(POOL_GAMES),
    ANALYSIS_POLL_MS: '100',
  });
  const service = await startService(config);
  const base = service.url;
  const post = async (path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as { playerId: string } };
  };
  const [a, b] = [(await post('/v1/players', { name: 'Anna' })).body, (await post('/v1/players', { name: 'Bert' })).body];
  const ids: string[] = [];
  for (let i = 0; i < POOL_GAMES; i++) {
    const g = greedyGame('classic', 10_000 + i);
    const id = `bench-${i}`;
    ids.push(id);
    await service.parts.database.query(
      `insert into games (id, config, status, version, forehand_player_id, dealer_player_id, server_seed, seed_commitment, rated)
       values ($1, $2::jsonb, 'finished', $3, $4, $5, $6, $7, false)`,
      [id, JSON.stringify(g.config), g.events.length, a.playerId, b.playerId, g.serverSeed, seedCommitment(g.serverSeed)],
    );
    await service.parts.database.query(
      `insert into game_events (game_id, seq, type, seat, payload)
       select $1, e.ordinality, e.value->>'type', e.value->>'seat', e.value from jsonb_array_elements($2::jsonb) with ordinality e`,
      [id, JSON.stringify(g.events)],
    );
  }
  const healthz = async (ms: number) => {
    const times: number[] = [];
    const until = performance.now() + ms;
    while (performance.now() < until) {
      const t0 = performance.now();
      const res = await fetch(`${base}/healthz`);
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
    return times;
  };
  const idle = stats(await healthz(3000));
  const idleP99 = quantile((await healthz(3000)).sort((x, y) => x - y), 0.99);
  const t0 = performance.now();
  for (const id of ids) if ((await post(`/v1/games/${id}/analysis`)).status !== 202) throw new Error(`${id}: not queued`);
  const busy: number[] = [];
  let done = 0;
  while (done < ids.length) {
    busy.push(...(await healthz(1000)));
    const rows = await service.parts.database.query<{ n: number | string }>(`select count(*) as n from analyses where status in ('done', 'failed')`);
    done = Number(rows[0].n);
  }
  const minutes = (performance.now() - t0) / 60_000;
  const sorted = busy.sort((x, y) => x - y);
  console.log(
    `pool: ${workers} threads, ${ids.length} classic games in ${(minutes * 60).toFixed(1)} s: ${(ids.length / minutes).toFixed(1)} games/minute; ` +
      `GET /healthz back to back: idle median ${f(idle.median)} ms, p99 ${f(idleP99)} ms; pool busy (${busy.length} requests) median ${f(quantile(sorted, 0.5))} ms, p99 ${f(quantile(sorted, 0.99))} ms, max ${f(sorted.at(-1) ?? 0)} ms`,
  );
  await service.close();
}

// 4: mistakes of greedy and of pimc, by the open lens and the seat lens.
if (DUEL_GAMES > 0) {
  const strong = pimc({ timeMs: 70, setupFactor: 2, samples: 200 });
  const blank = () => ({ cards: 0, costly: 0, mistakes: 0, loss: 0 });
  const lenses = { open: { greedy: blank(), pimc: blank() }, seat: { greedy: blank(), pimc: blank() } };
  for (let i = 0; i < DUEL_GAMES; i++) {
    const variant = VARIANTS[i % VARIANTS.length];
    const config: Config = { ...DEFAULT_CONFIG, variant };
    const serverSeed = seedHex(SEED * 31 + 777_000 + i);
    const pimcSeat: Seat = i % 2 === 0 ? 'forehand' : 'dealer';
    const bots = pimcSeat === 'forehand' ? { forehand: strong, dealer: greedy } : { forehand: greedy, dealer: strong };
    const { events } = playStrategies(config, serverSeed, bots, SEED * 13 + i);
    const analyses = { open: analyseOpen(context, { config, serverSeed, events }), seat: DUEL_SEAT ? analyseSeat({ config, serverSeed, events }, { samples: SAMPLES, seed: i }) : null };
    for (const lens of ['open', 'seat'] as const) {
      const a = analyses[lens];
      if (!a) continue;
      for (const seat of ['forehand', 'dealer'] as const) {
        const t = lenses[lens][seat === pimcSeat ? 'pimc' : 'greedy'];
        const p = a.players[seat];
        t.cards += p.cards;
        t.costly += p.costly;
        t.mistakes += p.mistakes;
        t.loss += p.loss;
      }
    }
    if ((i + 1) % 10 === 0) process.stderr.write(`${i + 1}/${DUEL_GAMES} games\n`);
  }
  for (const lens of DUEL_SEAT ? (['open', 'seat'] as const) : (['open'] as const))
    for (const [name, t] of Object.entries(lenses[lens]))
      console.log(
        `${lens} lens: ${name} (against ${name === 'pimc' ? 'greedy' : 'pimc'}), ${DUEL_GAMES} games (${VARIANTS.join(', ')} in turn): ${t.cards} cards, ${t.costly} costly (${(t.costly / DUEL_GAMES).toFixed(2)} a game), ` +
          `${t.mistakes} mistakes (${(t.mistakes / DUEL_GAMES).toFixed(2)} a game), loss ${(t.loss / DUEL_GAMES).toFixed(1)} a game (${(t.loss / Math.max(1, t.cards)).toFixed(2)} a card)`,
      );
}
console.log(`load average after: ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
