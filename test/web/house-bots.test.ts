// The house bots from a person's side, in Chromium: on a fresh service with the house bots on
// (the quick levels, and their ladder, whose first game gives them ratings), a person signs up,
// finds them in the lobby's bots panel with the BOT badge and their ratings, and plays a rated
// game against one with a click on "Challenge, rated": the table opens, the bot sits down, the
// game is rated.
import { afterEach, expect, it } from 'vitest';
import { houseLevels } from '../../src/house/levels.ts';
import { LadderStore, type HouseBots } from '../../src/house/start.ts';
import { startHouse, until } from '../house/house-service.ts';
import { browserSuite, PHONE_390, screenshotOf, Watch } from './support/browser.ts';
import { webFixture } from './support/web-suite.ts';

type Online = { playerId: string; name: string; ratings: { classic?: { rating: number } } };

browserSuite('the web client: the house bots', () => {
  const web = webFixture();
  let house: HouseBots | undefined;
  // After each test, before the fixture closes the service the bots play on.
  afterEach(async () => {
    await house?.stop();
    house = undefined;
  });

  it('finds the house bots in the lobby with badge and rating, and challenges one to a rated game with a click', { timeout: 240_000 }, async () => {
    // HOUSE_BOTS=random,greedy with a ladder of one classic game, played at once.
    house = await startHouse(web.service, houseLevels(['random', 'greedy']), {
      ladder: { store: new LadderStore(web.service.database.db), games: web.service.deps.games, gamesAtOnce: 1, pauseMs: 0, tickMs: 50, variants: ['classic'], limit: 1 },
    });
    const ids = [...house.players.values()];
    const rated = (bots: Online[]) => ids.every((id) => bots.find((b) => b.playerId === id)?.ratings.classic);
    const bots = await until(async () => (await web.service.http.get('/v1/bots/online').expect(200)).body.items as Online[], rated, 120_000);
    expect(rated(bots), 'the ladder’s first game rated both house bots').toBe(true);

    const context = await web.browser.newContext(PHONE_390);
    const watch = new Watch(context);
    const page = await context.newPage();
    await page.goto(`${web.service.url}/`);
    await page.locator('#new-username').fill('nora_new');
    await page.locator('#new-password').fill('a long and unusual passphrase 7');
    await page.locator('[data-testid=sign-up]').click();

    // The panel: each house bot by name, with the BOT badge and its classic rating as the service has it.
    for (const bot of bots.filter((b) => ids.includes(b.playerId))) {
      const line = page.locator(`[data-testid=bots-online] li[data-player-id="${bot.playerId}"]`);
      await line.locator('[data-testid=bot-ratings]').waitFor();
      await expect(line.locator('.who > a').textContent()).resolves.toBe(bot.name);
      await expect(line.locator('[data-testid=bot-badge]').count()).resolves.toBe(1);
      await expect(line.locator('[data-testid=bot-ratings]').textContent()).resolves.toContain(`Classic ${Math.round(bot.ratings.classic!.rating)}`);
    }
    await screenshotOf(page.locator('[data-testid=find-players]'), 'lobby-bots');

    // One click: a rated game for the greedy level; the table opens and the bot sits down.
    const greedy = house.players.get('greedy')!;
    await page.locator(`[data-testid=bots-online] li[data-player-id="${greedy}"] [data-testid=challenge-rated]`).click();
    await page.waitForURL(/\/play\//);
    await page.locator('.game:not([data-status=waiting])').waitFor({ timeout: 30_000 });
    await page.locator('[data-testid=rated-badge]').waitFor();
    const gameId = page.url().split('/play/')[1];
    const game = (await web.service.http.get(`/v1/games/${gameId}`).expect(200)).body;
    expect(game.rated).toBe(true);
    expect([game.players.forehand.playerId, game.players.dealer.playerId]).toContain(greedy);

    // Requests cut off by the page's own navigation (streams, polls) are no failure.
    expect(watch.problems.filter((p) => !/\(net::ERR_ABORTED\)$/.test(p))).toEqual([]);
    await context.close();
  });
});
