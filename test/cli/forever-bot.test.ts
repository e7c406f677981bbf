// The forever bot of examples/: it accepts challenges from its own stream, plays games and matches
// on the games' streams, and carries on across a restart of the service (same port, same
// database), in the middle of a game and for challenges made after it.
import { afterAll, expect, it } from 'vitest';
import { runForeverBot, type BotState } from '../../examples/forever-bot.ts';
import { createClient, playGame, waitForVersion, type GameView, type SkatClient } from '@offiziersskat/client';
import type { Database } from '../../src/platform/db/client.ts';
import { openTestDatabase } from '../support/db.ts';
import { startTestService, type TestService } from '../support/service.ts';

let database: Database;
let service: TestService | undefined;
afterAll(async () => {
  await service?.close();
  await database?.close();
});

const randomMove = (v: GameView) => v.legalMoves[Math.floor(Math.random() * v.legalMoves.length)];

/** Until `check` holds (the test's own polling of in-process state). */
async function until(check: () => boolean, what: string, ms = 20_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Plays our side until the game's version reaches `version` (or it ends). */
async function playUntil(client: SkatClient, first: GameView, version: number): Promise<GameView> {
  let view = first;
  while (view.version < version && view.status !== 'finished') {
    if (view.toMove === view.you) view = (await client.move(view.id, randomMove(view), { expectedVersion: view.version })).view;
    else view = await waitForVersion(client, view.id, view.version);
  }
  return view;
}

it('accepts every challenge, plays each game on its stream, and carries on after the service restarts', async () => {
  database = await openTestDatabase();
  service = await startTestService({ database });
  const url = service.url;
  const port = Number(new URL(url).port);

  const states: BotState[] = [];
  const finished: GameView[] = [];
  const lines: string[] = [];
  const stop = new AbortController();
  const bot = runForeverBot({
    server: url,
    name: 'Forever',
    onState: (s) => states.push(s),
    onGameOver: (v) => finished.push(v),
    log: (l) => lines.push(l),
    signal: stop.signal,
  });
  await until(() => states.length > 0, 'the bot to register');
  const botId = states[0].playerId;

  const guest = createClient({ baseUrl: url });
  const anna = guest.withToken((await guest.createPlayer('Anna')).token);

  // 1. A game challenge: the bot joins from its stream and plays it to the end.
  const first = await anna.createGame({ opponent: botId, seat: 'forehand' });
  const joined = await waitForVersion(anna, first.id, first.version);
  expect(joined.players.dealer?.playerId).toBe(botId);
  const end1 = await playGame(anna, joined, randomMove);
  expect(end1.status).toBe('finished');
  await until(() => finished.some((v) => v.id === first.id), 'the bot to see game 1 finished');

  // 2. A game interrupted by a restart: a few moves, the service goes away, comes back on the same
  //    port and database; the bot's game stream resumes and the game is played to the end.
  const second = await anna.createGame({ opponent: botId, seat: 'dealer' });
  const midway = await playUntil(anna, await waitForVersion(anna, second.id, second.version), second.version + 8);
  expect(midway.status).not.toBe('finished');
  await service.close();
  await new Promise((r) => setTimeout(r, 300)); // the bot finds nobody there for a moment
  service = await startTestService({ database, config: { port } });
  expect(service.url).toBe(url);
  const end2 = await playGame(anna, await anna.getGame(second.id), randomMove);
  expect(end2.status).toBe('finished');
  await until(() => finished.some((v) => v.id === second.id), 'the bot to see game 2 finished');

  // 3. After the restart the bot's own stream is back: a match challenge, both games played.
  const match = await anna.createMatch({ opponent: botId, games: 2, scoring: 'simple' });
  let sheet = await anna.getMatch(match.id);
  for (let seen = new Set<string>(); sheet.status !== 'finished'; sheet = await anna.getMatch(match.id)) {
    if (!sheet.currentGameId || seen.has(sheet.currentGameId)) {
      await new Promise((r) => setTimeout(r, 20));
      continue;
    }
    seen.add(sheet.currentGameId);
    const game = await anna.getGame(sheet.currentGameId);
    expect((await playGame(anna, game, randomMove)).status).toBe('finished');
  }
  expect(sheet.sheet).toHaveLength(2);
  await until(() => finished.filter((v) => v.match?.id === match.id).length === 2, 'the bot to see both match games finished');

  // One identity throughout; the stream's place moved on with every event it handled.
  expect(new Set(states.map((s) => s.playerId))).toEqual(new Set([botId]));
  expect(states.at(-1)!.lastSeq).toBeGreaterThanOrEqual(8);
  expect(lines.filter((l) => l.startsWith('challenge:'))).toHaveLength(3);

  stop.abort();
  await bot;
}, 90_000);
