// The replay viewer in a real browser: a finished game's record, stepped event by event and trick
// by trick, forwards and back (buttons and keys), verified in the page (the browser's SHA-256, the
// deal, every move, the result); and a tampered record, dropped on the page, that fails.
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { runBots } from '../../src/cli/bot-runner.ts';
import { beyondUnrequestedAnalysis, browserSuite, DESKTOP, PHONE, screenshot, Watch } from './support/browser.ts';
import { webFixture } from './support/web-suite.ts';

browserSuite('the web client: replay and verification', () => {
  const web = webFixture();
  let gameId: string;
  let record: { events: { seq: number; event: { type: string; to?: string; cards?: string[] } }[] };
  beforeAll(async () => {
    const run = await runBots({ server: web.service.url, games: 1, concurrency: 1, strategy: 'greedy', opponent: 'random', variant: 'classic', seed: 9 });
    gameId = run.gameIds[0];
    record = (await web.service.http.get(`/v1/games/${gameId}/record`).expect(200)).body;
  });

  const at = async (page: Page) => Number(await page.locator('[data-testid=replay-step]').getAttribute('data-at'));

  it('steps through a finished game and verifies it', async () => {
    const context = await web.browser.newContext(DESKTOP);
    const watch = new Watch(context);
    const page = await context.newPage();
    await page.goto(`${web.service.url}/replay/${gameId}`);
    const verification = page.locator('[data-testid=verification][data-ok]');
    await verification.waitFor();
    await expect(verification.getAttribute('data-ok')).resolves.toBe('true');
    await expect(page.locator('[data-check].ok').count()).resolves.toBe(5);
    await expect(page.locator('[data-check=commitment]').textContent()).resolves.toContain('computed by the browser');

    const last = record.events.length;
    expect(await at(page)).toBe(0);
    await page.locator('[data-testid=replay-next]').click();
    expect(await at(page)).toBe(1);
    await page.locator('[data-testid=replay-next-trick]').click();
    const firstPlay = record.events.findIndex((e) => e.event.type === 'played');
    expect(await at(page)).toBe(firstPlay);
    // Keys: ↓ a trick on (both of its cards on the table), ← one event back, End, Home.
    await page.keyboard.press('ArrowDown');
    expect(await at(page)).toBe(firstPlay + 2);
    await expect(page.locator('.trick .card-face').count()).resolves.toBe(2);
    await page.keyboard.press('ArrowLeft');
    expect(await at(page)).toBe(firstPlay + 1);
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowDown');
    // Every card is shown: covered cards face up (marked), no card backs at all.
    await expect(page.locator('.stack .covered.revealed').count()).resolves.toBeGreaterThan(0);
    await expect(page.locator('use[href="#card-back"]').count()).resolves.toBe(0);
    await screenshot(page, 'replay');
    await page.keyboard.press('End');
    expect(await at(page)).toBe(last);
    await expect(page.locator('.event-log li.current').textContent()).resolves.toMatch(/over/);
    await page.keyboard.press('ArrowUp');
    expect(await at(page)).toBeLessThan(last);
    await page.keyboard.press('Home');
    expect(await at(page)).toBe(0);
    // Not analysed yet: the analysis is offered (test/web/analysis.test.ts asks for it).
    await page.locator('[data-testid=analysis][data-status=none] [data-testid=analysis-request]').waitFor();
    expect(beyondUnrequestedAnalysis(watch.problems)).toEqual([]);
    await context.close();
  });

  it('a tampered record, chosen or dropped on the page, shows the failure', async () => {
    // Two cards of the deal swapped between a covered and an open batch.
    const tampered = structuredClone(record);
    const open = tampered.events.find((e) => e.event.type === 'dealt' && e.event.to === 'open')!.event;
    const covered = tampered.events.find((e) => e.event.type === 'dealt' && e.event.to === 'covered')!.event;
    [open.cards![0], covered.cards![0]] = [covered.cards![0], open.cards![0]];

    const context = await web.browser.newContext(PHONE);
    const watch = new Watch(context);
    const page = await context.newPage();
    await page.goto(`${web.service.url}/replay`);
    await page.locator('[data-testid=drop-zone]').waitFor();
    await page.locator('[data-testid=record-file]').setInputFiles({ name: 'tampered.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(tampered)) });
    const verification = page.locator('[data-testid=verification][data-ok]');
    await verification.waitFor();
    await expect(verification.getAttribute('data-ok')).resolves.toBe('false');
    await expect(page.locator('[data-check=commitment].ok').count()).resolves.toBe(1);
    await expect(page.locator('[data-check=deal].failed').textContent()).resolves.toMatch(/should deal deck positions/);
    await expect(verification.locator('.headline').textContent()).resolves.toContain('FEHLGESCHLAGEN');
    await screenshot(page, 'replay-tampered');

    // The genuine record dropped on the page replaces it, and verifies.
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'record.json', { type: 'application/json' }));
      document.querySelector('[data-testid=drop-zone]')!.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, JSON.stringify(record));
    await page.locator('[data-testid=verification][data-ok=true]').waitFor();

    // Not a record at all: said plainly, nothing verified.
    await page.locator('[data-testid=record-file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    const refusal = page.locator('.replay > .error:not([hidden])');
    await refusal.waitFor();
    await expect(refusal.textContent()).resolves.toMatch(/keine Spielakte/);
    expect(watch.problems).toEqual([]);
    await context.close();
  });
});
