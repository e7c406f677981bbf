// The tournaments' pairing time: `npm run bench:tournaments`.
//
// Swiss: a field of BENCH_PLAYERS (1,000) players with random ratings plays BENCH_ROUNDS (9)
// rounds, each paired by pairSwissRound on the history so far, with random results (a seeded
// generator: the same events every run); prints each round's pairing time (CPU time), twice: the
// first event in the process, then the next.
// Arena: a wave of BENCH_PLAYERS free players with random scores (0–60), ratings and last
// opponents, paired by pairArenaWave, BENCH_WAVES (5) times, twice likewise; prints the median
// and the worst.
// Prints numbers; nothing here passes or fails.
import { cpus, loadavg } from 'node:os';
import { type ArenaWaiter, pairArenaWave } from '../src/tournaments/index.ts';
import { type SwissEntrant, pairSwissRound } from '../src/tournaments/index.ts';

const env = process.env;
const PLAYERS = Number(env.BENCH_PLAYERS ?? 1000);
const ROUNDS = Number(env.BENCH_ROUNDS ?? 9);
const WAVES = Number(env.BENCH_WAVES ?? 5);

// mulberry32: a small seeded generator, so every run times the same event.
let seed = 0x5eed;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
// The CPU time the pairing took (this process's user + system time): on a shared machine the wall
// clock also counts the time other processes had the CPU.
const time = <T>(f: () => T): [T, number] => {
  const start = process.cpuUsage();
  const out = f();
  const used = process.cpuUsage(start);
  return [out, (used.user + used.system) / 1000];
};

process.stdout.write(`${cpus()[0]?.model ?? 'cpu'} × ${cpus().length}, Node ${process.version}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);

/** A Swiss event of PLAYERS players through ROUNDS rounds; prints each round's pairing time. */
function swissEvent(title: string) {
  const field = Array.from({ length: PLAYERS }, (_, i) => ({
    playerId: `p${String(i).padStart(4, '0')}`,
    score: 0,
    rating: 1000 + Math.floor(random() * 1000),
    opponents: [] as string[],
    hadBye: false,
    firstBalance: 0,
  }));
  const byId = new Map(field.map((p) => [p.playerId, p]));
  const entrant = (p: (typeof field)[number]): SwissEntrant => ({ ...p, opponents: [...p.opponents] });
  const times: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const [pairing, ms] = time(() => pairSwissRound(field.map(entrant)));
    if (!pairing) throw new Error(`round ${round}: no pairing`);
    times.push(ms.toFixed(0));
    for (const { first, second } of pairing.pairs) {
      const a = byId.get(first);
      const b = byId.get(second);
      if (!a || !b) throw new Error('unknown player');
      a.opponents.push(second);
      b.opponents.push(first);
      a.firstBalance++;
      b.firstBalance--;
      const r = random();
      if (r < 0.45) a.score += 1;
      else if (r < 0.9) b.score += 1;
      else (a.score += 0.5), (b.score += 0.5);
    }
    if (pairing.bye) {
      const p = byId.get(pairing.bye);
      if (p) (p.score += 1), (p.hadBye = true);
    }
  }
  process.stdout.write(`swiss, ${PLAYERS} players, ${title}: rounds 1–${ROUNDS} ${times.join(' · ')} ms\n`);
}

/** BENCH_WAVES waves of PLAYERS free arena players; prints the median and the worst pairing time. */
function arenaWaves(title: string) {
  const ids = Array.from({ length: PLAYERS }, (_, i) => `a${i}`);
  const wave = (): ArenaWaiter[] => {
    const order = [...ids].sort(() => random() - 0.5);
    // Last opponents in pairs, as a previous wave would leave them.
    const last = new Map<string, string>();
    for (let i = 0; i + 1 < order.length; i += 2) last.set(order[i], order[i + 1]), last.set(order[i + 1], order[i]);
    return ids.map((playerId) => ({ playerId, score: Math.floor(random() * 61), rating: 1000 + Math.floor(random() * 1000), lastOpponent: last.get(playerId) ?? null }));
  };
  const times: number[] = [];
  for (let w = 0; w < WAVES; w++) {
    const players = wave();
    const [pairs, ms] = time(() => pairArenaWave(players));
    if (pairs.length !== Math.floor(PLAYERS / 2)) throw new Error('arena: not everyone paired');
    times.push(ms);
  }
  times.sort((a, b) => a - b);
  process.stdout.write(`arena, a wave of ${PLAYERS} free players, ${title}: median ${times[Math.floor(times.length / 2)].toFixed(0)} ms, worst ${times[times.length - 1].toFixed(0)} ms (${WAVES} waves)\n`);
}

// The first event in a process also pays for compiling the code (the JIT): printed apart; a
// service pairs many rounds, so the second event's figures are the ones that count.
swissEvent('the first in this process');
swissEvent('the next');
arenaWaves('the first in this process');
arenaWaves('the next');
process.stdout.write(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
