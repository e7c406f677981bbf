// A rated series between two bot accounts through the API, both only seeking (the pairing pool):
// pimc (a fast budget) against greedy, rated, until N games are played; then both players'
// ratings and RDs, and the series exported (GET /v1/players/{id}/games/export?rated=true) with
// every record checked by `npm run verify` (on the ndjson file, and in-process by its verifier).
//
//   npm start &                                  # or any deployment
//   npx tsx bench/rated-series.ts --server http://127.0.0.1:3000 [--games 200] [--variant classic] [--think-ms 50] [--out series.ndjson]
//
// Prints the command lines of the two bots it runs in-process (the same as `npm run bot -- --seek`),
// the games, the score, the ratings at the end, and the export's verification.
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { runSeekBot } from '../src/bots/seek-bot.ts';
import { parseRecord, verifyRecord } from '../src/record/index.ts';

const { values } = parseArgs({
  options: { server: { type: 'string' }, games: { type: 'string' }, variant: { type: 'string' }, 'think-ms': { type: 'string' }, out: { type: 'string' } },
});
const server = (values.server ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const games = Number(values.games ?? 200);
const variant = (values.variant ?? 'classic') as 'classic' | 'halfOpen' | 'bidding';
const thinkMs = Number(values['think-ms'] ?? 50);
const out = values.out ?? 'rated-series.ndjson';

async function json(path: string, init: RequestInit = {}) {
  const res = await fetch(`${server}${path}`, { ...init, headers: { 'Content-Type': 'application/json', ...(init.headers ?? {}) } });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** A bot account and a token of it that never expires. */
async function botAccount(name: string) {
  const username = `${name}_${Date.now().toString(36)}`;
  const account = await json('/v1/accounts', { method: 'POST', body: JSON.stringify({ username, password: `a long series passphrase ${username}`, name, bot: true }) });
  const token = await json('/v1/players/me/tokens', {
    method: 'POST',
    headers: { Authorization: `Bearer ${account.token}` },
    body: JSON.stringify({ name: 'rated series', expiresInDays: null }),
  });
  return { playerId: account.playerId as string, name, token: token.token as string };
}

const strong = await botAccount('pimc');
const weak = await botAccount('greedy');
console.log('the bots, as the command line runs them:');
console.log(`  SKAT_BOT_TOKEN=<pimc's token> npm run bot -- --server ${server} --seek --rated --variant ${variant} --strategy pimc --think-ms ${thinkMs} --games ${games}`);
console.log(`  SKAT_BOT_TOKEN=<greedy's token> npm run bot -- --server ${server} --seek --rated --variant ${variant} --strategy greedy --games ${games}`);
const started = performance.now();
let done = 0;
const progress = () => {
  if (++done % 20 === 0) console.log(`  ${done / 2} games, ${((performance.now() - started) / 1000).toFixed(0)} s`);
};
const seek = { variant, rated: true };
const [a, b] = await Promise.all([
  runSeekBot({ server, token: strong.token, strategy: 'pimc', thinkMs, seek, games, onGame: progress }),
  runSeekBot({ server, token: weak.token, strategy: 'greedy', seek, games, onGame: progress }),
]);
const seconds = (performance.now() - started) / 1000;
console.log(`${a.games} rated ${variant} games in ${seconds.toFixed(0)} s (load ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
console.log(`  pimc   (${strong.playerId}): won ${a.won}, score ${a.score}`);
console.log(`  greedy (${weak.playerId}): won ${b.won}, score ${b.score}`);
for (const bot of [strong, weak]) {
  const profile = await json(`/v1/players/${bot.playerId}`);
  const r = profile.ratings?.[variant];
  console.log(`  ${bot.name.padEnd(6)} rating ${r ? `${Math.round(r.rating)} RD ${Math.round(r.rd)} volatility ${r.volatility.toFixed(4)} over ${r.games} games${r.provisional ? ' (provisional)' : ''}` : 'none (not rated: is the rating of finished games merged?)'}`);
}

// The export of the series: one record per line, each verified.
let lines: string[];
const exported = await fetch(`${server}/v1/players/${strong.playerId}/games/export?rated=true&variant=${variant}`);
if (exported.ok) {
  lines = (await exported.text()).split('\n').filter((l) => l.trim() !== '');
  console.log(`export: ${lines.length} records (GET /v1/players/{id}/games/export?rated=true)`);
} else {
  console.log(`export: ${exported.status} (no export endpoint here?): the records one by one instead (GET /v1/games/{id}/record)`);
  lines = [];
  for (const id of a.gameIds) lines.push(JSON.stringify(await json(`/v1/games/${id}/record`)));
}
await writeFile(out, `${lines.join('\n')}\n`);
let verified = 0;
const failures: string[] = [];
for (const line of lines) {
  const v = verifyRecord(parseRecord(line));
  if (v.ok) verified++;
  else failures.push(...v.problems.slice(0, 2));
}
console.log(`verified in-process ${verified} of ${lines.length} records (written to ${out})`);
for (const f of failures.slice(0, 5)) console.log(`  FAIL ${f}`);
// And by the CLI, on the whole file, as anyone would.
const cli = spawnSync('npm', ['run', '--silent', 'verify', '--', '--quiet', out], { encoding: 'utf8' });
console.log(`npm run verify -- --quiet ${out}: exit ${cli.status}; ${cli.stdout.trim().split('\n').at(-1)}`);
if (verified !== lines.length || lines.length < a.games || cli.status !== 0) process.exitCode = 1;
