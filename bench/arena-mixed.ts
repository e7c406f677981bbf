// A mixed arena, people beside bots: `npm run bench:arena-mixed`.
//
// A 10-minute arena with two people (accounts that are not bots, playing BENCH_PEOPLE, greedy by
// default, by the tournament bot runner) and two greedy bot runners (bot accounts), on a
// compressed clock: an arena minute lasts BENCH_MINUTE_MS (12000: the arena takes two minutes of
// real time), and the rest after each game is TOURNAMENT_REST_MS scaled the same way (8 s of a
// real minute: 1.6 s). The service runs in this process on a scratch database of the Postgres
// server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; `memory://`: PGlite).
// Prints the final standings, how many games paired two bots, a bot and a person, and two
// people, and each person's opponents (how many, and the games against each). Nothing passes or
// fails; the games' lengths are real time (a loaded machine plays fewer), the pairing rule is what
// the counts show: no bot–bot game in an arena people play, and few back-to-back rematches.
import { randomBytes } from 'node:crypto';
import { scratchDatabase } from './scratch-database.ts';
import { accounts, createClient } from '@offiziersskat/client';
import type { StrategyName } from '../src/bots/index.ts';

const env = process.env;
const MINUTE_MS = Number(env.BENCH_MINUTE_MS ?? 12_000);
const MINUTES = 10;
/** The rest of a real arena (TOURNAMENT_REST_MS, 8 s) on the compressed clock. */
const REST_MS = Math.max(0, Math.round((Number(env.TOURNAMENT_REST_MS ?? 8000) * MINUTE_MS) / 60_000));
const PEOPLE = (env.BENCH_PEOPLE ?? 'greedy') as StrategyName;
const PASSWORD = 'a bench passphrase of some length';


const db = await scratchDatabase('bench_arena');
const { loadConfig } = await import('../src/app/config.ts');
const { startService } = await import('../src/app/server.ts');
const { runTournamentBot } = await import('../src/cli/tournament-bot.ts');
const service = await startService(
  loadConfig({
    ...env,
    DATABASE_URL: db.url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: env.LOG_LEVEL ?? 'silent',
    TOURNAMENT_TICK_MS: '100',
    TOURNAMENT_MINUTE_MS: String(MINUTE_MS),
    TOURNAMENT_REST_MS: String(REST_MS),
    RATE_LIMIT_SIGNUP: '0',
    RATE_LIMIT_PLAYER: '0',
    RATE_LIMIT_ANONYMOUS: '0',
  }),
);

try {
  const api = createClient({ baseUrl: service.url });
  const suffix = randomBytes(3).toString('hex');
  const entrants = [
    { name: 'Anna', bot: false, strategy: PEOPLE },
    { name: 'Bert', bot: false, strategy: PEOPLE },
    { name: 'Greedy-1', bot: true, strategy: 'greedy' as StrategyName },
    { name: 'Greedy-2', bot: true, strategy: 'greedy' as StrategyName },
  ];
  const players = await Promise.all(
    entrants.map(async (e) => ({ ...e, ...(await accounts.signUp(api, { username: `${e.name.toLowerCase().replace('-', '')}${suffix}`, password: PASSWORD, name: e.name, bot: e.bot })) })),
  );
  const startsAt = new Date(Date.now() + 3000);
  const arena = await api.withToken(players[0].token).request<{ id: string }>('POST', '/v1/tournaments', {
    body: { name: 'Mixed arena', system: 'arena', variant: 'classic', turnSeconds: 60, minutes: MINUTES, startsAt: startsAt.toISOString() },
  });
  console.log(`a ${MINUTES}-minute arena, a minute of ${MINUTE_MS / 1000} s, a rest of ${REST_MS} ms after each game; people play ${PEOPLE}, bots greedy`);
  const began = Date.now();
  await Promise.all(players.map((p) => runTournamentBot({ server: service.url, tournamentId: arena.id, token: p.token, strategy: p.strategy })));
  const final = await api.request<{ status: string; standings: Array<{ rank: number; playerId: string; name: string; bot: boolean; score: number; games: number; tiebreaks: { sheetPoints?: number } }> }>(
    'GET',
    `/v1/tournaments/${arena.id}`,
  );
  const bots = new Set(players.filter((p) => p.bot).map((p) => p.playerId));
  const pairings = (await service.parts.tournamentStore.pairings(arena.id)).filter((p) => p.secondPlayerId !== null);
  const kinds = { 'bot–bot': 0, 'bot–person': 0, 'person–person': 0 };
  for (const p of pairings) {
    const n = [p.firstPlayerId, p.secondPlayerId].filter((id) => id !== null && bots.has(id)).length;
    kinds[n === 2 ? 'bot–bot' : n === 1 ? 'bot–person' : 'person–person']++;
  }
  console.log(`${final.status} after ${((Date.now() - began) / 1000).toFixed(0)} s of real time (the games' lengths are real time: a loaded machine plays fewer)`);
  console.log('rank  player     kind    score  games  sheet points');
  for (const s of final.standings)
    console.log(`${String(s.rank).padStart(4)}  ${s.name.padEnd(9)}  ${(s.bot ? 'bot' : 'person').padEnd(6)}  ${String(s.score).padStart(5)}  ${String(s.games).padStart(5)}  ${String(s.tiebreaks.sheetPoints ?? 0).padStart(12)}`);
  console.log(`games: ${pairings.length}; ${Object.entries(kinds).map(([k, n]) => `${k} ${n}`).join(', ')}`);
  // Who met whom: a pair that ends together rests together, and is paired again when nobody else is free.
  const names = new Map(players.map((p) => [p.playerId, p.name]));
  const met = new Map<string, number>();
  for (const p of pairings) {
    const key = [names.get(p.firstPlayerId), names.get(p.secondPlayerId ?? '')].sort().join('–');
    met.set(key, (met.get(key) ?? 0) + 1);
  }
  console.log(`pairs: ${[...met].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ')}`);
  // The opponents' spread: a back-to-back rematch waits for others coming free (rematch-hold.ts).
  for (const person of players.filter((p) => !p.bot)) {
    const against = new Map<string, number>();
    for (const p of pairings) {
      const other = p.firstPlayerId === person.playerId ? p.secondPlayerId : p.secondPlayerId === person.playerId ? p.firstPlayerId : null;
      if (other !== null) against.set(names.get(other) ?? other, (against.get(names.get(other) ?? other) ?? 0) + 1);
    }
    console.log(`spread: ${person.name} met ${against.size} opponents: ${[...against].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ')}`);
  }
} finally {
  await service.close();
  await db.drop();
}
