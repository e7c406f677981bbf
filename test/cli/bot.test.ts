// The bot runner against a real server: games played to the end over HTTP, the summary, a
// version conflict retried, the CLI's output and exit codes.
import { execFile } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSummary, practiceSeed, runBots } from '../../src/cli/bot-runner.ts';
import { startTestService, type TestService } from '../support/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.close();
});

describe('runBots', () => {
  it('plays the games to the end through the API and tallies both sides', async () => {
    let progress = 0;
    const s = await runBots({
      server: service.url,
      games: 6,
      concurrency: 3,
      strategy: 'greedy',
      opponent: 'random',
      variant: 'halfOpen',
      seed: 1,
      onGame: () => progress++,
    });
    expect(s.samples).toEqual([]);
    expect(s.unexpected).toBe(0);
    expect(s.games).toBe(6);
    expect(progress).toBe(6);
    expect(s.moves).toBe(s.latencies.length);
    expect(s.moves).toBeGreaterThan(6 * 30);
    expect(s.gameIds).toHaveLength(6);
    expect(s.sides.strategy.declared + s.sides.opponent.declared).toBe(6);
    for (const view of await Promise.all(s.gameIds.map((id) => service.http.get(`/v1/games/${id}`).expect(200)))) {
      expect(view.body.status).toBe('finished');
      expect(view.body.config).toMatchObject({ variant: 'halfOpen', practice: true });
    }
    expect(formatSummary(s)).toMatch(/^games +6 in .*\nmoves +\d+ \(\d+ moves\/s\)\nlatency +p50 [\d.]+ ms +p95 [\d.]+ ms +p99 [\d.]+ ms/);
  });

  it('plays on the view stream (the default: each move a 204) and on the long poll alike, keyed moves included', async () => {
    const posts: Record<string, number> = {};
    const counting = (protocol: string) => async (req: Request) => {
      if (req.method === 'POST' && req.url.endsWith('/moves')) posts[protocol] = (posts[protocol] ?? 0) + 1;
      return fetch(req);
    };
    const run = (protocol: 'stream' | 'longpoll') =>
      runBots({ server: service.url, games: 2, concurrency: 2, strategy: 'greedy', opponent: 'random', seed: 8, idempotency: 'all', protocol, fetch: counting(protocol) });
    const [stream, longpoll] = await Promise.all([run('stream'), run('longpoll')]);
    for (const s of [stream, longpoll]) {
      expect(s.samples).toEqual([]);
      expect(s.games).toBe(2);
    }
    // The same seeded games, the same moves, whichever way the bots hear of them.
    expect(stream.moves).toBe(longpoll.moves);
    expect(stream.sides).toEqual(longpoll.sides);
    expect(posts).toEqual({ stream: stream.moves, longpoll: longpoll.moves });
  });

  it('is reproducible with a seed', async () => {
    const run = () => runBots({ server: service.url, games: 2, concurrency: 1, strategy: 'random', variant: 'bidding', seed: 42 });
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.moves).toBe(b.moves);
    expect(a.sides).toEqual(b.sides);
    expect(practiceSeed(42, 1)).toMatch(/^0{54}2a0{7}1$/);
  });

  it('re-reads and goes on after a VERSION_CONFLICT; counts other errors as unexpected', async () => {
    // A fetch that, once, makes the bot's move arrive after another copy of itself.
    let raced = false;
    const racing = async (req: Request) => {
      if (!raced && req.method === 'POST' && req.url.endsWith('/moves')) {
        raced = true;
        const copy = req.clone();
        await fetch(copy);
      }
      return fetch(req);
    };
    const s = await runBots({ server: service.url, games: 1, concurrency: 1, strategy: 'greedy', seed: 3, fetch: racing });
    expect(s.errors).toEqual({ VERSION_CONFLICT: 1 });
    expect(s.unexpected).toBe(0);
    expect(s.games).toBe(1);

    const broken = await runBots({
      server: service.url,
      games: 1,
      concurrency: 1,
      strategy: 'greedy',
      fetch: (req) => (req.url.endsWith('/join') ? Promise.resolve(Response.json({ code: 'NOPE', detail: 'no' }, { status: 500 })) : fetch(req)),
    });
    expect(broken.unexpected).toBe(1);
    expect(broken.errors).toEqual({ NOPE: 1 });
    expect(broken.failedGames).toBe(1);
  });
});

describe('npm run bot', () => {
  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/bot.ts', ...args], { cwd: join(import.meta.dirname, '../..') }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );

  it('prints the summary (no progress bar when not a terminal) and exits 0; 2 on bad usage; 1 on errors', async () => {
    // A port nobody listens on.
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as AddressInfo;
    await new Promise((r) => closed.close(r));
    const [ok, bad, down] = await Promise.all([
      run(['--server', service.url, '--games', '2', '--concurrency', '2', '--strategy', 'greedy', '--opponent', 'random', '--json']),
      run(['--server', service.url, '--strategy', 'clever']),
      run(['--server', `http://127.0.0.1:${port}`, '--games', '1']),
    ]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stderr).toBe('');
    expect(ok.stdout).toMatch(/^games +2 in/);
    expect(ok.stdout).toMatch(/strategy +greedy +score/);
    expect(ok.stdout).toMatch(/opponent +random +score/);
    const json = JSON.parse(ok.stdout.trim().split('\n').at(-1)!);
    expect(json).toMatchObject({ games: 2, unexpected: 0, latency: { p50: expect.any(Number), p99: expect.any(Number) } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--strategy: expected random or greedy/);
    expect(down.code).toBe(1);
    expect(down.stdout).toMatch(/ECONNREFUSED/);
  });
});
