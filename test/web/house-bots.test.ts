// The house bots from a person's side, in Chromium: on a fresh service with the house bots on
// (the quick levels, and their ladder, whose first game gives them ratings), a person signs up,
// finds them in the lobby's bots panel with the BOT badge and their ratings, and plays a rated
// game against one with a click on "Challenge, rated": the table opens, the bot sits down, the
// game is rated. A plain start (`npm start`'s entry, no HOUSE_BOTS, the embedded database) has
// every level online, listed weakest first with a sentence each, in German on a German page; and
// the creator of a tournament enters house bots from its page and sees them play.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accounts, createClient } from '@offiziersskat/client';
import { afterEach, expect, it } from 'vitest';
import { houseLevels } from '../../src/house/levels.ts';
import { LadderStore, type HouseBots } from '../../src/house/start.ts';
import { startHouse, until } from '../house/house-service.ts';
import { migratedDataDir } from '../support/db-template.ts';
import { testClock } from '../support/matches.ts';
import { checkingEnv } from '../support/openapi.ts';
import { freePort } from '../support/processes.ts';
import { browserSuite, DESKTOP, PHONE_390, screenshotOf, Watch } from './support/browser.ts';
import { webFixture } from './support/web-suite.ts';
import { PASSWORD, signInWith } from './support/sign-in.ts';

const ROOT = join(import.meta.dirname, '../..');

type Online = { playerId: string; name: string; ratings: { classic?: { rating: number } } };

browserSuite('the web client: the house bots', () => {
  // The service's clock: a tournament starts when the test moves it past the start (its house bots entered).
  const clock = testClock();
  const web = webFixture({ service: { now: clock.now } });
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

  it('a plain start has every house bot online, weakest first, each level in words with a sentence (German)', { timeout: 240_000 }, async () => {
    // `npm start`'s entry on a made embedded database, nothing set but the port (no ladder: it would only add load here).
    const dir = await mkdtemp(join(tmpdir(), 'skat-plain-'));
    await migratedDataDir(join(dir, '.data'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), join(ROOT, 'src/main.ts')], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', ...checkingEnv(), PORT: String(port), HOUSE_LADDER_GAMES: '0', SWEEP_INTERVAL_SECONDS: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await until(async () => output, (o) => o.includes('listening on') || child.exitCode !== null, 120_000);
      // HOST unset: bound to every address, and the log says so, with a URL to open.
      expect(output).toContain(`listening on every IPv4 address (0.0.0.0) port ${port}: open http://127.0.0.1:${port}`);
      const url = `http://127.0.0.1:${port}`;
      type Listed = { playerId: string; houseLevel: string | null };
      const bots = await until(
        async () => ((await (await fetch(`${url}/v1/bots/online`)).json()) as { items: Listed[] }).items,
        (items) => items.filter((b) => b.houseLevel).length === 4,
        120_000,
      );
      expect(bots.map((b) => b.houseLevel).sort(), output).toEqual(['greedy', 'pimc', 'random', 'star']);
      const idOf = (level: string) => bots.find((b) => b.houseLevel === level)!.playerId;

      const context = await web.browser.newContext({ ...DESKTOP, locale: 'de-DE' });
      const page = await context.newPage();
      await page.goto(`${url}/`);
      await page.locator('#new-username').fill('greta_neu');
      await page.locator('#new-password').fill(PASSWORD);
      await page.locator('[data-testid=sign-up]').click();
      const lines = page.locator('[data-testid=bots-online] li[data-player-id]');
      await lines.nth(3).waitFor();
      // Weakest to strongest, each named in German words, with its sentence.
      expect(await lines.evaluateAll((els) => els.map((el) => el.getAttribute('data-player-id')))).toEqual(['random', 'greedy', 'pimc', 'star'].map(idOf));
      expect(await lines.locator('.who > a').allTextContents()).toEqual(['Computer (Anfänger)', 'Computer (leicht)', 'Computer (stark)', 'Computer (Experte)']);
      expect(await lines.locator('[data-testid=house-about]').count()).toBe(4);
      await expect(lines.first().locator('[data-testid=house-about]').textContent()).resolves.toContain('die die Regeln erlauben');
      await expect(page.locator('[data-testid=house-intro]').textContent()).resolves.toContain('schwächste zuerst');
      await expect(page.locator('[data-testid=no-bots]').count()).resolves.toBe(0);
      await screenshotOf(page.locator('[data-testid=find-players]'), 'lobby-house-bots-de');
      await context.close();
    } finally {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the creator enters house bots from the tournament page, sees them in and sees them play', { timeout: 240_000 }, async () => {
    house = await startHouse(web.service, houseLevels(['random', 'greedy']));
    const ids = [...house.players.values()];
    await until(async () => (await web.service.http.get('/v1/bots/online').expect(200)).body.items as { playerId: string }[], (items) => ids.every((id) => items.some((b) => b.playerId === id)), 120_000);

    // A Swiss event for bots only, starting a minute ahead on the service's clock; its creator opens it.
    const api = createClient({ baseUrl: web.service.url });
    const olga = await accounts.signUp(api, { username: 'olga_creator', password: PASSWORD, name: 'Olga' });
    const startsAt = new Date(clock.now().getTime() + 60_000).toISOString();
    const tour = (await web.service.http
      .post('/v1/tournaments')
      .set({ Authorization: `Bearer ${olga.token}` })
      .send({ name: 'Computerpokal', system: 'swiss', variant: 'classic', turnSeconds: 60, bots: 'only', rounds: 3, gamesPerRound: 1, startsAt })
      .expect(201)).body as { id: string };
    const context = await web.browser.newContext(DESKTOP);
    const watch = new Watch(context);
    const page = await context.newPage();
    await signInWith(page, web.service.url, 'olga_creator', ['[data-testid=open-game]']);
    await page.goto(`${web.service.url}/tournaments/${tour.id}`);

    // The control lists both levels in words; a click enters one, and it shows in the standings.
    const control = page.locator('[data-testid=tour-house-bots]');
    await control.locator('li[data-house-level=greedy]').waitFor();
    await expect(control.locator('li[data-house-level=random] strong').textContent()).resolves.toBe('Computer (beginner)');
    await control.locator('li[data-house-level=random] [data-testid=tour-add-house-bot]').click();
    await page.locator(`[data-testid=tour-standings] tr[data-player-id="${house.players.get('random')}"]`).waitFor();
    await expect(control.locator('li[data-house-level=random]').count()).resolves.toBe(0);
    await control.locator('li[data-house-level=greedy] [data-testid=tour-add-house-bot]').click();
    await page.locator(`[data-testid=tour-standings] tr[data-player-id="${house.players.get('greedy')}"]`).waitFor();
    await control.locator('[data-testid=tour-house-none]').waitFor();
    await screenshotOf(control, 'tournament-house-bots');

    // The start: the two bots are paired and play their game by themselves; the page shows it played.
    clock.advance(60);
    for (const id of ids) await page.locator(`[data-testid=tour-standings] tr[data-player-id="${id}"][data-games="1"]`).waitFor({ timeout: 120_000 });
    const after = (await web.service.http.get(`/v1/tournaments/${tour.id}`).expect(200)).body;
    expect(after.standings.map((s: { games: number }) => s.games)).toEqual([1, 1]);
    expect(watch.problems.filter((p) => !/\(net::ERR_ABORTED\)$/.test(p))).toEqual([]);
    await context.close();
  });
});
