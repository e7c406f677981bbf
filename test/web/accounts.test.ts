// Accounts in the browser: signed up in one browser and signed in in another, both show the same
// games; revoking the first browser's token brings its sign-in within seconds, with the reason; a
// token made for a bot is shown once and works; a guest keeps its player (and its finished game)
// as an account, and signs in with it elsewhere; a wrong password is said in German on a German page.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { accounts, createClient, playGame, type GameView } from '@offiziersskat/client';
import { startTestService, testConfig } from '../support/service.ts';
import { browserSuite, DESKTOP, PHONE, screenshot, Watch } from './support/browser.ts';
import { webFixture } from './support/web-suite.ts';
import { PASSWORD, signInWith as signIn } from './support/sign-in.ts';


browserSuite('the web client: accounts', () => {
  const web = webFixture();

  /** The games the lobby lists as the player's own (their links). */
  const myGames = (page: Page) => page.locator('.my-games a[href^="/play/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')).sort());

  const signInWith = (page: Page, username: string) => signIn(page, web.service.url, username, ['[data-testid=open-game]']);

  it('signed up in one browser, signed in in another: the same games; a revoked token brings the sign-in', async () => {
    const first = await web.browser.newContext(DESKTOP);
    const second = await web.browser.newContext(PHONE);
    const watches = [new Watch(first), new Watch(second)];
    const a = await first.newPage();
    const b = await second.newPage();

    // Sign up: a username and a password; the lobby follows.
    await a.goto(`${web.service.url}/`);
    await a.locator('#new-username').fill('anna_k');
    await a.locator('#new-password').fill(PASSWORD);
    await a.locator('#display-name').fill('Anna');
    await screenshot(a, 'sign-up');
    await a.locator('[data-testid=sign-up]').click();
    await a.locator('[data-testid=open-game]').waitFor();
    await expect(a.locator('[data-testid=who]').textContent()).resolves.toBe('Playing as Anna');
    await a.locator('[data-testid=open-game]').click();
    await a.locator('.game[data-status=waiting]').waitFor();
    const gameId = a.url().split('/play/')[1];
    await a.goto(`${web.service.url}/`);
    await a.locator(`.my-games a[href="/play/${gameId}"]`).waitFor();

    // The second browser signs in to the same account: the same player, the same games.
    await signInWith(b, 'anna_k');
    await b.locator(`.my-games a[href="/play/${gameId}"]`).waitFor();
    expect(await myGames(b)).toEqual(await myGames(a));

    // A bot account's open game: its name carries the BOT badge in the lobby.
    const api = createClient({ baseUrl: web.service.url });
    const lobbyBot = await accounts.signUp(api, { username: 'lobby_bot', password: PASSWORD, bot: true });
    const botGame = await api.withToken(lobbyBot.token).createGame({});
    await b.locator(`li[data-game-id="${botGame.id}"] [data-testid=bot-badge]`).waitFor();

    // Its account page: a token for a bot, shown once, that works.
    await b.locator('[data-testid=account-link]').click();
    await b.waitForFunction(() => document.querySelectorAll('[data-testid=tokens] li').length === 2);
    await b.locator('#token-name').fill('my bot');
    await b.locator('[data-testid=create-token]').click();
    const shown = b.locator('[data-testid=new-token]');
    await shown.waitFor();
    const botToken = await shown.inputValue();
    await b.locator('[data-testid=copy-token]').click();
    await b.locator('[data-testid=copy-token]', { hasText: 'Kopiert' }).waitFor();
    await b.waitForFunction(() => document.querySelectorAll('[data-testid=tokens] li').length === 3);
    await screenshot(b, 'account');
    const me = (await web.service.http.get('/v1/players/me').set({ Authorization: `Bearer ${botToken}` }).expect(200)).body;
    expect(me.username).toBe('anna_k');
    expect(me.expiresAt).toBeNull();

    // The first browser's token revoked from the second: within seconds the first shows the
    // sign-in, saying why, wherever it is (here: its waiting game, not a spectator's view of it).
    await a.goto(`${web.service.url}/play/${gameId}`);
    await a.locator('.game[data-you]').waitFor();
    const revokedAt = Date.now();
    await b.locator('[data-testid=tokens] li:not([data-current])').filter({ hasNotText: 'my bot' }).locator('[data-testid=revoke]').click();
    await a.locator('[data-testid=refusal]').waitFor({ timeout: 15_000 });
    const seconds = (Date.now() - revokedAt) / 1000;
    expect(seconds).toBeLessThan(15);
    await expect(a.locator('[data-testid=refusal]').textContent()).resolves.toMatch(/revoked/);
    await expect(a.locator('.game').count()).resolves.toBe(0);
    await screenshot(a, 'sign-in-revoked');

    // Signed in again, it is back on its game as its player.
    await a.locator('#username').fill('anna_k');
    await a.locator('#password').fill(PASSWORD);
    await a.locator('[data-testid=sign-in]').click();
    await a.locator('.game[data-you]').waitFor();
    expect(a.url()).toContain(`/play/${gameId}`);

    // What failed on the way in the first browser: the refused token's 401s, and its streams
    // broken off by the page loads above and by the sign-in taking the page; nothing else.
    expect(watches[0].problems.filter((p) => !/^HTTP 401: |status of 401 \(Unauthorized\)|\/stream \(net::ERR_ABORTED\)$/.test(p))).toEqual([]);
    expect(watches[1].problems).toEqual([]);
    await first.close();
    await second.close();
  });

  it('a guest keeps its player as an account, with its game history, and signs in with it elsewhere', async () => {
    const context = await web.browser.newContext(DESKTOP);
    const watch = new Watch(context);
    const page = await context.newPage();
    await page.goto(`${web.service.url}/`);
    await page.locator('#name').fill('Gina');
    await page.locator('form.sign-in button[type=submit]').click();
    await page.locator('[data-testid=open-game]').waitFor();

    // A finished game of the guest's (played through the API with the page's own token).
    const stored = await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('offiziersskat:player:'))![1]);
    const gina = JSON.parse(stored) as { playerId: string; token: string };
    const api = createClient({ baseUrl: web.service.url });
    const mine = api.withToken(gina.token);
    const opponent = api.withToken((await api.createPlayer('Otto')).token);
    const random = (v: GameView) => v.legalMoves[Math.floor(Math.random() * v.legalMoves.length)];
    const created = await mine.createGame({ seat: 'forehand' });
    const joined = await opponent.joinGame(created.id);
    await Promise.all([playGame(mine, created, random), playGame(opponent, joined, random)]);

    // The account page offers a guest to keep its player.
    await page.locator('[data-testid=account-link]').click();
    await page.locator('#claim-username').fill('gina');
    await page.locator('#claim-password').fill(PASSWORD);
    await page.locator('[data-testid=claim]').click();
    await page.locator('[data-testid=account-of]').waitFor();
    await expect(page.locator('[data-testid=account-of]').textContent()).resolves.toContain('gina');

    // Another browser signs in as gina: the same player, its finished game in its list.
    const elsewhere = await web.browser.newContext(PHONE);
    const other = await elsewhere.newPage();
    const otherWatch = new Watch(elsewhere);
    // A wrong password on the German sign-in page: a German sentence, never the problem's code.
    await other.goto(`${web.service.url}/`);
    await other.locator('#username').fill('gina');
    await other.locator('#password').fill('not the passphrase at all');
    await other.locator('[data-testid=sign-in]').click();
    await other.locator('[data-testid=sign-in-form] .error', { hasText: 'Unbekannter Benutzername oder falsches Passwort.' }).waitFor();
    expect(await other.locator('[data-testid=sign-in-form] .error').textContent()).not.toMatch(/[A-Z]+_[A-Z]+/);
    await signInWith(other, 'gina');
    await other.locator(`.my-games a[href="/play/${created.id}"]`).waitFor();
    const me = await other.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('offiziersskat:player:'))![1]);
    expect(JSON.parse(me).playerId).toBe(gina.playerId);

    // A new password there signs out every other browser: the first one shows its sign-in.
    await other.locator('[data-testid=account-link]').click();
    // A wrong current password first (WRONG_PASSWORD): said in German.
    await other.locator('#current-password').fill('not the passphrase at all');
    await other.locator('#new-password').fill(`${PASSWORD} and more`);
    await other.locator('[data-testid=change-password]').click();
    await other.locator('[data-testid=password-form] .error', { hasText: 'Das bisherige Passwort stimmt nicht.' }).waitFor();
    expect(await other.locator('[data-testid=password-form] .error').textContent()).not.toMatch(/WRONG_PASSWORD/);
    await other.locator('#current-password').fill(PASSWORD);
    await other.locator('#new-password').fill(`${PASSWORD} and more`);
    await other.locator('[data-testid=change-password]').click();
    await other.locator('[data-testid=password-form] .muted[aria-live]', { hasText: 'Passwort ist geändert' }).waitFor();
    await page.locator('[data-testid=refusal]').waitFor({ timeout: 15_000 });

    // Deleting the account signs it out; the username is unknown from then on.
    await other.locator('[data-testid=delete-account]').click();
    await other.locator('[data-testid=delete-account]', { hasText: 'Wirklich' }).click();
    await other.locator('#username').waitFor();
    await other.locator('#username').fill('gina');
    await other.locator('#password').fill(`${PASSWORD} and more`);
    await other.locator('[data-testid=sign-in]').click();
    await other.locator('[data-testid=sign-in-form] .error', { hasText: 'Unbekannter Benutzername oder falsches Passwort' }).waitFor();
    const record = (await web.service.http.get(`/v1/games/${created.id}/record`).expect(200)).body;
    expect(record.players.forehand.playerId).toBe(gina.playerId);

    expect(watch.problems.filter((p) => !/^HTTP 401: |status of 401 \(Unauthorized\)|\/stream \(net::ERR_ABORTED\)$/.test(p))).toEqual([]);
    // Its refusals asked for above (the wrong passwords), and its streams broken off by page loads.
    expect(otherWatch.problems.filter((p) => !/^HTTP 401: .*\/v1\/sessions$|status of 401 \(Unauthorized\)|^HTTP 403: PUT .*\/v1\/players\/me\/password$|status of 403 \(Forbidden\)|\/stream \(net::ERR_ABORTED\)$/.test(p))).toEqual([]);
    await context.close();
    await elsewhere.close();
  });

  it('with a token lifetime of 20 s, Play signs in, and the page renews its token: still the same player a minute later', async () => {
    const short = await startTestService({ config: { jwt: { ...testConfig().jwt, ttlSeconds: 20 } } });
    const context = await web.browser.newContext(DESKTOP);
    const watch = new Watch(context);
    const page = await context.newPage();
    try {
      await page.goto(`${short.url}/`);
      await page.locator('#name').fill('Quick');
      await page.locator('form.sign-in button[type=submit]').click();
      await page.locator('[data-testid=open-game]').waitFor();
      const stored = () => page.evaluate(() => JSON.parse(Object.entries(localStorage).find(([k]) => k.startsWith('offiziersskat:player:'))![1]) as { playerId: string; token: string });
      const before = await stored();
      // Three lifetimes on the lobby (the service allows 5 s of clock skew past each).
      await page.waitForTimeout(45_000);
      const after = await stored();
      expect(after.playerId).toBe(before.playerId);
      expect(after.token).not.toBe(before.token);
      await page.locator('[data-testid=open-game]').click();
      await page.locator('.game[data-status=waiting][data-you]').waitFor();
      await expect(page.locator('[data-testid=refusal]').count()).resolves.toBe(0);
      expect(watch.problems).toEqual([]);
    } finally {
      await context.close();
      await short.close();
    }
  }, 120_000);
});
