// What a first-time player meets, in Chromium: the lobby's bots online (name, BOT badge) challenged
// with one click and a player found by name; "My games" in words, and a game past its deadline
// ending by itself, said once; "Rated" taking "no limit" away; the leaderboard's rule and no
// "More" with nothing more; the player page's recent games with opponent and outcome, its chart
// legible on a phone; /replay taking the player page's own ndjson download; and every page at
// 390 × 844 without horizontal overflow.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { accounts, createClient, type SkatClient } from '@offiziersskat/client';
import { runBots } from '../../src/cli/bot-runner.ts';
import { beyondUnrequestedAnalysis, browserSuite, DESKTOP, PHONE_390, screenshot, screenshotOf, Watch } from './support/browser.ts';
import { webFixture } from './support/web-suite.ts';
import { PASSWORD, signInWith as signIn } from './support/sign-in.ts';


/** Requests a page cut off itself by navigating (streams, polls) are no failure. */
const real = (problems: string[]) => problems.filter((p) => !/\(net::ERR_ABORTED\)$/.test(p));

/** How far the page is wider than the screen (0: it fits), and what sticks out. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && getComputedStyle(el).position !== 'absolute')
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} (${Math.round(el.getBoundingClientRect().right)} px)`);
    return { by: document.documentElement.scrollWidth - width, wide };
  });

browserSuite('the web client: a first-time player', () => {
  const web = webFixture({ service: { config: { ratings: { provisionalRd: 300 } } } });

  const signInWith = (page: Page, username: string) => signIn(page, web.service.url, username, ['[data-testid=open-game]']);

  /** A bot holding its player stream open: online until `close`. */
  async function botOnline(token: string) {
    const controller = new AbortController();
    const res = await fetch(`${web.service.url}/v1/players/me/stream`, { headers: { Authorization: `Bearer ${token}` }, signal: controller.signal });
    expect(res.status).toBe(200);
    void res.body?.pipeTo(new WritableStream()).catch(() => {});
    return () => controller.abort();
  }

  /** Moves for whoever is to move until `until` says stop (the first legal move each time). */
  async function moveUntil(gameId: string, by: Record<string, SkatClient>, until: (status: string, toMove: string | null) => boolean) {
    for (let i = 0; i < 40; i++) {
      const view = await createClient({ baseUrl: web.service.url }).getGame(gameId);
      if (until(view.status, view.toMove ?? null) || !view.toMove) return;
      const client = by[view.toMove];
      const mine = await client.getGame(gameId);
      await client.move(gameId, mine.legalMoves[0]);
    }
  }

  it('challenges a bot online, finds a player by name, says each game’s state, ends a game past its deadline once', { timeout: 240_000 }, async () => {
    const api = createClient({ baseUrl: web.service.url });
    const anna = await accounts.signUp(api, { username: 'anna_first', password: PASSWORD, name: 'Anna' });
    const bert = await accounts.signUp(api, { username: 'bert_first', password: PASSWORD, name: 'Bert' });
    const robo = await accounts.signUp(api, { username: 'robo_first', password: PASSWORD, name: 'Robo', bot: true });
    const stop = await botOnline(robo.token);
    // Its seek in the pool: the variant it plays now.
    await api.withToken(robo.token).createSeek({ variant: 'halfOpen', turnSeconds: 60 });

    const context = await web.browser.newContext(PHONE_390);
    const watch = new Watch(context);
    const page = await context.newPage();
    await signInWith(page, 'anna_first');

    // The bots panel: the name, the BOT badge, a challenge button.
    const bot = page.locator(`[data-testid=bots-online] li[data-player-id="${robo.playerId}"]`);
    await bot.waitFor();
    await expect(bot.textContent()).resolves.toContain('Robo');
    await expect(bot.locator('[data-testid=bot-badge]').count()).resolves.toBe(1);
    await bot.locator('[data-testid=bot-variants]', { hasText: 'plays Half open' }).waitFor();
    const { by } = await overflow(page);
    expect(by, 'the lobby on a phone is no wider than the phone').toBeLessThanOrEqual(0);
    await screenshot(page, 'lobby-phone');

    // One click: a game reserved for the bot, its table open.
    await bot.locator('[data-testid=challenge]').click();
    await page.waitForURL(/\/play\//);
    const challenged = page.url().split('/play/')[1];
    const view = await api.withToken(anna.token).getGame(challenged);
    expect(view.status).toBe('waiting');
    // The form said classic, the bot plays half open: the challenge is for what it plays.
    expect(view.config.variant).toBe('halfOpen');
    expect((await web.service.http.get(`/v1/games/${challenged}`).expect(200)).body.reservedFor).toBe(robo.playerId);
    stop();

    // A player by name, not by id.
    await page.goto(`${web.service.url}/`);
    await page.locator('[data-testid=find-player]').fill('Ber');
    await page.locator('[data-testid=find-player-button]').click();
    await page.locator(`[data-testid=players-found] li[data-player-id="${bert.playerId}"]`).waitFor();

    // A game Bert leaves: "My games" says whose turn it is in words; past the deadline the lobby
    // ends it by itself, and the result says so once.
    const annaApi = api.withToken(anna.token);
    const bertApi = api.withToken(bert.token);
    const game = await bertApi.createGame({ turnSeconds: 5 });
    await annaApi.joinGame(game.id);
    const seatOf = async (c: SkatClient) => (await c.getGame(game.id)).you!;
    const seats = { [await seatOf(annaApi)]: annaApi, [await seatOf(bertApi)]: bertApi };
    const bertSeat = await seatOf(bertApi);
    await moveUntil(game.id, seats, (_s, toMove) => toMove === bertSeat);
    const entry = page.locator(`.my-games li[data-entry-id="${game.id}"] [data-testid=game-state]`);
    await page.waitForFunction((id) => /Bert to move/.test(document.querySelector(`.my-games li[data-entry-id="${id}"]`)?.textContent ?? ''), game.id, { timeout: 20_000 });
    expect(await entry.textContent()).not.toMatch(/\bcutting\b|^\s*\w+\s*$/);
    await page.waitForFunction((id) => /over/.test(document.querySelector(`.my-games li[data-entry-id="${id}"] [data-testid=game-state]`)?.textContent ?? ''), game.id, { timeout: 30_000 });
    const ended = await web.service.http.get(`/v1/games/${game.id}`).expect(200);
    expect(ended.body.result.timedOut).toBe(bertSeat);
    await page.goto(`${web.service.url}/play/${game.id}`);
    await page.locator('.game[data-status=finished]').waitFor();
    const said = await page.locator('.result').textContent();
    expect(said!.match(/Bert ran out of time/g)).toHaveLength(1);
    expect(said).not.toMatch(/resigned/);

    // "Rated" ticked: the seconds a move offer no "no limit". The computer's levels, capitalised.
    await page.goto(`${web.service.url}/`);
    await expect(page.locator('[data-testid=computer-level] option').allTextContents()).resolves.toEqual(['Easy', 'Strong']);
    const seconds = page.locator('.new-game [data-testid=turn-seconds]');
    await expect(seconds.getAttribute('placeholder')).resolves.toBe('no limit');
    await page.locator('.new-game [data-testid=rated]').check();
    await expect(seconds.getAttribute('placeholder')).resolves.not.toMatch(/no limit/);
    await expect(seconds.getAttribute('min')).resolves.toBe('10');

    expect(real(watch.problems)).toEqual([]);
    await context.close();
  });

  it('every page fits a 390 px phone, with a legible leaderboard, recent games and chart; /replay takes the export', { timeout: 240_000 }, async () => {
    const api = createClient({ baseUrl: web.service.url });
    const cara = await accounts.signUp(api, { username: 'cara_fit', password: PASSWORD, name: 'Cara' });
    const dora = await accounts.signUp(api, { username: 'dora_fit', password: PASSWORD, name: 'Dora Longname-Withoutspaces' });
    const caraApi = api.withToken(cara.token);
    const doraApi = api.withToken(dora.token);
    // Two rated games, each resigned by Dora: Cara is on the leaderboard (threshold 300 here).
    const finished: string[] = [];
    for (let i = 0; i < 2; i++) {
      const g = await doraApi.createGame({ rated: true });
      await caraApi.joinGame(g.id);
      await doraApi.move(g.id, { type: 'resign' });
      finished.push(g.id);
    }
    const match = await caraApi.createMatch({ games: 2 });
    // A game under way at Cara's table (her hand, the trick), a whole game of two bots to replay,
    // and an upcoming tournament both have joined.
    const running = await caraApi.createGame({});
    await doraApi.joinGame(running.id);
    const seatOf = async (c: SkatClient) => (await c.getGame(running.id)).you!;
    await moveUntil(running.id, { [await seatOf(caraApi)]: caraApi, [await seatOf(doraApi)]: doraApi }, (status) => status === 'playing');
    const replayed = (await runBots({ server: web.service.url, games: 1, concurrency: 1, strategy: 'greedy', opponent: 'random', variant: 'bidding', seed: 9 })).gameIds[0];
    const tour = await caraApi.request<{ id: string }>('POST', '/v1/tournaments', {
      body: { name: 'Kleines Turnier am Abend', system: 'swiss', variant: 'classic', turnSeconds: 60, startsAt: new Date(Date.now() + 86_400_000).toISOString(), rounds: 3, gamesPerRound: 1 },
    });
    for (const who of [caraApi, doraApi]) await who.request('POST', `/v1/tournaments/${tour.id}/join`);

    const context = await web.browser.newContext(PHONE_390);
    const watch = new Watch(context);
    const page = await context.newPage();
    const fits = async (path: string, drawn: string[]) => {
      await page.goto(`${web.service.url}${path}`);
      // Drawn in full: what each page shows last (its lists and panels come in requests of their own).
      for (const part of drawn) await page.locator(part).first().waitFor();
      const { by, wide } = await overflow(page);
      expect(by, `${path} is ${by} px wider than the phone: ${wide.join(', ')}`).toBeLessThanOrEqual(0);
    };
    // Every page the web client serves: each route of web/src/main.ts's router, the sign-in both
    // signed out and after an expiry (one screen), a table as a player (a spectator's is the same
    // screen with less in it) and finished, the replay with a file or a game (its analysis is
    // test/web/analysis.test.ts's, on a 390 px phone too).
    await fits('/', ['[data-testid=sign-in-form]', '[data-testid=sign-up-form]']);
    await signInWith(page, 'cara_fit');
    const pages: [string, string[]][] = [
      ['/', [`.my-games li[data-entry-id="${running.id}"]`, '[data-testid=bots-online] > *']],
      [`/play/${running.id}`, ['.game[data-status=playing] .seat.bottom button.card']],
      [`/play/${finished[0]}`, ['[data-testid=result]']],
      [`/play/match/${match.id}`, ['.match[data-status=waiting]']],
      ['/replay', ['[data-testid=record-file]']],
      [`/replay/${replayed}`, ['.replay-stage .table', '[data-testid=verification][data-ok]']],
      ['/account', ['[data-testid=tokens] li']],
      ['/leaderboard/classic', [`[data-testid=leaderboard] tr[data-player-id="${cara.playerId}"]`]],
      [`/players/${cara.playerId}`, ['[data-testid=rating-chart]', '[data-testid=recent-outcome]']],
      ['/tournaments', [`[data-testid=tour-list-upcoming] li[data-tournament-id="${tour.id}"]`, '[data-testid=tour-form]']],
      [`/tournaments/${tour.id}`, [`[data-testid=tour-standings] tr[data-player-id="${dora.playerId}"]`, '[data-entrant=in]']],
    ];
    for (const [path, drawn] of pages) await fits(path, drawn);

    // The leaderboard: who appears and when, and no "More" when all are shown.
    await page.goto(`${web.service.url}/leaderboard/classic`);
    await page.locator(`[data-testid=leaderboard] tr[data-player-id="${cara.playerId}"]`).waitFor();
    await expect(page.locator('[data-testid=leaderboard-rule]').textContent()).resolves.toMatch(/110 or less.*14 rated games/);
    await expect(page.locator('[data-testid=leaderboard-more]').isVisible()).resolves.toBe(false);

    // The player page: the opponent and the outcome of each recent game; the chart's figures legible.
    await page.goto(`${web.service.url}/players/${cara.playerId}`);
    // The recent games come in a request of their own after the page is drawn.
    await page.locator('[data-testid=recent-outcome]').nth(1).waitFor();
    const outcomes = await page.locator('[data-testid=recent-outcome]').allTextContents();
    expect(outcomes).toHaveLength(2);
    for (const o of outcomes) expect(o).toMatch(/won against Dora Longname-Withoutspaces \([+−]?\d+\)/);
    await page.locator('[data-testid=rating-chart] text.axis').first().waitFor();
    const smallest = await page.locator('[data-testid=rating-chart] text.axis').evaluateAll((labels) => Math.min(...labels.map((l) => l.getBoundingClientRect().height)));
    expect(smallest, 'the chart’s figures on a phone').toBeGreaterThanOrEqual(10);

    // The player page's own download, on /replay: both games, one picked.
    const ndjson = await (await fetch(`${web.service.url}/v1/players/${cara.playerId}/games/export`)).text();
    expect(ndjson.trim().split('\n')).toHaveLength(2);
    const file = join(mkdtempSync(join(tmpdir(), 'replay-')), `${cara.playerId}.ndjson`);
    writeFileSync(file, ndjson);
    await page.goto(`${web.service.url}/replay`);
    await page.locator('[data-testid=record-file]').setInputFiles(file);
    const pick = page.locator('[data-testid=record-pick]');
    await pick.waitFor();
    await expect(pick.locator('option').count()).resolves.toBe(2);
    await pick.selectOption('1');
    await page.locator('.replay-stage .table').waitFor();
    await expect(page.locator('.replay .error').isVisible()).resolves.toBe(false);

    // The replay asks for the analysis of the bots' game, which nobody requested.
    expect(beyondUnrequestedAnalysis(real(watch.problems))).toEqual([]);
    await context.close();
  });

  it('names, renames and revokes each browser’s token, confirms signing out everywhere, keeps the username on expiry', { timeout: 180_000 }, async () => {
    const context = await web.browser.newContext({ ...DESKTOP, locale: 'de-DE' });
    const watch = new Watch(context);
    const page = await context.newPage();
    await page.goto(`${web.service.url}/`);
    await page.locator('#new-username').fill('erik_tokens');
    await page.locator('#new-password').fill(PASSWORD);
    await page.locator('[data-testid=sign-up]').click();
    await page.locator('[data-testid=open-game]').waitFor();
    // A token of a program without a browser: "sign-in", said in German.
    await accounts.signIn(createClient({ baseUrl: web.service.url }), { username: 'erik_tokens', password: PASSWORD });

    await page.locator('[data-testid=account-link]').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=tokens] li').length === 2);
    const current = page.locator('[data-testid=tokens] li[data-current]');
    await expect(current.locator('[data-testid=token-name]').textContent()).resolves.toBe('Chrome unter Linux');
    await expect(page.locator('[data-testid=tokens] li:not([data-current]) [data-testid=token-name]').textContent()).resolves.toBe('Anmeldung');
    await screenshotOf(page.locator('[data-testid=tokens]').locator('xpath=..'), 'account-tokens');

    // Renamed by its owner.
    await current.locator('[data-testid=rename]').click();
    await current.locator('[data-testid=rename-input]').fill('Eriks Laptop');
    await current.locator('[data-testid=rename-save]').click();
    await page.locator('[data-testid=tokens] li[data-current] [data-testid=token-name]', { hasText: 'Eriks Laptop' }).waitFor();

    // "Days it lasts" is off while "never expires" is ticked.
    const days = page.locator('[data-testid=token-days]');
    await expect(days.isDisabled()).resolves.toBe(true);
    await page.locator('[data-testid=token-forever]').uncheck();
    await expect(days.isDisabled()).resolves.toBe(false);
    await page.locator('[data-testid=token-forever]').check();
    await expect(page.locator('#token-name').getAttribute('placeholder')).resolves.toBe('mein Bot');

    // A new bot token, revoked at once: the "copy it now" box clears.
    await page.locator('#token-name').fill('Bot');
    await page.locator('[data-testid=create-token]').click();
    await page.locator('[data-testid=new-token]').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=tokens] li').length === 3);
    // Made: the form is back at its start (never expires, no days).
    await expect(page.locator('[data-testid=token-forever]').isChecked()).resolves.toBe(true);
    await expect(days.isDisabled()).resolves.toBe(true);
    const made = page.locator('[data-testid=tokens] li', { hasText: 'Bot' }).first();
    await made.locator('[data-testid=revoke]').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=tokens] li').length === 2);
    await expect(page.locator('[data-testid=new-token]').count()).resolves.toBe(0);

    // Signing out everywhere asks first.
    await page.locator('[data-testid=sign-out-everywhere]').click();
    await expect(page.locator('[data-testid=sign-out-everywhere]').textContent()).resolves.toBe('Wirklich auf allen Geräten abmelden?');
    await expect(page.locator('[data-testid=account-of]').isVisible()).resolves.toBe(true);

    // The token expires (here: the browser's copy says so): the sign-in has the username, the cursor in the password.
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('offiziersskat:player:'))!;
      localStorage.setItem(key, JSON.stringify({ ...JSON.parse(localStorage.getItem(key)!), expiresAt: new Date(Date.now() - 1000).toISOString() }));
    });
    await page.goto(`${web.service.url}/`);
    await page.locator('[data-testid=refusal]').waitFor();
    await expect(page.locator('#username').inputValue()).resolves.toBe('erik_tokens');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('password');

    expect(real(watch.problems)).toEqual([]);
    await context.close();
  });
});
