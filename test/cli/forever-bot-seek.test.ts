// The forever bot with `seek`: besides its challenges it keeps one seek open while idle; a seeker
// of the same options is paired with it at once, the bot plays that game to its end, seeks again,
// and withdraws its seek when it stops.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runForeverBot } from '../../examples/forever-bot.ts';
import { createClient, playGame, type GameView } from '@offiziersskat/client';
import { startTestService, type TestService } from '../support/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service?.close());

const randomMove = (v: GameView) => v.legalMoves[Math.floor(Math.random() * v.legalMoves.length)];

async function until<T>(read: () => Promise<T>, check: (t: T) => boolean, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('keeps one seek open while idle, plays what it is paired into, and withdraws its seek when it stops', async () => {
  const finished: GameView[] = [];
  const stop = new AbortController();
  const options = { variant: 'bidding' as const, turnSeconds: 91 };
  const bot = runForeverBot({ server: service.url, name: 'Seeking forever', seek: options, onGameOver: (v) => finished.push(v), log: () => {}, signal: stop.signal });
  const pool = () => service.http.get('/v1/seeks?limit=100').then((r) => r.body.items as { seekId: string; player: { name: string }; whileConnected: boolean }[]);
  const botsSeeks = (items: Awaited<ReturnType<typeof pool>>) => items.filter((s) => s.player.name === 'Seeking forever');
  const waiting = botsSeeks(await until(pool, (items) => botsSeeks(items).length === 1, 'the bot’s seek'));
  expect(waiting[0].whileConnected).toBe(true);

  const guest = createClient({ baseUrl: service.url });
  const me = guest.withToken((await guest.createPlayer('Gast')).token);
  const paired = await me.createSeek(options);
  expect(paired.status).toBe('paired');
  const view = await playGame(me, await me.getGame(paired.gameId!), randomMove);
  expect(view.status).toBe('finished');
  await until(async () => finished.length, (n) => n === 1, 'the bot to finish the game');
  // Idle again: a new seek of the bot's waits.
  const again = botsSeeks(await until(pool, (items) => botsSeeks(items).length === 1 && botsSeeks(items)[0].seekId !== waiting[0].seekId, 'the bot’s next seek'));
  stop.abort();
  await bot;
  expect((await service.http.get(`/v1/seeks/${again[0].seekId}`).expect(200)).body.status).not.toBe('waiting');
}, 120_000);
