// An arena's rest and pause in the browser: a person (a German phone) and a bot runner in an
// arena. The person's game opens by itself and is resigned; its result stays at the table with a
// countdown to the next game (the rest, TOURNAMENT_REST_MS, shortened here); Pause there keeps the
// person out of the next pairings (the bot waits: it is never paired with a bot), the tournament's
// page marks the pause and offers Resume, and resuming brings the next game by itself. The same
// page in English on a desktop says the same in English.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { accounts, createClient } from '@offiziersskat/client';
import { runTournamentBot } from '../../src/cli/tournament-bot.ts';
import { browserSuite, DESKTOP, screenshot, Watch } from './support/browser.ts';
import { testConfig } from '../support/service.ts';
import { webFixture } from './support/web-suite.ts';
import { PASSWORD, signInWith as signIn } from './support/sign-in.ts';

const PHONE = { viewport: { width: 390, height: 844 }, locale: 'de-DE', hasTouch: true };
/** The rest after a game: long enough to read the countdown and pause within it on a loaded machine. */
const REST_MS = 15_000;

interface Pairing {
  first: string;
  second: string;
  finished: boolean;
}

browserSuite('the web client: an arena’s rest and pause', () => {
  const web = webFixture({ service: { config: { tournaments: { ...testConfig().tournaments, tickMs: 150, minuteMs: 9000, restMs: REST_MS } } } });
  const real = (problems: string[]) => problems.filter((p) => !/\(net::ERR_ABORTED\)$/.test(p));
  const tournamentOf = async (id: string) => (await web.service.http.get(`/v1/tournaments/${id}`).expect(200)).body;
  const playingNow = async (id: string, playerId: string) => ((await tournamentOf(id)).pairings as Pairing[]).some((p) => !p.finished && (p.first === playerId || p.second === playerId));
  const signInWith = (page: Page, username: string) => signIn(page, web.service.url, username, ['[data-testid=tournaments-link]']);

  /** Resigns the game at the page's table (armed first, then confirmed), until it is over. */
  async function resign(page: Page): Promise<void> {
    const game = page.locator('.game[data-you]');
    await game.waitFor();
    const end = Date.now() + 30_000;
    while ((await game.getAttribute('data-status')) !== 'finished') {
      if (Date.now() > end) throw new Error('could not resign');
      const confirm = page.locator('[data-testid=resign-confirm]');
      if ((await confirm.count()) > 0) await confirm.click().catch(() => {});
      else await page.locator('[data-testid=resign]').click().catch(() => {});
      await page.locator('.game[data-status=finished]').waitFor({ timeout: 2_000 }).catch(() => {});
    }
  }

  it('keeps the result with a countdown; Pause stops the pairing, Resume brings the next game', async () => {
    const api = createClient({ baseUrl: web.service.url });
    const anna = await accounts.signUp(api, { username: 'anna_rest', password: PASSWORD, name: 'Anna' });
    const robo = await accounts.signUp(api, { username: 'robo_rest', password: PASSWORD, name: 'Robo', bot: true });
    const id = (
      await api.withToken(anna.token).request<{ id: string }>('POST', '/v1/tournaments', {
        body: { name: 'Pausenarena', system: 'arena', variant: 'classic', turnSeconds: 60, minutes: 10, startsAt: new Date(Date.now() + 4000).toISOString() },
      })
    ).id;
    const phone = await web.browser.newContext(PHONE);
    const watch = new Watch(phone);
    const page = await phone.newPage();
    await signInWith(page, 'anna_rest');
    await page.locator('[data-testid=tournaments-link]').click();
    await page.locator(`[data-testid=tour-list-upcoming] li[data-tournament-id="${id}"] a`).click();
    await page.locator('[data-testid=tour-join]').click();
    await page.locator('[data-entrant=in]').waitFor();
    const stopBot = new AbortController();
    const bot = runTournamentBot({ server: web.service.url, tournamentId: id, token: robo.token, strategy: 'greedy', signal: stopBot.signal });
    try {
      // The first game opens by itself; Anna resigns it.
      await page.waitForURL(/\/play\/[^/]+$/, { timeout: 40_000 });
      const first = page.url();
      await resign(page);
      // The result stays, with the countdown to the next game under it.
      await page.locator('[data-testid=result]').waitFor();
      const next = page.locator('[data-testid=result] [data-testid=tour-next][data-state=resting]');
      await next.waitFor({ timeout: 10_000 });
      const line = next.locator('[data-testid=tour-next-line]');
      await expect(line.textContent()).resolves.toMatch(/^Nächstes Spiel in 00:(0\d|1[0-5])$/);
      // It counts down (a second later it shows less).
      const seconds = async () => Number(/00:(\d\d)$/.exec((await line.textContent()) ?? '')?.[1] ?? -1);
      const before = await seconds();
      await expect.poll(seconds, { timeout: 5_000 }).toBeLessThan(before);
      expect(page.url()).toBe(first);
      await screenshot(page, 'arena-rest-countdown');

      // Pause, during the rest: not paired after it (the bot waits; nobody else is there).
      await next.locator('[data-testid=tour-pause]').click();
      await page.locator('[data-testid=result] [data-testid=tour-next][data-state=paused]').waitFor();
      await expect(page.locator('[data-testid=result] [data-testid=tour-resume]').textContent()).resolves.toBe('Weiterspielen');
      // The director looks again when the rest ends (the due queue holds it) and pairs nobody.
      const you = (await web.service.http.get(`/v1/tournaments/${id}`).set({ Authorization: `Bearer ${anna.token}` }).expect(200)).body.you;
      expect(you.paused).toBe(true);
      const restEnd = you.restUntil ? Date.parse(you.restUntil) : Date.now();
      await expect.poll(async () => ((await web.service.parts.tournamentStore.get(id))?.nextAt?.getTime() ?? 0) > restEnd, { timeout: REST_MS + 20_000, interval: 300 }).toBe(true);
      expect(await playingNow(id, anna.playerId)).toBe(false);
      expect(page.url()).toBe(first);
      await page.locator('[data-testid=result]').waitFor();

      // The tournament's page: Anna marked paused, Resume offered; the same in English on a desktop.
      await page.locator('[data-testid=back-to-tournament]').click();
      await page.locator(`[data-testid=tour-standings] tr[data-player-id="${anna.playerId}"] [data-testid=paused]`).waitFor();
      await expect(page.locator(`[data-testid=tour-standings] tr[data-player-id="${anna.playerId}"] [data-testid=paused]`).textContent()).resolves.toBe('pausiert');
      await expect(page.locator('[data-testid=tour-next-line]').textContent()).resolves.toBe('Pausiert: du bekommst kein neues Spiel, bis du weiterspielst.');
      const desktop = await web.browser.newContext(DESKTOP);
      const english = await desktop.newPage();
      await signInWith(english, 'anna_rest');
      await english.locator('[data-testid=tournaments-link]').click();
      await english.locator(`[data-testid=tour-list-running] li[data-tournament-id="${id}"] a`).click();
      await english.locator('[data-testid=tour-next][data-state=paused]').waitFor();
      await expect(english.locator('[data-testid=tour-resume]').textContent()).resolves.toBe('Resume');
      await expect(english.locator(`[data-testid=tour-standings] tr[data-player-id="${anna.playerId}"] [data-testid=paused]`).textContent()).resolves.toBe('paused');
      await desktop.close();
      await screenshot(page, 'arena-paused');

      // Resume: the next game opens by itself.
      await page.locator('[data-testid=tour-resume]').click();
      await page.waitForURL((url) => /\/play\/[^/]+$/.test(url.pathname) && url.href !== first, { timeout: 30_000 });
      await page.locator('.game[data-you]').waitFor();
      expect(await playingNow(id, anna.playerId)).toBe(true);
    } finally {
      stopBot.abort();
      await bot.catch(() => {});
    }
    expect(real(watch.problems)).toEqual([]);
    await phone.close();
  }, 240_000);
});
