// A whole game against the computer in a real browser, by clicks and keys only: sign in, choose
// the options, play (decisions clicked, every card by the key printed on it), read the result,
// ask for the rematch. The computer's seat is played by the page itself through the API.
import { expect, it } from 'vitest';
import { verifyRecord } from '../../src/record/index.ts';
import { browserSuite, PHONE, screenshot, Watch } from './support/browser.ts';
import { webFixture } from './support/web-suite.ts';
import { playToTheEnd } from './support/play.ts';

browserSuite('the web client: a game against the computer', () => {
  const web = webFixture();

  it('signs in, plays a whole classic game with clicks and keys, shows the result and a rematch', async () => {
    const context = await web.browser.newContext(PHONE);
    const watch = new Watch(context);
    const page = await context.newPage();
    await page.goto(`${web.service.url}/`);

    // Sign in: a name and Enter. The browser asked for German: the page speaks it.
    await page.locator('#name').click();
    await page.keyboard.type('Anna');
    await screenshot(page, 'sign-in');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=play-computer]').waitFor();
    await expect(page.locator('[data-testid=who]').textContent()).resolves.toBe('Du spielst als Anna');

    // The computer's levels, capitalised in German.
    await expect(page.locator('[data-testid=computer-level] option').allTextContents()).resolves.toEqual(['Leicht', 'Stark']);

    // Forehand: the human cuts and fixes the game; five minutes per move.
    await page.locator('select[name=seat]').selectOption('forehand');
    await page.locator('input[name=turnSeconds]').click();
    await page.keyboard.type('300');
    await screenshot(page, 'lobby');
    await page.locator('[data-testid=play-computer]').click();
    await page.locator('.game[data-status=cutting]').waitFor();
    const gameId = page.url().split('/play/')[1];
    await expect(page.locator('.seat.top .name').textContent()).resolves.toBe('Computer');
    // The deadline counts down.
    const clock = page.locator('[data-testid=deadline]');
    await expect(clock.textContent()).resolves.toMatch(/^Noch [45]:\d\d$/);
    const first = await clock.textContent();
    await page.waitForFunction((text) => document.querySelector('[data-testid=deadline]')?.textContent !== text, first, { timeout: 5_000 });

    // No layout shift while cards move: every slot of the table (stacks, trick, seat lines) keeps
    // its box from one move to the next while the cards are played.
    const boxes = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('.table, .seat .row.stacks, .stack, .trick-slot, .seat-info, .middle')].map((e, i) => {
          const r = e.getBoundingClientRect();
          return `${i} ${e.tagName} ${r.x},${r.y} ${r.width}×${r.height}`;
        }),
      );
    const layouts: string[][] = [];
    let shotTaken = false;
    const moves = await playToTheEnd([page], {
      cards: 'keys',
      onTurn: async (p, n) => {
        if ((await p.locator('.game').getAttribute('data-status')) === 'playing') layouts.push(await boxes());
        if (!shotTaken && n >= 8 && (await p.locator('button.card[data-legal]').count()) > 0) {
          shotTaken = true;
          await screenshot(p, 'table-phone');
        }
      },
    });
    expect(layouts.length).toBeGreaterThan(8);
    for (const layout of layouts.slice(1)) expect(layout).toEqual(layouts[0]);
    expect(moves).toBeGreaterThanOrEqual(16 + 2); // 16 cards, the cut and the game (re, maybe)

    const result = page.locator('[data-testid=result]');
    await result.waitFor();
    await expect(result.locator('.arithmetic li').count()).resolves.toBeGreaterThan(0);
    await expect(result.locator('.scores').textContent()).resolves.toMatch(/Anna: .*Computer: /);
    await screenshot(page, 'result');

    // What the page showed is what the service recorded, and the record verifies.
    const record = (await web.service.http.get(`/v1/games/${gameId}/record`).expect(200)).body;
    expect(verifyRecord(record).problems).toEqual([]);
    expect(record.players.dealer.name).toBe('Computer');
    expect(await page.locator('.result .headline').textContent()).toContain(record.result.won ? 'gewonnen' : 'verloren');

    // The rematch: seats swapped, the computer already seated, and it moves first (it cuts).
    await page.locator('[data-testid=rematch]').click();
    await page.waitForURL((url) => !url.pathname.endsWith(gameId));
    await page.locator('.game[data-you=dealer]').waitFor();
    await page.locator('.game:not([data-status=cutting])').waitFor({ timeout: 15_000 });
    expect(watch.problems).toEqual([]);
    await context.close();
  });
});
