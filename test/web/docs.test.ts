// /docs in a real browser, under the service's content security policy and without internet:
// Swagger UI renders every operation from the served assets, with no console error (a refused
// inline style or script shows up as one) and no failed request.
import { expect, it } from 'vitest';
import { browserSuite, DESKTOP, screenshot, Watch } from './support/browser.ts';
import { webFixture } from './support/web-suite.ts';

browserSuite('/docs in a browser', () => {
  const web = webFixture({ build: false });

  it('renders every operation, loads nothing from elsewhere, and breaks no rule of its policy', async () => {
    const context = await web.browser.newContext(DESKTOP);
    const watch = new Watch(context);
    const elsewhere: string[] = [];
    context.on('request', (r) => {
      if (!r.url().startsWith(web.service.url) && !r.url().startsWith('data:')) elsewhere.push(r.url());
    });
    const page = await context.newPage();
    await page.goto(`${web.service.url}/docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    const operations = Object.values((await web.service.http.get('/openapi.json')).body.paths as Record<string, object>).reduce<number>((n, p) => n + Object.keys(p).length, 0);
    await expect(page.locator('.opblock').count()).resolves.toBe(operations);
    // One operation opened: its examples render too.
    await page.locator('.opblock-summary', { hasText: '/v1/games/{gameId}/moves' }).first().click();
    await page.locator('.opblock-body').first().waitFor();
    await screenshot(page, 'docs');
    expect(elsewhere).toEqual([]);
    expect(watch.problems).toEqual([]);
    await context.close();
  });
});
