// The house bots' ladder, measured: the service in this process on an embedded in-memory database,
// the house bots on (their own child process, as HOUSE_BOTS=all starts them) and their ladder
// playing N rated games among them; then each level's rating, deviation and games per variant,
// and its wins, draws and losses against each other level.
//
//   npm run ladder -- [--games 200] [--levels random,greedy,pimc] [--variant classic|halfOpen|bidding|all]
//                     [--think-ms 400] [--at-once 1]
//
// --think-ms sets the thinking time of every level that has one (default: levels.ts's); --at-once
// the ladder games under way at once (a bot is in one at a time: at most half the levels).
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import { VARIANTS, type Result, type Seat, type Variant } from '../src/engine/index.ts';
import { houseLevels } from '../src/house/levels.ts';
import { LadderStore, startHouseBots } from '../src/house/start.ts';
import { startService } from '../src/app/server.ts';
import { loadConfig } from '../src/app/config.ts';
import { games as gamesTable } from '../src/games/tables.ts';
import { scoresOf } from '../src/ratings/index.ts';

const { values } = parseArgs({
  options: {
    games: { type: 'string' },
    levels: { type: 'string' },
    variant: { type: 'string' },
    'think-ms': { type: 'string' },
    'at-once': { type: 'string' },
  },
});
const wanted = Number(values.games ?? 200);
const levelNames = (values.levels ?? 'all').split(',').map((n) => n.trim());
const variants: readonly Variant[] = !values.variant || values.variant === 'all' ? VARIANTS : [values.variant as Variant];
if (!Number.isInteger(wanted) || wanted < 1) throw new Error('--games: a whole number of games, at least 1');
if (variants.some((v) => !VARIANTS.includes(v))) throw new Error(`--variant: one of ${VARIANTS.join(', ')} or all`);
const thinkMs = values['think-ms'] === undefined ? undefined : Number(values['think-ms']);
const levels = houseLevels(levelNames).map((l) => (thinkMs !== undefined && l.thinkMs !== undefined ? { ...l, thinkMs } : l));
const atOnce = Number(values['at-once'] ?? Math.max(1, Math.floor(levels.length / 2)));
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  DATABASE_URL: 'memory://',
  ANALYSIS_WORKERS: '0',
  RATE_LIMIT_PLAYER: '0',
  RATE_LIMIT_ANONYMOUS: '0',
});
const quiet = { info() {}, error: (fields: Record<string, unknown>) => console.error(JSON.stringify(fields)) };
const service = await startService(config, { log: quiet });
const { db } = service.parts.database;
const house = await startHouseBots({
  accounts: service.deps.accounts,
  levels,
  url: service.url,
  log: quiet,
  entry: join(import.meta.dirname, '../src/main.ts'),
  execArgv: ['--import', import.meta.resolve('tsx')],
  ladder: { store: new LadderStore(db), games: service.deps.games, gamesAtOnce: atOnce, pauseMs: 0, tickMs: 100, variants, limit: wanted },
});
const ids = [...house.players.values()];
const levelOf = new Map([...house.players].map(([level, id]) => [id, level]));
console.log(
  `ladder: ${levels.map((l) => `${l.level}${l.thinkMs ? ` (${l.thinkMs} ms a card)` : ''}`).join(', ')}; ${wanted} rated games in ${variants.join(', ')}, ${atOnce} at once; load average ${load()}`,
);

const started = performance.now();
let reported = 0;
for (;;) {
  const begun = house.ladder?.begun() ?? [];
  const done = begun.length === 0 ? 0 : (await db.select({ status: gamesTable.status }).from(gamesTable).where(inArray(gamesTable.id, begun))).filter((r) => r.status === 'finished' || r.status === 'cancelled').length;
  if (done >= reported + 10 || done >= wanted) {
    reported = done;
    console.log(`  ${done} games, ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${load()}`);
  }
  if (done >= wanted) break;
  await new Promise((r) => setTimeout(r, 250));
}
const seconds = (performance.now() - started) / 1000;
await house.stop();

// Each game's outcome for the ratings (scoresOf: a passed-in game is not rated).
type Tally = { won: number; drawn: number; lost: number };
const tally = new Map<string, Tally>(); // `${variant} ${level} ${opponent}`
let passedIn = 0;
for (const id of house.ladder?.begun() ?? []) {
  const [row] = await db.select({ status: gamesTable.status, config: gamesTable.config, forehand: gamesTable.forehandPlayerId, dealer: gamesTable.dealerPlayerId }).from(gamesTable).where(eq(gamesTable.id, id));
  if (row?.status !== 'finished') continue;
  const view = (await (await fetch(`${service.url}/v1/games/${id}`)).json()) as { result: Result };
  const scores = scoresOf(view.result);
  if (!scores) {
    passedIn++;
    continue;
  }
  const seats: Record<Seat, string> = { forehand: row.forehand ?? '', dealer: row.dealer ?? '' };
  for (const [seat, other] of [['forehand', 'dealer'], ['dealer', 'forehand']] as const) {
    const key = `${row.config.variant} ${levelOf.get(seats[seat])} ${levelOf.get(seats[other])}`;
    const t = tally.get(key) ?? { won: 0, drawn: 0, lost: 0 };
    if (scores[seat] === 1) t.won++;
    else if (scores[seat] === 0) t.lost++;
    else t.drawn++;
    tally.set(key, t);
  }
}

console.log(`\n${wanted} ladder games in ${seconds.toFixed(0)} s (${passedIn} passed in: not rated); load average ${load()}`);
const names = [...house.players.keys()];
for (const variant of variants) {
  console.log(`\n${variant}: level, rating, deviation, rated games, then won-drawn-lost against each level`);
  console.log(['level', 'rating', 'RD', 'games', ...names.map((n) => `vs ${n}`)].map((c) => c.padStart(12)).join(''));
  const rows = await Promise.all(
    ids.map(async (id) => {
      const profile = (await (await fetch(`${service.url}/v1/players/${id}`)).json()) as { ratings: Partial<Record<Variant, { rating: number; rd: number; games: number }>> };
      return { id, level: levelOf.get(id) as string, rating: profile.ratings[variant] };
    }),
  );
  rows.sort((a, b) => (b.rating?.rating ?? 0) - (a.rating?.rating ?? 0));
  for (const r of rows) {
    const cells = names.map((n) => {
      if (n === r.level) return '-';
      const t = tally.get(`${variant} ${r.level} ${n}`);
      return t ? `${t.won}-${t.drawn}-${t.lost}` : '0-0-0';
    });
    const rating = r.rating;
    console.log([r.level, rating ? Math.round(rating.rating) : '-', rating ? Math.round(rating.rd) : '-', rating?.games ?? 0, ...cells].map((c) => String(c).padStart(12)).join(''));
  }
}
await service.close();
process.exit(0);
