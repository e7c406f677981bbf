// An app's consent page (/oauth/authorize) and the device page (/device) in Chromium, in English on
// a desktop and in German on a 390 px phone: sign-in first and back to the consent, who asks and
// where the answer goes in plain sight, Approve and Deny, a refused request shown and going
// nowhere, a device connected by its code, the apps on the account page with Revoke.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { accounts, createClient } from '@offiziersskat/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pkce } from '../support/oauth.ts';
import { browserSuite, DESKTOP, PHONE_390, screenshot, Watch } from './support/browser.ts';
import { PASSWORD } from './support/sign-in.ts';
import { webFixture } from './support/web-suite.ts';

const PHONE_DE = { ...PHONE_390, locale: 'de-DE' };

browserSuite('the web client: apps (OAuth consent and device)', () => {
  const web = webFixture();
  // The app's own redirect target: a native app listening on a loopback port.
  let callback: Server;
  let callbackUrl = '';
  beforeAll(async () => {
    callback = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>app</title><p>signed in</p>'));
    await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
    callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
  });
  afterAll(() => new Promise<void>((resolve) => (callback ? callback.close(() => resolve()) : resolve())));

  let n = 0;
  const account = async () => {
    const username = `app_user_${n++}`;
    await accounts.signUp(createClient({ baseUrl: web.service.url }), { username, password: PASSWORD, name: `Anna ${n}` });
    return username;
  };
  const authorizeUrl = (challenge: string, extra: Record<string, string> = {}) =>
    `${web.service.url}/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: 'Skat Stats', redirect_uri: callbackUrl, scope: 'read play', state: 'xyz', code_challenge: challenge, code_challenge_method: 'S256', ...extra })}`;
  const signInHere = async (page: Page, username: string) => {
    await page.locator('#username').fill(username);
    await page.locator('#password').fill(PASSWORD);
    await page.locator('[data-testid=sign-in]').click();
  };
  const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('desktop, English: signs in first, comes back to the consent, shows who asks and where, approves; the code works', async () => {
    const context = await web.browser.newContext(DESKTOP);
    const watch = new Watch(context);
    const page = await context.newPage();
    const username = await account();
    const { verifier, challenge } = pkce();
    const answer = await page.goto(authorizeUrl(challenge));
    // The page cannot be framed.
    expect(answer?.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    await signInHere(page, username);
    await page.locator('[data-testid=consent]').waitFor();
    await expect(page.locator('[data-testid=consent-title]').textContent()).resolves.toBe('Skat Stats wants to use your account');
    await expect(page.locator('[data-testid=consent-origin]').textContent()).resolves.toContain(new URL(callbackUrl).origin);
    await expect(page.locator('[data-testid=consent-scopes] li').evaluateAll((li) => li.map((l) => l.getAttribute('data-scope')))).resolves.toEqual(['play', 'read']);
    // It waits for the person: nothing was sent.
    expect(page.url()).toContain('/oauth/authorize');
    await screenshot(page, 'oauth-consent-desktop');
    await page.locator('[data-testid=approve]').click();
    await page.waitForURL((url) => url.href.startsWith(callbackUrl));
    const back = new URL(page.url());
    expect(back.searchParams.get('state')).toBe('xyz');
    expect(back.searchParams.get('iss')).toBe(web.service.url);
    const code = back.searchParams.get('code') ?? '';
    const tokens = await web.service.http
      .post('/oauth/token')
      .type('form')
      .send({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: callbackUrl, client_id: 'Skat Stats' })
      .expect(200);
    await web.service.http.get('/v1/players/me').set({ Authorization: `Bearer ${tokens.body.access_token}` }).expect(200);
    expect(watch.problems).toEqual([]);
    await context.close();
  });

  it('phone, German: a refused request is said in words and goes nowhere; Deny sends back access_denied', async () => {
    const context = await web.browser.newContext(PHONE_DE);
    const watch = new Watch(context);
    const page = await context.newPage();
    // Refused before anyone signs in: the plain method, an http redirect off loopback.
    await page.goto(authorizeUrl('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', { code_challenge_method: 'plain' }));
    await page.locator('[data-testid=consent-refused]').waitFor();
    await expect(page.locator('[data-testid=refusal]').getAttribute('data-refusal')).resolves.toBe('challenge_plain');
    await expect(page.locator('[data-testid=refusal]').textContent()).resolves.toMatch(/nur S256/);
    expect(await page.locator('[data-testid=approve]').count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'oauth-refused-phone');
    await page.goto(authorizeUrl(pkce().challenge, { redirect_uri: 'http://stats.example/callback' }));
    await expect(page.locator('[data-testid=refusal]').getAttribute('data-refusal')).resolves.toBe('redirect_http');
    await page.goto(authorizeUrl(pkce().challenge, { scope: 'read account' }));
    await expect(page.locator('[data-testid=refusal]').textContent()).resolves.toMatch(/Konto verwalten|keine App/);

    // A good request, in German, on the phone: Deny.
    await page.goto(authorizeUrl(pkce().challenge));
    await signInHere(page, await account());
    await page.locator('[data-testid=consent]').waitFor();
    await expect(page.locator('[data-testid=consent-title]').textContent()).resolves.toBe('Skat Stats möchte dein Konto nutzen');
    await expect(page.locator('[data-testid=consent-origin]').textContent()).resolves.toContain('einer App auf diesem Computer');
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'oauth-consent-phone');
    await page.locator('[data-testid=deny]').click();
    await page.waitForURL((url) => url.href.startsWith(callbackUrl));
    const back = new URL(page.url());
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    expect(watch.problems).toEqual([]);
    await context.close();
  });

  it('the device page: German phone approves by the code; English desktop says a wrong code, lists the app and revokes it', async () => {
    const username = await account();
    const started = (await web.service.http.post('/oauth/device/code').type('form').send({ client_id: 'Skat TV', scope: 'read' }).expect(200)).body;
    const poll = () => web.service.http.post('/oauth/token').type('form').send({ grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: started.device_code, client_id: 'Skat TV' });

    const phone = await web.browser.newContext(PHONE_DE);
    const phoneWatch = new Watch(phone);
    const p = await phone.newPage();
    await p.goto(started.verification_uri_complete);
    await signInHere(p, username);
    await expect(p.locator('[data-testid=user-code]').inputValue()).resolves.toBe(started.user_code);
    expect(await fitsWidth(p)).toBe(true);
    await screenshot(p, 'device-phone');
    await p.locator('[data-testid=device-continue]').click();
    await p.locator('[data-testid=consent]').waitFor();
    await expect(p.locator('[data-testid=consent-title]').textContent()).resolves.toBe('Skat TV auf einem Gerät möchte dein Konto nutzen');
    await p.locator('[data-testid=approve]').click();
    await p.locator('[data-testid=device-done]').waitFor();
    await expect(p.locator('[data-testid=device-done]').textContent()).resolves.toMatch(/verbunden/);
    const tokens = (await poll().expect(200)).body;
    expect(tokens.scope).toBe('read');
    expect(phoneWatch.problems).toEqual([]);
    await phone.close();

    const desktop = await web.browser.newContext(DESKTOP);
    const watch = new Watch(desktop);
    const d = await desktop.newPage();
    await d.goto(`${web.service.url}/device`);
    await signInHere(d, username);
    await d.locator('[data-testid=user-code]').fill('bcdf-ghjk');
    await d.locator('[data-testid=device-continue]').click();
    await d.locator('[data-testid=device-form] .error').waitFor();
    await expect(d.locator('[data-testid=device-form] .error').textContent()).resolves.toMatch(/No device waits for this code/);
    await screenshot(d, 'device-desktop-wrong-code');

    await d.goto(`${web.service.url}/account`);
    await d.locator('[data-testid=apps] [data-testid=app-name]').waitFor();
    await expect(d.locator('[data-testid=apps] li').first().textContent()).resolves.toMatch(/Skat TV.*read.*on a device/);
    await screenshot(d, 'account-apps');
    await d.locator('[data-testid=revoke-app]').click();
    await d.locator('[data-testid=apps-none]').waitFor();
    const refused = await web.service.http.get('/v1/players/me').set({ Authorization: `Bearer ${tokens.access_token}` });
    expect(refused.status).toBe(401);
    // The one wrong code, and Chromium's line for it: what the test asked for.
    expect(watch.problems.filter((x) => !/HTTP 404: POST \S+\/v1\/oauth\/user-codes$/.test(x) && !/status of 404/.test(x))).toEqual([]);
    await desktop.close();
  });
});
