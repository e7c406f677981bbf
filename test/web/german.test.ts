// German throughout (issue "… German throughout …"), in Chromium with a German browser: the
// lobby, the account page with a sign-in token, the replay with its verification, a finished
// game's result (its terms linking to the rules), the computer analysis and a mistyped address
// carry none of the English words that used to leak there and no raw codes (UPPER_CASE
// identifiers); the analysis on a 390 px phone shows names in full, axis labels of a readable
// size, a legend for its colours and one form for its marks.
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { Client } from '../support/service.ts';
import { playToEnd } from '../support/matches.ts';
import { beyondUnrequestedAnalysis, browserSuite, screenshot, Watch } from './support/browser.ts';
import { PASSWORD, signInWith } from './support/sign-in.ts';
import { webFixture } from './support/web-suite.ts';

const GERMAN_DESKTOP = { viewport: { width: 1280, height: 900 }, locale: 'de-DE' };
const GERMAN_PHONE = { viewport: { width: 390, height: 844 }, locale: 'de-DE', hasTouch: true, isMobile: true };

/** The English that German pages showed (the list), and English's commonest words besides. */
const LEAKS: RegExp[] = [
  /Bots online/,
  /\bonline\b/i,
  /\bSeed\b/,
  /WebCrypto/,
  /\b(Chrome|Firefox|Safari|Edge) on\b/,
  /not found/i,
  /\bcostly\b/i,
  /\bmistake\b/i,
  /\bcost\b/i,
  /\bprovisional\b/i,
  /\d\?/,
  /\b(the|and|with|without|your|points|card|cards|trick|tricks|player|page|rules|request|verified|sign out)\b/i,
];
/** A raw code: an UPPER_CASE identifier (NOT_FOUND, GAME_NOT_FINISHED). */
const RAW_CODE = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/;

/** The words a person reads on the page (text, titles, labels, placeholders), the formula shown as code left out. */
const wordsOf = (page: Page) =>
  page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const code of body.querySelectorAll('code, script, style, noscript')) code.remove();
    const attributes = [...body.querySelectorAll('[title], [aria-label], [placeholder], [alt]')].flatMap((el) =>
      ['title', 'aria-label', 'placeholder', 'alt'].map((a) => el.getAttribute(a) ?? ''),
    );
    return [document.title, body.textContent ?? '', ...attributes].join('\n');
  });

async function expectGerman(page: Page, what: string): Promise<void> {
  const text = await wordsOf(page);
  for (const leak of [...LEAKS, RAW_CODE]) {
    const found = leak.exec(text);
    expect(found && text.slice(Math.max(0, found.index - 60), found.index + 60), `${what}: ${leak}`).toBeNull();
  }
}

browserSuite('the web client: German throughout', () => {
  const web = webFixture({ service: { config: { analysis: { workers: 1, queueMax: 100, maxPerAddress: 2, leaseMs: 30_000, pollMs: 100, seatSamples: 4 } } } });
  let gameId: string;
  let gretelToken: string;
  const names = ['Maximiliane Großmann', 'Computergegnerin Gretel'];

  beforeAll(async () => {
    // A finished rated game between two accounts of long names (so each has a provisional rating), its analysis made.
    const client = new Client(web.service.http);
    const account = async (username: string, name: string, bot = false) => {
      const body = (await web.service.http.post('/v1/accounts').send({ username, password: PASSWORD, name, bot }).expect(201)).body;
      return { ...body, auth: { Authorization: `Bearer ${body.token}` } };
    };
    const a = await account('maxi_g', names[0]);
    const b = await account('gretel_c', names[1], true);
    gretelToken = b.token;
    const created = await client.createGame(a, { seat: 'forehand', rated: true });
    await web.service.http.post(`/v1/games/${created.id}/join`).set(b.auth).expect(200);
    gameId = created.id;
    await playToEnd(client, gameId, [a, b], 11);
    await web.service.http.post(`/v1/games/${gameId}/analysis`).expect((r) => expect([200, 202]).toContain(r.status));
    for (;;) {
      const analysis = (await web.service.http.get(`/v1/games/${gameId}/analysis`).expect(200)).body;
      if (analysis.status === 'done') break;
      expect(['queued', 'running']).toContain(analysis.status);
      await new Promise((r) => setTimeout(r, 50));
    }
  }, 120_000);

  it('the lobby and the account with a sign-in token', async () => {
    await web.service.http.post('/v1/accounts').send({ username: 'greta_k', password: PASSWORD, name: 'Greta' }).expect(201);
    // The bot holds its player stream open: online while the lobby is looked at.
    const stream = new AbortController();
    const res = await fetch(`${web.service.url}/v1/players/me/stream`, { headers: { Authorization: `Bearer ${gretelToken}` }, signal: stream.signal });
    expect(res.status).toBe(200);
    void res.body?.pipeTo(new WritableStream()).catch(() => {});
    const context = await web.browser.newContext(GERMAN_DESKTOP);
    const watch = new Watch(context);
    const page = await context.newPage();
    await signInWith(page, web.service.url, 'greta_k', ['[data-testid=open-game]']);
    // A bot online after one rated game: its provisional rating says so, and why, in words (never "1338?").
    const ratings = page.locator('[data-testid=bots-online] [data-testid=bot-ratings]');
    await ratings.waitFor();
    await expect(ratings.textContent()).resolves.toMatch(/^ Klassisch \d+ \(vorläufig\)$/);
    await expect(ratings.getAttribute('title')).resolves.toMatch(/^Vorläufig: /);
    await expectGerman(page, 'lobby');
    await screenshot(page, 'german-lobby');
    stream.abort();
    await page.locator('[data-testid=account-link]').click();
    await page.locator('[data-testid=tokens] li').first().waitFor();
    // This browser's sign-in is named after it, in German.
    await expect(page.locator('[data-testid=token-name]').allTextContents()).resolves.toContain('Chrome unter Linux');
    await expectGerman(page, 'account');
    await screenshot(page, 'german-account');
    expect(watch.problems).toEqual([]);
    await context.close();
  });

  it('a finished game’s result, its terms linking to the rules in German', async () => {
    const context = await web.browser.newContext(GERMAN_DESKTOP);
    const watch = new Watch(context);
    const page = await context.newPage();
    await page.goto(`${web.service.url}/play/${gameId}`);
    await page.locator('[data-testid=result]').waitFor();
    await expectGerman(page, 'result');
    const links = page.locator('[data-testid=result] .arithmetic a.rule-term');
    expect(await links.count()).toBeGreaterThan(0);
    const first = links.first();
    const topic = (await first.getAttribute('data-rule'))!;
    await expect(first.getAttribute('href')).resolves.toBe(`/rules#${topic}`);
    await screenshot(page, 'german-result', page.locator('[data-testid=result]'));
    await first.click();
    await page.waitForURL(`**/rules#${topic}`);
    const section = page.locator(`[data-testid=rule-${topic}]`);
    await section.waitFor();
    await expect(section.getAttribute('class')).resolves.toContain('asked');
    await expect(page.locator('[data-testid=rules] h1').textContent()).resolves.toBe('Wie ein Spiel gezählt wird');
    await expectGerman(page, 'rules');
    await screenshot(page, 'german-rules');
    expect(watch.problems).toEqual([]);
    await context.close();
  });

  it('the replay’s proof and the analysis on a 390 px phone: names in full, readable axis, a legend, one form of marks', async () => {
    const context = await web.browser.newContext(GERMAN_PHONE);
    const watch = new Watch(context);
    const page = await context.newPage();
    await page.goto(`${web.service.url}/replay/${gameId}`);
    await page.locator('[data-testid=verification][data-ok=true]').waitFor();
    await page.locator('[data-testid=analysis][data-status=done] [data-testid=analysis-graph]').waitFor();
    // The commitment in words; its formula kept, as code.
    await expect(page.locator('[data-check=commitment]').textContent()).resolves.toMatch(/Fingerabdruck \(SHA-256\)/);
    await expect(page.locator('[data-testid=commitment-formula]').textContent()).resolves.toMatch(/^SHA-256\(serverSeed\) = [0-9a-f]{64} = seedCommitment$/);
    await expectGerman(page, 'replay');

    const analysis = page.locator('[data-testid=analysis]');
    // Every name under a card in full: as given, nothing cut off.
    const who = await analysis.locator('[data-testid=ply-who]').evaluateAll((els) =>
      els.map((e) => {
        // A word broken across lines has more than one box.
        const node = e.firstChild!;
        const broken = [...(node.textContent ?? '').matchAll(/\S+/g)].some((m) => {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          return range.getClientRects().length > 1;
        });
        return { text: e.textContent, cut: e.scrollWidth > e.clientWidth + 1, broken };
      }),
    );
    expect(who.length).toBeGreaterThan(0);
    for (const w of who) {
      expect(names).toContain(w.text);
      expect(w).toMatchObject({ cut: false, broken: false });
    }
    // The graph's axis labels at least 10 px on the screen.
    const sizes = await analysis.locator('.value-graph .axis').evaluateAll((els) =>
      els.map((e) => parseFloat(getComputedStyle(e).fontSize) * ((e as SVGGraphicsElement).getScreenCTM()?.a ?? 0)),
    );
    expect(sizes.length).toBeGreaterThan(0);
    for (const size of sizes) expect(size).toBeGreaterThanOrEqual(10);
    // A legend for both colours, in the colours of the graph's dots.
    const legend = analysis.locator('[data-testid=analysis-legend]');
    await expect(legend.locator('li').evaluateAll((els) => els.map((e) => e.getAttribute('data-mark')))).resolves.toEqual(['costly', 'mistake']);
    await expect(legend.textContent()).resolves.toMatch(/Teuer: .*Fehler: /);
    const colours = await page.evaluate(() => {
      const svg = document.querySelector('.value-graph')!;
      const probe = (cls: string) => {
        const dot = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
        dot.setAttribute('class', `dot ${cls}`);
        svg.appendChild(dot);
        const fill = getComputedStyle(dot).fill;
        dot.remove();
        return fill;
      };
      const swatch = (cls: string) => getComputedStyle(document.querySelector(`[data-testid=analysis-legend] .swatch.${cls}`)!).backgroundColor;
      return { costly: [probe('costly'), swatch('costly')], mistake: [probe('mistake'), swatch('mistake')] };
    });
    expect(colours.costly[0]).toBe(colours.costly[1]);
    expect(colours.mistake[0]).toBe(colours.mistake[1]);
    expect(colours.costly[0]).not.toBe(colours.mistake[0]);
    // The marks in one form: "Teuer · kostete 4" beside "Fehler · kostete 8", neither shouted.
    const marks = await analysis.locator('[data-testid=ply-mark]').evaluateAll((els) => els.map((e) => ({ text: e.textContent, transform: getComputedStyle(e).textTransform })));
    expect(marks.length).toBeGreaterThan(0);
    for (const m of marks) {
      expect(m.text).toMatch(/^(Teuer|Fehler) · kostete [\d,.]+$/);
      expect(m.transform).toBe('none');
    }
    await expectGerman(page, 'analysis');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await analysis.scrollIntoViewIfNeeded();
    await screenshot(page, 'german-analysis-phone');
    await screenshot(page, 'german-analysis-phone-panel', analysis);
    expect(beyondUnrequestedAnalysis(watch.problems)).toEqual([]);
    await context.close();
  });

  it('a mistyped address: the client’s own page, 404, in German', async () => {
    const context = await web.browser.newContext(GERMAN_PHONE);
    const watch = new Watch(context);
    const page = await context.newPage();
    const response = await page.goto(`${web.service.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);
    await page.locator('[data-testid=not-found-home]').waitFor();
    await expect(page.locator('[data-testid=not-found] h1').textContent()).resolves.toBe('Seite nicht gefunden');
    await expectGerman(page, 'not found');
    await screenshot(page, 'german-not-found');
    // The page's own 404 is the one expected answer; nothing else failed.
    expect(watch.problems.filter((p) => !p.endsWith('/no/such/page') && !/status of 404/.test(p))).toEqual([]);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBe(0);
    await page.locator('[data-testid=not-found-home]').click();
    await page.waitForURL(`${web.service.url}/`);
    // The rules on the same phone: nothing wider than the screen.
    await page.goto(`${web.service.url}/rules#kontra`);
    await page.locator('[data-testid=rule-kontra].asked').waitFor();
    expect(await overflow()).toBe(0);
    await context.close();
  });
});
