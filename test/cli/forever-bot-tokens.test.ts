// The forever bot and its token: as its token nears its end it renews the token by itself, plays
// on after the service restarts and after its own restart from its saved state, always as the same
// player; a token that has expired stops it (its state kept), and only a token the service does
// not know at all makes a new player.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runForeverBot, type BotState } from '../../examples/forever-bot.ts';
import { accounts, claimsOf, createClient, playGame, waitForVersion, type GameView, type SkatClient } from '@offiziersskat/client';
import type { Database } from '../../src/platform/db/client.ts';
import { openTestDatabase } from '../support/db.ts';
import { testClock } from '../support/matches.ts';
import { startTestService, testConfig, type TestService } from '../support/service.ts';

/**
 * Seconds a token lives here. The service, the bot and Anna read one clock the test moves (the
 * renewals' timers look at it every 20 ms), so no test waits for a token to age: a long lifetime
 * leaves the bot (renewing in the last 12 s) 10 s before its token ends, however slow the machine.
 */
const TTL = 120;
const clock = testClock();
const renewalClock = { now: () => clock.now().getTime(), lookAgainMs: 20 };
/** Moves the clock forward to `seconds` after `token` ends (before it, when negative). */
function clockTo(token: string, seconds: number) {
  const by = (claimsOf(token)!.exp! * 1000 - renewalClock.now()) / 1000 + seconds;
  expect(by).toBeGreaterThan(0);
  clock.advance(by);
}

let database: Database;
let service: TestService | undefined;
/** A service of its own (another database, another key, the real clock): the second test's, and a stranger to the first's. */
let other: TestService;
beforeAll(async () => {
  other = await startTestService();
});
afterAll(async () => {
  await service?.close();
  await other?.close();
  await database?.close();
});

const randomMove = (v: GameView) => v.legalMoves[Math.floor(Math.random() * v.legalMoves.length)];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Challenges the bot to a game and plays it to the end against it. */
async function challengeAndPlay(anna: SkatClient, botId: string, finished: GameView[]): Promise<void> {
  const game = await anna.createGame({ opponent: botId, seat: 'forehand' });
  const joined = await waitForVersion(anna, game.id, game.version);
  expect(joined.players.dealer?.playerId).toBe(botId);
  expect((await playGame(anna, joined, randomMove)).status).toBe('finished');
  await until(() => finished.some((v) => v.id === game.id), `the bot to finish game ${game.id}`);
}

it('renews its token, and survives a restart of the service and its own, always as the same player', async () => {
  database = await openTestDatabase();
  const config = { jwt: { ...testConfig().jwt, ttlSeconds: TTL } };
  service = await startTestService({ database, config, now: clock.now });
  const url = service.url;
  const port = Number(new URL(url).port);
  const guest = createClient({ baseUrl: url });
  // A guest whose token nobody renews: expired by the end of the test.
  const sleeper = await guest.createPlayer('Sleeper');

  const states: BotState[] = [];
  const finished: GameView[] = [];
  const lines: string[] = [];
  let stop = new AbortController();
  const options = { server: url, name: 'Forever', renewalClock, onState: (s: BotState) => states.push(s), onGameOver: (v: GameView) => finished.push(v), log: (l: string) => lines.push(l) };
  let bot = runForeverBot({ ...options, signal: stop.signal });
  await until(() => states.length > 0, 'the bot to register');
  const botId = states[0].playerId;
  const tokens = () => new Set(states.map((s) => s.token));

  // Anna's own token renews itself too (the client module does it; on a timer while she waits).
  const anna = guest.withToken((await guest.createPlayer('Anna')).token, { ...renewalClock, renewBelow: 0.5 });
  void anna.identity!.keepRenewed(stop.signal);
  const annasFirst = anna.token;

  // Idle on its stream, the bot renews before the token ends (so does Anna, at half of hers): past
  // the first token's end (and the service's skew allowance) it still accepts a challenge.
  const first = states[0].token;
  clockTo(first, -10);
  await until(() => tokens().size >= 2 && anna.token !== annasFirst, 'the bot and Anna to renew their tokens');
  clockTo(first, 6);
  expect(renewalClock.now()).toBeGreaterThan(claimsOf(first)!.exp! * 1000 + 5_000);
  await challengeAndPlay(anna, botId, finished);

  // The service goes away and comes back (same port, same database): the bot plays on.
  await service.close();
  await sleep(300);
  service = await startTestService({ database, config: { ...config, port }, now: clock.now });
  expect(service.url).toBe(url);
  await challengeAndPlay(anna, botId, finished);

  // Its token near its end again: renewed once more, idle on the stream.
  clockTo(states.at(-1)!.token, -10);
  await until(() => tokens().size >= 3, 'the bot to renew its token again');

  // The bot's own restart, from its saved state (its latest token).
  stop.abort();
  await bot;
  const saved = states.at(-1)!;
  stop = new AbortController();
  void anna.identity!.keepRenewed(stop.signal);
  bot = runForeverBot({ ...options, state: saved, signal: stop.signal });
  await challengeAndPlay(anna, botId, finished);
  stop.abort();
  await bot;

  expect(new Set(states.map((s) => s.playerId))).toEqual(new Set([botId]));
  expect(tokens().size).toBeGreaterThanOrEqual(3);
  expect(lines.filter((l) => /does not know/.test(l))).toEqual([]);

  // A bot whose token expired while it was away: it stops and says so; it does not become someone else.
  expect(claimsOf(sleeper.token)!.exp! * 1000 + 5_000).toBeLessThan(renewalClock.now());
  const sleeperStates: BotState[] = [];
  const sleeperLines: string[] = [];
  await expect(
    runForeverBot({ server: url, renewalClock, state: { playerId: sleeper.playerId, token: sleeper.token, lastSeq: 0 }, onState: (s) => sleeperStates.push(s), log: (l) => sleeperLines.push(l) }),
  ).rejects.toThrow(/expired/);
  expect(sleeperStates).toEqual([]);
  expect(sleeperLines.join('\n')).toMatch(/token has expired/);

  // Only a token the service does not know at all (another database) makes a new player.
  const stranger = await createClient({ baseUrl: other.url }).createPlayer('Stranger');
  const strangerStates: BotState[] = [];
  const strangerLines: string[] = [];
  const stop2 = new AbortController();
  const third = runForeverBot({ server: url, renewalClock, state: { playerId: stranger.playerId, token: stranger.token, lastSeq: 0 }, onState: (s) => strangerStates.push(s), log: (l) => strangerLines.push(l), signal: stop2.signal });
  await until(() => strangerStates.length > 0, 'a new player');
  expect(strangerStates[0].playerId).not.toBe(stranger.playerId);
  expect(strangerLines[0]).toMatch(/does not know this player .*: a new player/);
  stop2.abort();
  await third;
}, 120_000);

it("plays as a bot account's never-expiring token; a revoked one stops it, and the challenge it missed waits for its restart", async () => {
  const url = other.url;
  const guest = createClient({ baseUrl: url });
  const signedUp = await accounts.signUp(guest, { username: 'forever_bot', password: 'a long and unusual passphrase 7', bot: true });
  const account = guest.withToken(signedUp.token);
  const first = await accounts.createToken(account, { name: 'forever-bot', expiresInDays: null });
  expect(first.expiresAt).toBeNull();
  const anna = guest.withToken((await guest.createPlayer('Anna')).token);

  const states: BotState[] = [];
  const finished: GameView[] = [];
  const lines: string[] = [];
  const options = { server: url, onState: (s: BotState) => states.push(s), onGameOver: (v: GameView) => finished.push(v), log: (l: string) => lines.push(l) };
  const bot = runForeverBot({ ...options, token: first.token });
  // It ends (rejects) once its token is revoked, maybe before the test awaits it below: handled from now on.
  bot.catch(() => {});
  let online = false;
  const looking = (async () => {
    while (!online) {
      online = (await accounts.onlineBots(anna)).some((b) => b.playerId === signedUp.playerId && b.name === 'forever_bot');
      await sleep(50);
    }
  })();
  await until(() => states.length > 0, 'the bot to start');
  expect(states[0].playerId).toBe(signedUp.playerId);
  // On its stream, it is a bot online.
  await until(() => online, 'the bot to be listed online');
  await looking;
  await challengeAndPlay(anna, signedUp.playerId, finished);

  // The token leaks and is revoked: the bot stops and says why; a challenge made meanwhile waits.
  await accounts.revokeToken(account, first.tokenId);
  const waiting = await anna.createGame({ opponent: signedUp.playerId, seat: 'forehand' });
  await expect(bot).rejects.toThrow(/revoked/);
  expect(lines.filter((l) => /does not know/.test(l))).toEqual([]);
  expect((await anna.getGame(waiting.id)).status).toBe('waiting');

  // A new token: the bot, from its saved state, takes the challenge up and plays it.
  const second = await accounts.createToken(account, { name: 'forever-bot 2', expiresInDays: null });
  const stop = new AbortController();
  const again = runForeverBot({ ...options, token: second.token, state: states.at(-1), signal: stop.signal });
  const joined = await waitForVersion(anna, waiting.id, waiting.version);
  expect(joined.players.dealer?.playerId).toBe(signedUp.playerId);
  expect((await playGame(anna, joined, randomMove)).status).toBe('finished');
  await until(() => finished.some((v) => v.id === waiting.id), 'the bot to finish the waiting challenge');
  expect(new Set(states.map((s) => s.playerId))).toEqual(new Set([signedUp.playerId]));
  stop.abort();
  await again;
}, 90_000);
