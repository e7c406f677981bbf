// What the house bots' tests on a test service share: the bots started as `npm start` starts
// them (a child running the service's entry), a wait on what they do, and a person who signs up,
// seeks a rated game, is paired with a house bot at once and plays it to its end.
import { join } from 'node:path';
import { createClient, playGame, type GameView } from '@offiziersskat/client';
import { expect } from 'vitest';
import type { HouseLevel } from '../../src/house/levels.ts';
import { startHouseBots, type HouseBots, type HouseBotsDeps } from '../../src/house/start.ts';
import { testLogger, type TestService } from '../support/service.ts';

const ROOT = join(import.meta.dirname, '../..');

/** The house bots of these levels, on the service (`ladder` and the like in `more`). */
export const startHouse = (service: TestService, levels: readonly HouseLevel[], more: Partial<HouseBotsDeps> = {}): Promise<HouseBots> =>
  startHouseBots({
    accounts: service.deps.accounts,
    levels,
    url: service.url,
    log: testLogger,
    // The child runs the service's entry, as `npm start` would.
    entry: join(ROOT, 'src/main.ts'),
    execArgv: ['--import', import.meta.resolve('tsx')],
    ...more,
  });

/** Reads until `done` says so, or the time is up (then the last reading, for the test to fail on). */
export async function until<T>(read: () => Promise<T>, done: (t: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100)); // the test's own polling
  }
}

/**
 * A person (a new account, its username beginning with `prefix`) seeks a rated classic game as
 * the house bots do: paired at once with one of them (`botId`), it plays random moves to the end.
 */
export async function personPlaysHouseBot(service: TestService, prefix: string): Promise<{ personId: string; botId: string; gameId: string }> {
  const guest = createClient({ baseUrl: service.url });
  const { accounts } = await import('@offiziersskat/client');
  const person = await accounts.signUp(guest, { username: `${prefix}${Date.now().toString(36)}`, password: 'correct horse battery staple' });
  const me = guest.withToken(person.token);
  const seek = await me.createSeek({ variant: 'classic', rated: true, turnSeconds: 60 });
  expect(seek.status).toBe('paired');
  const gameId = seek.gameId as string;
  const pick = (v: GameView) => v.legalMoves[Math.floor(Math.random() * v.legalMoves.length)]!;
  const end = await playGame(me, await me.getGame(gameId), pick);
  expect(end.status).toBe('finished');
  const botId = Object.values(end.players).find((p) => p !== null && p.playerId !== person.playerId)?.playerId as string;
  return { personId: person.playerId, botId, gameId };
}
