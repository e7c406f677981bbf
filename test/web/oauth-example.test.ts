// examples/oauth-web-app in Chromium, as a person meets it: the app's "Sign in with Offiziersskat",
// the service's sign-in and consent, back in the app with the person's games listed: the code
// flow with PKCE run by the example itself, from another origin than the service's.
import type { Server } from 'node:http';
import { accounts, createClient } from '@offiziersskat/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serveExample } from '../../examples/oauth-web-app/server.ts';
import { browserSuite, DESKTOP, screenshot, Watch } from './support/browser.ts';
import { PASSWORD } from './support/sign-in.ts';
import { webFixture } from './support/web-suite.ts';

browserSuite('the example app (examples/oauth-web-app)', () => {
  const web = webFixture();
  let example: { url: string; server: Server } | undefined;
  beforeAll(async () => {
    example = await serveExample(web.service.url, 0);
  });
  afterAll(() => new Promise<void>((resolve) => (example ? example.server.close(() => resolve()) : resolve())));

  it('signs a person in with PKCE and lists the person’s games', async () => {
    const app = example?.url ?? '';
    const api = createClient({ baseUrl: web.service.url });
    const anna = await accounts.signUp(api, { username: 'example_anna', password: PASSWORD, name: 'Anna' });
    const game = await api.withToken(anna.token).createGame({});

    const context = await web.browser.newContext(DESKTOP);
    const watch = new Watch(context);
    const page = await context.newPage();
    await page.goto(`${app}/`);
    await page.locator('#sign-in').click();
    // On the service: sign in, then the consent for "Skat Stats".
    await page.locator('#username').fill('example_anna');
    await page.locator('#password').fill(PASSWORD);
    await page.locator('[data-testid=sign-in]').click();
    await page.locator('[data-testid=consent]').waitFor();
    await expect(page.locator('[data-testid=consent-origin]').textContent()).resolves.toContain(app);
    await page.locator('[data-testid=approve]').click();
    // Back in the app, which exchanged the code and read the games with the access token.
    await page.locator('#games li').first().waitFor();
    await expect(page.locator('#who').textContent()).resolves.toBe('Anna’s games');
    await expect(page.locator('#games').textContent()).resolves.toContain(game.id);
    await screenshot(page, 'oauth-example-app');
    expect(new URL(page.url()).origin).toBe(app);
    expect(watch.problems).toEqual([]);
    await context.close();
  });
});
