// `npm run bot -- --tournament <id>`: bots join a tournament and play every game they are given,
// heard of on their player streams, until its stream says tournamentEnd. An arena between two
// bots, one of them the runner as a process of its own, ended by the service's clock once they
// have played a game and begun the next; an arena of two people and two bot accounts, each played by
// a runner, in which no two bots meet; a Swiss event of three bots in three rounds (a bye each).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, createClient } from '@offiziersskat/client';
import { runTournamentBot } from '../../src/cli/tournament-bot.ts';
import { testClock } from '../support/matches.ts';
import { testConfig, startTestService, type TestService } from '../support/service.ts';
import { until } from '../support/tournaments.ts';

const ROOT = join(import.meta.dirname, '../..');
// An arena's minute lasts 3 s here (10 "minutes": 30 s), but the test does not wait for it: once
// the bots are well into it, it moves the service's clock to the arena's end. The 30 s remain the
// end should the two not be paired twice by then.
const MINUTE_MS = 3000;
// The service's clock, which the test moves: to an arena's end, to a Swiss event's start.
const clock = testClock();

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ now: clock.now, config: { tournaments: { ...testConfig().tournaments, tickMs: 100, minuteMs: MINUTE_MS } } });
});
afterAll(() => service?.close());

async function organiser() {
  const api = createClient({ baseUrl: service.url });
  const who = await accounts.signUp(api, { username: `organiser_${Math.random().toString(36).slice(2, 8)}`, password: 'a long and unusual passphrase 7', name: 'Organiser' });
  return api.withToken(who.token);
}

interface Standing {
  playerId: string;
  score: number;
  games: number;
}

describe('the tournament bot', () => {
  it('plays an arena against another bot, the runner as a process of its own, until the end', async () => {
    const org = await organiser();
    // Its games' turns are long enough that the clock's jump to the end never passes a deadline.
    const tour = await org.request<{ id: string; endsAt: string }>('POST', '/v1/tournaments', {
      body: { name: 'Bot arena', system: 'arena', variant: 'classic', turnSeconds: 300, startsAt: clock.now().toISOString(), minutes: 10 },
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
    const playing = runTournamentBot({ server: service.url, tournamentId: tour.id, name: 'greedy', strategy: 'greedy' });
    // A game played out and the next one begun: then the arena's time is up (the game under way is
    // played to its end and counts).
    const store = service.parts.tournamentStore;
    const secondGame = until(async () => (await store.pairings(tour.id)).length >= 2 || (await store.get(tour.id))?.status === 'finished', 60_000, 'a second game');
    await Promise.race([secondGame, playing]);
    const left = Date.parse(tour.endsAt) - clock.now().getTime();
    if (left > 0) clock.advance(left / 1000);
    const inProcess = await playing;
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

  it('in an arena people play beside bots: runners of two people and two bot accounts, no two bots ever paired', async () => {
    const api = createClient({ baseUrl: service.url });
    const suffix = Math.random().toString(36).slice(2, 8);
    const entrants = await Promise.all(
      [
        { name: 'Anna', bot: false },
        { name: 'Bert', bot: false },
        { name: 'Greedy-1', bot: true },
        { name: 'Greedy-2', bot: true },
      ].map(async (e) => ({ ...e, ...(await accounts.signUp(api, { username: `${e.name.toLowerCase().replace('-', '')}_${suffix}`, password: 'a long and unusual passphrase 7', name: e.name, bot: e.bot })) })),
    );
    const tour = await api.withToken(entrants[0]!.token).request<{ id: string; endsAt: string }>('POST', '/v1/tournaments', {
      body: { name: 'Mixed arena', system: 'arena', variant: 'classic', turnSeconds: 300, startsAt: clock.now().toISOString(), minutes: 10 },
    });
    const playing = Promise.all(entrants.map((e) => runTournamentBot({ server: service.url, tournamentId: tour.id, token: e.token, strategy: 'greedy' })));
    // Several waves played: then the arena's time is up.
    const store = service.parts.tournamentStore;
    await until(async () => (await store.pairings(tour.id)).length >= 6 || (await store.get(tour.id))?.status === 'finished', 60_000, 'six games');
    const left = Date.parse(tour.endsAt) - clock.now().getTime();
    if (left > 0) clock.advance(left / 1000);
    const bots = await playing;
    const bot = new Map(entrants.map((e) => [e.playerId, e.bot]));
    const pairings = await store.pairings(tour.id);
    expect(pairings.length).toBeGreaterThanOrEqual(6);
    for (const p of pairings) expect(bot.get(p.firstPlayerId) === true && bot.get(p.secondPlayerId ?? '') === true, `${p.firstPlayerId} – ${p.secondPlayerId}`).toBe(false);
    // The bots played: each game of theirs against a person.
    for (const [i, e] of entrants.entries()) if (e.bot) expect(bots[i]!.games).toBeGreaterThan(0);
  }, 120_000);

  it('plays a Swiss event of three rounds with two other bots: one bye each, every game played', async () => {
    const org = await organiser();
    const tour = await org.request<{ id: string }>('POST', '/v1/tournaments', {
      body: { name: 'Bot swiss', system: 'swiss', variant: 'halfOpen', turnSeconds: 30, startsAt: new Date(clock.now().getTime() + 5000).toISOString(), rounds: 3, gamesPerRound: 2 },
    });
    const playing = Promise.all(['a', 'b', 'c'].map((n) => runTournamentBot({ server: service.url, tournamentId: tour.id, name: `swiss-${n}`, strategy: 'greedy' })));
    // The three are in: the clock moves to the start.
    await until(async () => (await service.parts.tournamentStore.entrants(tour.id)).length === 3, 30_000, 'three entrants');
    clock.advance(5);
    const bots = await playing;
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
