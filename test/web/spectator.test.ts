// A spectator: anyone with the game's link sees the table read-only, live from the game's stream
// (covered cards as backs, hands as counts), until the result. The game is played meanwhile by
// two bots through the client module.
import { expect, it } from 'vitest';
import { greedy, newMemory, remember, rng } from '../../src/bots/index.ts';
import { createClient, playGame, type GameView, type SkatClient } from '@offiziersskat/client';
import { browserSuite, DESKTOP, screenshot, Watch } from './support/browser.ts';
import { webFixture } from './support/web-suite.ts';

browserSuite('the web client: a spectator', () => {
  const web = webFixture();

  /** A bot that waits `gate()` before each move, so the test sees the game step by step. */
  const bot = (client: SkatClient, first: GameView, seed: number, gate: () => Promise<void>) => {
    const memory = newMemory();
    const pick = rng(seed);
    return playGame(client, first, async (v) => (await gate(), greedy(v, memory, pick)), { onView: (v) => remember(memory, v) });
  };

  it('follows a game it does not sit at, read-only, from the link alone', async () => {
    const anon = createClient({ baseUrl: web.service.url });
    const [a, b] = await Promise.all([anon.createPlayer('Anna'), anon.createPlayer('Bert')]);
    const anna = anon.withToken(a.token);
    const bert = anon.withToken(b.token);
    const created = await anna.createGame({ variant: 'halfOpen', seat: 'forehand' });
    const joined = await bert.joinGame(created.id);

    const context = await web.browser.newContext(DESKTOP);
    const watch = new Watch(context);
    const page = await context.newPage();
    await page.goto(`${web.service.url}/play/${created.id}`);
    await page.locator('.game[data-you=spectator]').waitFor();
    await expect(page.locator('.status-bar').textContent()).resolves.toContain('Watching');

    // The players move only when the page has shown the last move (a slow, watchable game). While
    // a player waits here nothing moves, so what the page shows then is the game as it stands:
    // a card lying in the current trick is counted there (a check from outside would race the
    // next move, which takes the trick away again).
    let moves = 0;
    let trickCardsSeen = 0;
    const gate = async () => {
      await page.waitForFunction((v) => Number(document.querySelector('.game')?.getAttribute('data-version')) >= v, await versionNow(), { timeout: 15_000 });
      trickCardsSeen += await page.locator('.trick .card-face').count();
      moves++;
      if (moves === 12) await screenshot(page, 'spectator');
    };
    const versionNow = async () => (await anon.getGame(created.id)).version;
    const played = Promise.all([bot(anna, created, 1, gate), bot(bert, joined, 2, gate)]);

    // Mid-game: the players' hands are counts (backs) to the spectator; nothing is playable.
    await page.locator('.game[data-status=playing]').waitFor({ timeout: 20_000 });
    await expect(page.locator('.row.hand.backs').count()).resolves.toBe(2);
    await expect(page.locator('button.card').count()).resolves.toBe(0);
    await expect(page.locator('.decision').count()).resolves.toBe(0);

    const [final] = await played;
    expect(trickCardsSeen).toBeGreaterThan(0);
    await page.locator('[data-testid=result]').waitFor({ timeout: 20_000 });
    await expect(page.locator('.game').getAttribute('data-version')).resolves.toBe(String(final.version));
    // A spectator may look at the replay, but has no rematch to ask for.
    await expect(page.locator('[data-testid=rematch]').count()).resolves.toBe(0);
    await expect(page.locator('[data-testid=replay-link]').count()).resolves.toBe(1);
    expect(watch.problems).toEqual([]);
    await context.close();
  });
});
