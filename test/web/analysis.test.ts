// The computer analysis in a real browser, on a real game played to its end through the API: from
// the finished game's result to its analysis, asked for in the page and followed until it is
// done; then the value graph (a point per card, the 61 and 90 lines), the costly cards and the
// mistakes marked as the service judged them, a best card shown on request, the per-player
// summary as the service counts it, the lens switch with what each lens means. And on a phone,
// in German, the same analysis with nothing wider than the screen.
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { runBots } from '../../src/cli/bot-runner.ts';
import { cardName, translator } from '../../web/src/i18n.ts';
import { beyondUnrequestedAnalysis, browserSuite, DESKTOP, screenshot, Watch } from './support/browser.ts';
import { webFixture } from './support/web-suite.ts';

interface Ply {
  seq: number;
  seat: 'forehand' | 'dealer';
  card: string;
  best: string[];
  loss: number;
  mistake: boolean;
}
interface Analysis {
  status: string;
  plies: Ply[];
  players: Record<'forehand' | 'dealer', { costly: number; mistakes: number; loss: number }>;
}

/** The phone the issue names (an iPhone 12–15's CSS pixels). */
const PHONE_390 = { viewport: { width: 390, height: 844 }, locale: 'de-DE', hasTouch: true };

browserSuite('the web client: computer analysis of a finished game', () => {
  // One analysis thread; the seat lens on fewer worlds than the service's default (it is the page under test, not pimc).
  const web = webFixture({ service: { config: { analysis: { workers: 1, queueMax: 100, maxPerAddress: 2, leaseMs: 30_000, pollMs: 100, seatSamples: 8 } } } });
  let gameId: string;
  beforeAll(async () => {
    const run = await runBots({ server: web.service.url, games: 1, concurrency: 1, strategy: 'greedy', opponent: 'random', variant: 'classic', seed: 9 });
    gameId = run.gameIds[0];
  });

  const status = (page: Page) => page.locator('[data-testid=analysis]').getAttribute('data-status');

  it('from the result to the analysis: asked for, followed to its end, then graph, marks, best card and summary', async () => {
    const context = await web.browser.newContext(DESKTOP);
    const watch = new Watch(context);
    const page = await context.newPage();
    // The finished game as anyone with its link sees it: the result, and the way to its analysis.
    await page.goto(`${web.service.url}/play/${gameId}`);
    await page.locator('[data-testid=result] [data-testid=analysis-link]').click();
    await page.waitForURL(`**/replay/${gameId}?analysis`);
    await page.locator('[data-testid=analysis][data-status=none]').waitFor();
    // Every status the panel shows from here on, in order.
    await page.evaluate(() => {
      const panel = document.querySelector('[data-testid=analysis]')!;
      const seen: string[] = [];
      (window as unknown as { statuses: string[] }).statuses = seen;
      new MutationObserver(() => seen.at(-1) !== panel.getAttribute('data-status') && seen.push(panel.getAttribute('data-status')!)).observe(panel, { attributes: true });
    });
    await page.locator('[data-testid=analysis-request]').click();
    // Queued (POST's answer), running with its progress, then done: the page follows it by itself.
    await page.locator('[data-testid=analysis][data-status=done]').waitFor({ timeout: 60_000 });
    const statuses = await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);
    expect(statuses[0]).toMatch(/^(queued|running)$/);
    expect(statuses.at(-1)).toBe('done');

    const analysis: Analysis = (await web.service.http.get(`/v1/games/${gameId}/analysis`).expect(200)).body;
    expect(analysis.status).toBe('done');
    const { plies } = analysis;
    expect(plies.length).toBeGreaterThan(0);

    // The graph: the deal's value, then a point per card; 61 and 90 drawn.
    const graph = page.locator('[data-testid=analysis-graph]');
    await expect(graph.getAttribute('data-points')).resolves.toBe(String(plies.length + 1));
    await expect(graph.locator('.threshold').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-value')))).resolves.toEqual(['61', '90']);

    // The marks: every card as the service judged it, mistakes stronger than costly cards.
    const marks = await page.locator('[data-testid=analysis-tricks] .ply').evaluateAll((els) => els.map((e) => [e.getAttribute('data-card'), e.getAttribute('data-mark')]));
    expect(marks).toEqual(plies.map((p) => [p.card, p.mistake ? 'mistake' : p.loss >= 1 ? 'costly' : 'none']));
    // Greedy against random: somebody gave points away (a card that lost points was not a best card).
    const costly = plies.findIndex((p) => p.loss >= 1 && p.best.length > 0);
    expect(costly).toBeGreaterThanOrEqual(0);
    await expect(graph.locator('.dot.costly, .dot.mistake').count()).resolves.toBe(plies.filter((p) => p.loss >= 1 || p.mistake).length);
    await expect(page.locator('[data-testid=analysis-tricks] > li').count()).resolves.toBe(Math.ceil(plies.length / 2));

    // The best card, on request.
    const ply = page.locator(`[data-testid=analysis-tricks] .ply[data-n="${costly + 1}"]`);
    const best = ply.locator('[data-testid=best-card]');
    await expect(best.isVisible()).resolves.toBe(false);
    await ply.locator('[data-testid=best-toggle]').click();
    await expect(best.isVisible()).resolves.toBe(true);
    await expect(best.textContent()).resolves.toContain(cardName(translator('en'), plies[costly].best[0] as never));

    // A card clicked moves the replay to it; the replay's steps move the mark along.
    await ply.locator('.ply-card').click();
    await page.locator(`[data-testid=analysis-tricks] .ply.current[data-n="${costly + 1}"]`).waitFor();
    await screenshot(page, 'analysis', page.locator('[data-testid=analysis]'));
    await expect(page.locator('[data-testid=replay-step]').textContent()).resolves.toContain(cardName(translator('en'), plies[costly].card as never));
    await page.locator('[data-testid=replay-next]').click();
    await page.locator('[data-testid=replay-last]').click();
    await page.locator(`[data-testid=analysis-tricks] .ply.current[data-n="${plies.length}"]`).waitFor();

    // The summary: the service's figures per player.
    for (const seat of ['forehand', 'dealer'] as const) {
      const row = page.locator(`[data-testid=analysis-summary] tr[data-seat=${seat}]`);
      const p = analysis.players[seat];
      await expect(row.locator('[data-field=costly]').textContent()).resolves.toBe(String(p.costly));
      await expect(row.locator('[data-field=mistakes]').textContent()).resolves.toBe(String(p.mistakes));
      await expect(row.locator('[data-field=loss]').textContent()).resolves.toBe(String(Math.round(p.loss * 10) / 10));
    }
    expect(analysis.players.forehand.costly + analysis.players.dealer.costly).toBe(plies.filter((p) => p.loss >= 1).length);

    // The lenses, each with what it means; the seat lens is its own analysis, not asked for yet.
    await expect(page.locator('[data-testid=analysis-lens]').textContent()).resolves.toMatch(/Every card known.*unlucky guess.*only what that player saw/);
    await page.locator('[data-testid=lens-seat]').check();
    await page.locator('[data-testid=analysis][data-lens=seat][data-status=none] [data-testid=analysis-request]').waitFor();
    await page.locator('[data-testid=lens-open]').check();
    await page.locator('[data-testid=analysis][data-lens=open][data-status=done] [data-testid=analysis-graph]').waitFor();
    expect(beyondUnrequestedAnalysis(watch.problems)).toEqual([]);
    await context.close();
  });

  it('on a phone, in German: the analysis already made, nothing wider than the screen', async () => {
    const context = await web.browser.newContext(PHONE_390);
    const watch = new Watch(context);
    const page = await context.newPage();
    await page.goto(`${web.service.url}/replay/${gameId}`);
    await page.locator('[data-testid=analysis][data-status=done] [data-testid=analysis-graph]').waitFor();
    await expect(status(page)).resolves.toBe('done');
    await expect(page.locator('[data-testid=analysis] h2').textContent()).resolves.toBe('Computeranalyse');
    await expect(page.locator('[data-testid=analysis-summary] caption').textContent()).resolves.toBe('Je Spieler');
    await page.locator('[data-testid=analysis-tricks] .ply:not([data-mark=none]) [data-testid=best-toggle]').first().click();
    await expect(page.locator('[data-testid=best-card]:visible').first().textContent()).resolves.toMatch(/^Beste: /);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await page.locator('[data-testid=analysis]').scrollIntoViewIfNeeded();
    await screenshot(page, 'analysis-phone');
    // The seat lens: asked for on its own, then shown the same way.
    await page.locator('[data-testid=lens-seat]').check();
    await page.locator('[data-testid=analysis][data-lens=seat][data-status=none] [data-testid=analysis-request]').click();
    await page.locator('[data-testid=analysis][data-lens=seat][data-status=done] [data-testid=analysis-graph]').waitFor({ timeout: 60_000 });
    expect(beyondUnrequestedAnalysis(watch.problems)).toEqual([]);
    await context.close();
  });
});
