// A whole game against the strong computer (star, pimc before its exact part) in a real browser: the level is chosen in the
// lobby, the computer thinks in a Web Worker (the page's thread has no long task of its size
// while it does) and plays through the public API; the game ends with a result that verifies.
// A worker that cannot start is said on the table.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { verifyRecord } from '../../src/record/index.ts';
import { browserSuite, DESKTOP, Watch } from './support/browser.ts';
import { webFixture } from './support/web-suite.ts';
import { playToTheEnd } from './support/play.ts';

/** The strong level's thinking time per card in this test (the page reads it from localStorage). */
const THINK_MS = 300;

/** Signs in as `name` and starts a game of `variant` against the strong level, which is forehand (its decision first). */
async function startAgainstTheStrongComputer(page: Page, name: string, variant: 'classic' | 'halfOpen'): Promise<void> {
  await page.locator('#name').fill(name);
  await page.keyboard.press('Enter');
  await page.locator('[data-testid=play-computer]').waitFor();
  await page.locator('select[name=variant]').selectOption(variant);
  await page.locator('select[name=seat]').selectOption('dealer');
  await page.locator('[data-testid=computer-level]').selectOption('strong');
  await page.locator('[data-testid=play-computer]').click();
  await page.locator('.game').waitFor();
}

browserSuite('the web client: a game against the strong computer', () => {
  const web = webFixture();

  it('plays a whole halfOpen game against star, which thinks off the page thread', async () => {
    const context = await web.browser.newContext(DESKTOP);
    const watch = new Watch(context);
    const page = await context.newPage();
    await page.goto(`${web.service.url}/`);
    await page.evaluate((ms) => localStorage.setItem('offiziersskat:computer-time-ms', String(ms)), THINK_MS);
    // Long tasks on the page's thread, from now on.
    await page.evaluate(() => {
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.longTasks.push(e.duration))).observe({ type: 'longtask' });
    });

    await startAgainstTheStrongComputer(page, 'Clara', 'halfOpen');
    const gameId = page.url().split('/play/')[1];

    const moves = await playToTheEnd([page]);
    expect(moves).toBeGreaterThanOrEqual(16);
    await page.locator('[data-testid=result]').waitFor();

    const record = (await web.service.http.get(`/v1/games/${gameId}/record`).expect(200)).body;
    expect(verifyRecord(record).problems).toEqual([]);
    expect(record.players.forehand.name).toBe('Computer');
    // The computer thought in a worker: its script was loaded, and the page's thread never
    // blocked for as long as one of its decisions takes.
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(scripts.some((url) => /computer-worker/.test(url))).toBe(true);
    // Each of its decisions is measured (User Timing), none far beyond its budget a card.
    const decisions = await page.evaluate(() => performance.getEntriesByName('computer-move').map((e) => e.duration));
    expect(decisions.length).toBeGreaterThanOrEqual(8);
    expect(Math.max(...decisions)).toBeLessThan(5_000);
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    expect(longTasks.filter((ms) => ms >= THINK_MS - 50)).toEqual([]);
    // The level is remembered for the next game.
    expect(await page.evaluate(() => localStorage.getItem('offiziersskat:computer-level'))).toBe('strong');
    expect(watch.problems).toEqual([]);
    await context.close();
  });

  it('says so on the table when its worker cannot start, instead of waiting for ever', async () => {
    const context = await web.browser.newContext(DESKTOP);
    // The worker's script fails at its start, as one refused or unable to allocate would.
    await context.route(/computer-worker/, (route) => route.fulfill({ contentType: 'text/javascript', body: "throw new Error('refused by the test');" }));
    const page = await context.newPage();
    await page.goto(`${web.service.url}/`);
    await startAgainstTheStrongComputer(page, 'Dora', 'classic');
    const error = page.locator('.notice .error');
    await error.waitFor({ timeout: 20_000 });
    expect(await error.textContent()).toMatch(/strong computer cannot play|starke Computer kann/);
    await context.close();
  });
});
