// `npm run bot -- --tournament <id>`: bots join a tournament and play every game they are given,
// heard of on their player streams, until its stream says tournamentEnd. An arena (its minutes
// shortened for the test) between two bots, one of them the runner as a process of its own; a
// Swiss event of three bots in three rounds (a bye each).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, createClient } from '@offiziersskat/client';
import { runTournamentBot } from '../../src/cli/tournament-bot.ts';
import { startTestService, type TestService } from '../support/service.ts';

const ROOT = join(import.meta.dirname, '../..');
// An arena's minute lasts 3 s here: an arena of 10 "minutes" is over in 30 s, time enough for the
// runner's process to start and join on a loaded machine (the two are paired once both are in).
const MINUTE_MS = 3000;

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ config: { tournaments: { tickMs: 100, minuteMs: MINUTE_MS } } });
});
afterAll(() => service?.close());

async function organiser() {
  const api = createClient({ baseUrl: service.url });
  const who = await accounts.signUp(api, { username: `organiser_${Math.random().toString(36).slice(2, 8)}`, password: 'a long and unusual passphrase 7', name: 'Organiser' });
  return api.withToken(who.token);
}

const startsSoon = (ms = 1500) => new Date(Date.now() + ms).toISOString();

interface Standing {
  playerId: string;
  score: number;
  games: number;
}

describe('the tournament bot', () => {
  it('plays an arena against another bot, the runner as a process of its own, until the end', async () => {
    const org = await organiser();
    const tour = await org.request<{ id: string }>('POST', '/v1/tournaments', {
      body: { name: 'Bot arena', system: 'arena', variant: 'classic', turnSeconds: 30, startsAt: startsSoon(), minutes: 10 },
    });
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/bot.ts'), '--server', service.url, '--tournament', tour.id, '--strategy', 'random', '--json'], { cwd: ROOT, timeout: 100_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    // The process has joined (it says so on stderr): then the second bot.
    await new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (d) => {
        stderr += d;
        if (stderr.includes('joined tournament')) resolve();
      });
      void exited.then((code) => reject(new Error(`the runner exited (${code}) before joining: ${stderr}`)));
    });
    const inProcess = await runTournamentBot({ server: service.url, tournamentId: tour.id, name: 'greedy', strategy: 'greedy' });
    expect(await exited, stderr).toBe(0);
    const process_ = JSON.parse(stdout.trim().split('\n').at(-1)!) as Awaited<ReturnType<typeof runTournamentBot>>;

    const final = (await service.http.get(`/v1/tournaments/${tour.id}`).expect(200)).body;
    expect(final.status).toBe('finished');
    const standing = (id: string) => final.standings.find((s: Standing) => s.playerId === id);
    // They played each other only, every game to its end, and both counted each one.
    expect(inProcess.games).toBeGreaterThan(0);
    expect(new Set(inProcess.gameIds)).toEqual(new Set(process_.gameIds));
    for (const bot of [inProcess, process_]) {
      expect(bot.standing).toMatchObject({ playerId: bot.playerId, games: bot.games });
      expect(standing(bot.playerId)).toMatchObject({ games: bot.games, score: bot.standing!.score });
    }
    for (const gameId of inProcess.gameIds) expect((await service.http.get(`/v1/games/${gameId}`).expect(200)).body.status).toBe('finished');
  }, 120_000);

  it('plays a Swiss event of three rounds with two other bots: one bye each, every game played', async () => {
    const org = await organiser();
    const tour = await org.request<{ id: string }>('POST', '/v1/tournaments', {
      body: { name: 'Bot swiss', system: 'swiss', variant: 'halfOpen', turnSeconds: 30, startsAt: startsSoon(2500), rounds: 3, gamesPerRound: 2 },
    });
    const bots = await Promise.all(['a', 'b', 'c'].map((n) => runTournamentBot({ server: service.url, tournamentId: tour.id, name: `swiss-${n}`, strategy: 'greedy' })));
    const final = (await service.http.get(`/v1/tournaments/${tour.id}`).expect(200)).body;
    expect(final.status).toBe('finished');
    // Three players, three rounds: each sits one round out and plays the other two, two games each.
    for (const bot of bots) {
      expect(bot.games).toBe(4);
      expect(bot.standing).toMatchObject({ playerId: bot.playerId, withdrawn: false });
    }
    const scores = bots.map((b) => b.standing!.score);
    expect(scores.reduce((a, b) => a + b, 0)).toBe(3 + 3);
  }, 120_000);
});
