// The bot runner: `npm run bot -- --server URL --games N --concurrency C --strategy random|greedy
// [--opponent random|greedy] [--variant classic|halfOpen|bidding] [--seed S] [--token T] [--json]`.
// With `--token` (or SKAT_BOT_TOKEN) the strategy side plays as that token's player (a bot
// account, docs/bots.md); the tokens of the bots renew themselves before they end.
// Plays whole games over HTTP (see bot-runner.ts), shows a progress bar on a terminal, prints
// a summary, and exits non-zero on any unexpected error.
// With `--seek [--rated] [--think-ms MS]` it is one bot of the pairing pool instead (src/bots/seek-bot.ts):
// it keeps one seek open while idle and plays whatever it is paired into, `--games N` games (or
// until stopped); `--rated` needs a bot account's token.
// With `--tournament <id>` it joins that tournament and plays every game it is given there until
// the tournament ends (tournament-bot.ts), then prints its final standing.
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { formatSummary, latencyStats, runBots } from './bot-runner.ts';
import { runSeekBot } from '../bots/seek-bot.ts';
import { runTournamentBot } from './tournament-bot.ts';
import { isStrategyName, STRATEGY_NAMES, type StrategyName } from '../bots/index.ts';

const USAGE = `usage: npm run bot -- --server URL [--games N] [--concurrency C] [--strategy ${STRATEGY_NAMES.join('|')}]
                      [--opponent ${STRATEGY_NAMES.join('|')}] [--variant classic|halfOpen|bidding] [--seed S] [--token T] [--json]
  --token T (or SKAT_BOT_TOKEN=T): the strategy side plays as T's player (a bot account's token)
       npm run bot -- --server URL --seek [--rated] [--strategy S] [--think-ms MS] [--variant V] [--turn-seconds T] [--games N] [--token T]
  --seek: one bot that keeps one seek open while idle (POST /v1/seeks) and plays what it is paired into,
          N games or until stopped; --rated needs an account's token; --think-ms: pimc's or star's time per card
       npm run bot -- --server URL --tournament ID [--strategy S] [--think-ms MS] [--token T]
  --tournament: join that tournament and play every game it gives, until it ends`;

function usage(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) usage(`--${name}: expected a positive integer, got ${JSON.stringify(raw)}`);
  return n;
}

function strategyArg(name: string, raw: string | undefined, fallback: StrategyName): StrategyName {
  if (raw === undefined) return fallback;
  if (!isStrategyName(raw)) usage(`--${name}: expected ${STRATEGY_NAMES.join(' or ')}, got ${JSON.stringify(raw)}`);
  return raw;
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        server: { type: 'string' },
        games: { type: 'string' },
        concurrency: { type: 'string' },
        strategy: { type: 'string' },
        opponent: { type: 'string' },
        variant: { type: 'string' },
        seed: { type: 'string' },
        token: { type: 'string' },
        json: { type: 'boolean' },
        seek: { type: 'boolean' },
        tournament: { type: 'string' },
        rated: { type: 'boolean' },
        'think-ms': { type: 'string' },
        'turn-seconds': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    usage((e as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const server = values.server ?? usage('--server is required');
  if (!/^https?:\/\/[^/\s]+/.test(server)) usage(`--server: expected an http(s) URL, got ${JSON.stringify(server)}`);
  const games = positiveInt('games', values.games, 10);
  const concurrency = positiveInt('concurrency', values.concurrency, 4);
  const strategy = strategyArg('strategy', values.strategy, 'greedy');
  const opponent = strategyArg('opponent', values.opponent, strategy);
  const variant = values.variant ?? 'classic';
  if (variant !== 'classic' && variant !== 'halfOpen' && variant !== 'bidding')
    usage(`--variant: expected classic, halfOpen or bidding, got ${JSON.stringify(variant)}`);
  let seed: number | undefined;
  if (values.seed !== undefined) {
    seed = Number(values.seed);
    if (!Number.isSafeInteger(seed) || seed < 0 || seed >= 2 ** 32) usage('--seed: expected an integer 0..2^32-1');
  }

  const token = values.token ?? (process.env.SKAT_BOT_TOKEN || undefined);
  const thinkMs = values['think-ms'] === undefined ? undefined : positiveInt('think-ms', values['think-ms'], 600);
  if (values.tournament !== undefined) {
    if (values.seek) usage('--tournament and --seek: one or the other');
    if (!/^[A-Za-z0-9-]{1,64}$/.test(values.tournament)) usage(`--tournament: expected a tournament id, got ${JSON.stringify(values.tournament)}`);
    const stop = new AbortController();
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());
    const summary = await runTournamentBot({ server, token, strategy, thinkMs, tournamentId: values.tournament, log: (line) => process.stderr.write(`${line}\n`), signal: stop.signal });
    const place = summary.standing ? `rank ${summary.standing.rank}, score ${summary.standing.score}${summary.standing.withdrawn ? ' (withdrawn)' : ''}` : 'no final standing (stopped before the end)';
    process.stdout.write(`player ${summary.playerId}: ${summary.games} games, won ${summary.won}, sheet points ${summary.points}; ${place}\n`);
    if (values.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
    return;
  }
  if (values.seek) {
    if (values.rated && !token) usage('--rated: rated play is between accounts: give a bot account\'s token (--token or SKAT_BOT_TOKEN)');
    const stop = new AbortController();
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());
    const turnSeconds = values['turn-seconds'] === undefined ? undefined : positiveInt('turn-seconds', values['turn-seconds'], 60);
    const summary = await runSeekBot({
      server,
      token,
      strategy,
      thinkMs,
      seek: { variant, rated: values.rated ?? false, ...(turnSeconds !== undefined ? { turnSeconds } : {}) },
      games: values.games === undefined ? undefined : games,
      log: (line) => process.stderr.write(`${line}\n`),
      signal: stop.signal,
    });
    process.stdout.write(`player ${summary.playerId}: ${summary.games} games, won ${summary.won}, score ${summary.score}\n`);
    if (values.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
    return;
  }

  // The bar goes to stderr, and only to a terminal: piped output stays clean.
  const bar = process.stderr.isTTY
    ? new cliProgress.SingleBar(
        { format: 'games {bar} {value}/{total} | {moves} moves | {rate} moves/s | errors {errors}', stream: process.stderr, hideCursor: true },
        cliProgress.Presets.shades_classic,
      )
    : null;
  const started = performance.now();
  bar?.start(games, 0, { moves: 0, rate: 0, errors: 0 });
  const summary = await runBots({
    server,
    games,
    concurrency,
    strategy,
    opponent,
    variant,
    seed,
    token,
    onGame: (s) =>
      bar?.update(s.games + s.failedGames, {
        moves: s.moves,
        rate: Math.round(s.moves / ((performance.now() - started) / 1000)),
        errors: s.unexpected,
      }),
  });
  bar?.stop();

  process.stdout.write(`${formatSummary(summary)}\n`);
  if (values.json) {
    const { latencies, ...rest } = summary;
    process.stdout.write(`${JSON.stringify({ ...rest, latency: latencyStats(latencies) })}\n`);
  }
  if (summary.unexpected > 0) {
    process.stderr.write(`bot: ${summary.unexpected} unexpected error(s)\n`);
    process.exitCode = 1;
  }
}

main().catch((e) => {
  process.stderr.write(`bot: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
