// A tournament's page, live and afterwards. Joins and withdrawals show at once on a page open on
// an upcoming tournament (another browser and an API client enter; no reload); a page opened
// signed out signs in and comes back to join, and "Join again" undoes a withdrawal. A finished Swiss
// event (written straight into the database) tells its story round by round, each pairing with
// its result as the service has it. A finished arena shows a player's games, chosen in the
// standings, with links to each replay and its analysis. And the new-tournament form and the
// standings fit a 390 px phone in both languages (no element past the screen's edge), the form's
// checkboxes beside their labels on one line, at the left, on the desktop too.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { accounts, createClient } from '@offiziersskat/client';
import { seedFinishedSwiss } from '../support/big-tournament.ts';
import { testConfig } from '../support/service.ts';
import { openSse } from '../support/sse.ts';
import { until } from '../support/tournaments.ts';
import { beyondUnrequestedAnalysis, browserSuite, screenshot, Watch } from './support/browser.ts';
import { PASSWORD, signInWith as signIn } from './support/sign-in.ts';
import { webFixture } from './support/web-suite.ts';

/** The issue's screens: a phone of 390 × 844 and a desktop of 1280 × 800, each in both languages. */
const PHONE = (locale: string) => ({ viewport: { width: 390, height: 844 }, locale, hasTouch: true, isMobile: true });
const DESKTOP = (locale: string) => ({ viewport: { width: 1280, height: 800 }, locale });
/** An arena "minute" here: the shortest arena (10 minutes) lasts 4 s. */
const MINUTE_MS = 400;

interface Game {
  round: number;
  first: { playerId: string; name: string };
  second: { playerId: string; name: string } | null;
  gameId: string | null;
  finished: boolean;
  firstPoints: number | null;
  secondPoints: number | null;
  winner: string | null;
  passedIn: boolean;
}

browserSuite('the web client: a tournament live and its story', () => {
  const web = webFixture({ service: { config: { tournaments: { ...testConfig().tournaments, tickMs: 100, minuteMs: MINUTE_MS } } } });
  const api = () => createClient({ baseUrl: web.service.url });
  /** What a page failed at beyond the requests cut off by its own navigation (the lobby's player stream). */
  const real = (problems: string[]) => problems.filter((p) => !/\(net::ERR_ABORTED\)$/.test(p));
  const signInWith = (page: Page, username: string) => signIn(page, web.service.url, username, ['[data-testid=tournaments-link]']);
  let made = 0;
  const person = async (name: string) => {
    const username = `${name.toLowerCase()}_story${made++}`;
    const { playerId, token } = await accounts.signUp(api(), { username, password: PASSWORD, name });
    return { playerId, token, username, name, auth: { Authorization: `Bearer ${token}` } };
  };
  const games = async (id: string, query = '') => {
    const all: Game[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { items: Game[]; nextCursor: string | null } } = await web.service.http.get(`/v1/tournaments/${id}/games?${query}${cursor ? `&cursor=${cursor}` : ''}`).expect(200);
      all.push(...page.body.items);
      cursor = page.body.nextCursor;
    } while (cursor);
    return all;
  };

  /** Elements of `selector` (and inside them) that reach past the screen's left or right edge. */
  const beyondScreen = (page: Page, selector: string) =>
    page.evaluate((sel) => {
      const out: string[] = [];
      for (const root of document.querySelectorAll(sel))
        for (const el of [root, ...root.querySelectorAll('*')]) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 && r.height === 0) continue;
          if (r.left < -0.5 || r.right > window.innerWidth + 0.5) out.push(`${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).replace(/ /g, '.')}` : ''} "${el.textContent?.trim().slice(0, 30)}" ${Math.round(r.left)}..${Math.round(r.right)}`);
        }
      return out;
    }, selector);
  /** Whether the page scrolls sideways, or a scroll container in it does (something cut off). */
  const scrollsSideways = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth || [...document.querySelectorAll('.table-scroll')].some((s) => s.scrollWidth > s.clientWidth + 1));

  it('shows joins and withdrawals at once on a page open before the start', async () => {
    const owner = await person('Olga');
    const anna = await person('Anna');
    const bert = await person('Bert');
    const tour = await api()
      .withToken(owner.token)
      .request<{ id: string }>('POST', '/v1/tournaments', { body: { name: 'Adventsarena', system: 'arena', variant: 'classic', turnSeconds: 60, minutes: 60, startsAt: new Date(Date.now() + 86_400_000).toISOString() } });
    const desktop = await web.browser.newContext(DESKTOP('en-US'));
    const phone = await web.browser.newContext(PHONE('de-DE'));
    const watches = [new Watch(desktop), new Watch(phone)];
    const page = await desktop.newPage();
    await page.goto(`${web.service.url}/tournaments/${tour.id}`);
    await page.locator('.tournament[data-status=upcoming]').waitFor();
    await page.getByText('Nobody has joined yet.').waitFor();
    // Marked: a reload would lose it.
    await page.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true));
    const row = (playerId: string) => page.locator(`[data-testid=tour-standings] tr[data-player-id="${playerId}"]`);

    // An API client joins: the open page shows it.
    await web.service.http.post(`/v1/tournaments/${tour.id}/join`).set(anna.auth).expect(200);
    await row(anna.playerId).waitFor({ timeout: 10_000 });
    await expect(row(anna.playerId).locator('th').textContent()).resolves.toContain('Anna');
    // Another browser (a phone, in German) joins with the button: the first page shows it too.
    const b = await phone.newPage();
    await signInWith(b, bert.username);
    await b.goto(`${web.service.url}/tournaments/${tour.id}`);
    await b.locator('[data-testid=tour-join]').click();
    await b.locator('[data-entrant=in]').waitFor();
    await row(bert.playerId).waitFor({ timeout: 10_000 });
    // The phone sees Anna, and Anna's withdrawal reaches both pages at once.
    await b.locator(`[data-testid=tour-standings] tr[data-player-id="${anna.playerId}"]`).waitFor();
    await web.service.http.post(`/v1/tournaments/${tour.id}/withdraw`).set(anna.auth).expect(204);
    await row(anna.playerId).locator('[data-testid=withdrawn]').waitFor({ timeout: 10_000 });
    await b.locator(`[data-testid=tour-standings] tr[data-player-id="${anna.playerId}"] [data-testid=withdrawn]`).waitFor({ timeout: 10_000 });
    await expect(page.locator('[data-testid=tour-standings] tbody tr').count()).resolves.toBe(2);
    expect(await page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded)).toBe(true);
    await screenshot(page, 'tournament-live-joins');
    for (const w of watches) expect(real(w.problems)).toEqual([]);
    await desktop.close();
    await phone.close();

    // Opened by its address without being signed in: "Sign in to join" signs in and comes back
    // here (not to the lobby); a withdrawal can be undone with "Join again".
    const cleo = await person('Cleo');
    const stranger = await web.browser.newContext(DESKTOP('en-US'));
    const strangerWatch = new Watch(stranger);
    const c = await stranger.newPage();
    await c.goto(`${web.service.url}/tournaments/${tour.id}`);
    await c.locator('[data-testid=tour-sign-in]').click();
    await c.locator('#username').fill(cleo.username);
    await c.locator('#password').fill(PASSWORD);
    await c.locator('[data-testid=sign-in]').click();
    await c.locator('[data-testid=tour-join]').click();
    await c.locator('[data-entrant=in]').waitFor();
    expect(new URL(c.url()).pathname).toBe(`/tournaments/${tour.id}`);
    expect(new URL(c.url()).search).toBe('');
    await c.locator('[data-testid=tour-withdraw]').click();
    await c.locator('[data-entrant=withdrawn]').waitFor();
    await c.locator('[data-testid=tour-join]', { hasText: 'Join again' }).click();
    await c.locator('[data-entrant=in]').waitFor();
    expect(real(strangerWatch.problems)).toEqual([]);
    await stranger.close();
  }, 120_000);

  it("a finished Swiss event shows every round's pairings and results, round by round, and fits a phone", async () => {
    const owner = await person('Olga');
    const tour = await api()
      .withToken(owner.token)
      .request<{ id: string }>('POST', '/v1/tournaments', { body: { name: 'Schweizer Abend', system: 'swiss', variant: 'classic', turnSeconds: 60, rounds: 3, gamesPerRound: 1, startsAt: new Date(Date.now() + 86_400_000).toISOString() } });
    await seedFinishedSwiss(web.service.database, { tournamentId: tour.id, players: 7, rounds: 3, standingsPerRound: 1, namePrefix: 'Spielerin Mustermann-Lüdenscheid' });
    const all = await games(tour.id);
    for (const [options, words] of [
      [PHONE('de-DE'), { round: 'Paarungen und Ergebnisse der Runde', drawn: '½ : ½' }],
      [DESKTOP('en-US'), { round: 'Pairings and results of round', drawn: '½ : ½' }],
    ] as const) {
      const context = await web.browser.newContext(options);
      const watch = new Watch(context);
      const page = await context.newPage();
      await page.goto(`${web.service.url}/tournaments/${tour.id}`);
      await page.locator('.tournament[data-status=finished] [data-testid=tour-rounds]').waitFor();
      for (const round of [3, 1, 2]) {
        // The last round first; the others by their buttons.
        if (round !== 3) await page.locator(`.tour-round-picker button[data-round="${round}"]`).click();
        await page.locator(`[data-testid=tour-round-games][data-round="${round}"]`).waitFor();
        await expect(page.locator('[data-testid=tour-round-title]').textContent()).resolves.toBe(`${words.round} ${round}`);
        const shown = await page.locator('[data-testid=tour-round-games] li').evaluateAll((lis) =>
          lis.map((li) => ({ first: li.getAttribute('data-first'), second: li.getAttribute('data-second'), result: li.querySelector('[data-testid=tour-result]')?.textContent })),
        );
        const want = all
          .filter((g) => g.round === round)
          .map((g) => ({
            first: g.first.playerId,
            second: g.second?.playerId ?? null,
            result: g.second === null ? '' : `${g.winner === null ? words.drawn : g.winner === g.first.playerId ? '1 : 0' : '0 : 1'} (${g.firstPoints} : ${g.secondPoints})`,
          }));
        expect(shown).toEqual(want);
        expect(await beyondScreen(page, '.tournament')).toEqual([]);
      }
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `tournament-swiss-story-${options.locale}`);
      expect(watch.problems).toEqual([]);
      await context.close();
    }
  }, 120_000);

  it("a finished arena shows a player's games, chosen in the standings: opponent, result, replay and analysis", async () => {
    const [anna, bert] = [await person('Anna'), await person('Bert')];
    const tour = (
      await web.service.http
        .post('/v1/tournaments')
        .set(anna.auth)
        .send({ name: 'Blitzarena', system: 'arena', variant: 'classic', turnSeconds: 60, minutes: 10, startsAt: new Date(Date.now() + 1500).toISOString() })
        .expect(201)
    ).body as { id: string };
    for (const p of [anna, bert]) await web.service.http.post(`/v1/tournaments/${tour.id}/join`).set(p.auth).expect(200);
    // Both connected (that makes them pairable); each game paired is resigned by its first player.
    const streams = await Promise.all([anna, bert].map((p) => openSse(`${web.service.url}/v1/players/me/stream`, p.auth)));
    const byId = new Map([anna, bert].map((p) => [p.playerId, p]));
    try {
      await until(
        async () => {
          const t = (await web.service.http.get(`/v1/tournaments/${tour.id}`).expect(200)).body;
          for (const p of t.pairings ?? []) {
            if (p.finished || !p.gameId) continue;
            const resign = (playerId: string) => web.service.http.post(`/v1/games/${p.gameId}/moves`).set(byId.get(playerId)!.auth).send({ move: { type: 'resign' } });
            if ((await resign(p.first)).status !== 200) await resign(p.second);
          }
          return t.status === 'finished';
        },
        60_000,
        'the arena to finish',
      );
    } finally {
      await Promise.all(streams.map((s) => s.close()));
    }
    const annas = await games(tour.id, `player=${anna.playerId}`);
    expect(annas.length).toBeGreaterThan(0);
    for (const [options, words] of [
      [DESKTOP('en-US'), { won: 'won', lost: 'lost', replay: 'Replay', analysis: 'Computer analysis' }],
      [PHONE('de-DE'), { won: 'gewonnen', lost: 'verloren', replay: 'Wiederholung', analysis: 'Computeranalyse' }],
    ] as const) {
      const context = await web.browser.newContext(options);
      const watch = new Watch(context);
      const page = await context.newPage();
      await page.goto(`${web.service.url}/tournaments/${tour.id}`);
      await page.locator(`.tournament[data-status=finished] tr[data-player-id="${anna.playerId}"] [data-testid=tour-player-games-open]`).click();
      await page.locator(`[data-testid=tour-player-games][data-player-id="${anna.playerId}"] [data-testid=tour-games-of]`).waitFor();
      const shown = await page.locator('[data-testid=tour-games-of] li').evaluateAll((lis) =>
        lis.map((li) => ({
          gameId: li.getAttribute('data-game-id'),
          opponent: li.querySelector('.tour-pair')?.textContent,
          result: li.querySelector('[data-testid=tour-result]')?.textContent?.split(' (')[0],
          replay: li.querySelector('[data-testid=tour-replay]')?.getAttribute('href'),
          replayText: li.querySelector('[data-testid=tour-replay]')?.textContent,
          analysis: li.querySelector('[data-testid=tour-analysis]')?.getAttribute('href'),
          analysisText: li.querySelector('[data-testid=tour-analysis]')?.textContent,
        })),
      );
      expect(shown).toEqual(
        annas.map((g) => ({
          gameId: g.gameId,
          opponent: 'Bert',
          result: g.winner === anna.playerId ? words.won : words.lost,
          replay: `/replay/${g.gameId}`,
          replayText: words.replay,
          analysis: `/replay/${g.gameId}?analysis`,
          analysisText: words.analysis,
        })),
      );
      expect(await beyondScreen(page, '.tournament')).toEqual([]);
      await screenshot(page, `tournament-arena-games-${options.locale}`);
      // The replay opens.
      await page.locator('[data-testid=tour-games-of] [data-testid=tour-replay]').first().click();
      await page.locator('.replay').waitFor();
      expect(beyondUnrequestedAnalysis(watch.problems)).toEqual([]);
      await context.close();
    }
  }, 150_000);

  it('the new-tournament form and the standings fit a 390 px phone in both languages; the checkboxes sit beside their labels', async () => {
    const owner = await person('Olga');
    const tour = await api()
      .withToken(owner.token)
      .request<{ id: string }>('POST', '/v1/tournaments', { body: { name: 'Schmal', system: 'swiss', variant: 'classic', turnSeconds: 60, rounds: 3, startsAt: new Date(Date.now() + 86_400_000).toISOString() } });
    await seedFinishedSwiss(web.service.database, { tournamentId: tour.id, players: 12, rounds: 3, standingsPerRound: 1, namePrefix: 'Maximiliane' });
    for (const options of [PHONE('de-DE'), PHONE('en-US'), DESKTOP('de-DE'), DESKTOP('en-US')]) {
      const context = await web.browser.newContext(options);
      const watch = new Watch(context);
      const page = await context.newPage();
      await signInWith(page, owner.username);
      await page.locator('[data-testid=tournaments-link]').click();
      await page.locator('[data-testid=tour-form]').waitFor();
      await screenshot(page, `tournament-form-${options.viewport.width}-${options.locale}`, page.locator('[data-testid=tour-form]'));
      expect(await beyondScreen(page, '[data-testid=tour-form]')).toEqual([]);
      // Each checkbox: at the form's left edge, its label on the same line right beside it.
      const checks = await page.locator('[data-testid=tour-form] label.check').evaluateAll((labels) =>
        labels.map((label) => {
          const box = label.querySelector('input')!.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(label);
          const text = [...range.getClientRects()].filter((r) => r.width > 0 && r.left >= box.right - 0.5);
          const form = label.closest('form')!.getBoundingClientRect();
          const first = text[0];
          return {
            label: label.textContent,
            atLeft: Math.abs(box.left - form.left) < 4,
            beside: first !== undefined && first.left - box.right < 16 && Math.abs(first.top + first.height / 2 - (box.top + box.height / 2)) < box.height,
            lines: new Set(text.map((r) => Math.round(r.top))).size,
            // How much of the room beside the box the longest line takes (a squeezed label wraps early).
            fill: (Math.max(box.right, ...text.map((r) => r.right)) - box.right) / (form.right - box.right),
          };
        }),
      );
      expect(checks).toHaveLength(3);
      for (const c of checks) {
        expect(c, c.label ?? '').toMatchObject({ atLeft: true, beside: true });
        // On one line, or (a label longer than the form's column) wrapping only once the line is full: not squeezed.
        expect(c.lines === 1 || c.fill > 0.7, `${c.label}: ${c.lines} lines, ${c.fill}`).toBe(true);
        if (c.label?.startsWith('Kontra')) expect(c.lines).toBe(1);
      }

      await page.goto(`${web.service.url}/tournaments/${tour.id}`);
      await page.locator('[data-testid=tour-standings] tbody tr').first().waitFor();
      expect(await beyondScreen(page, '[data-testid=tour-standings]')).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      // The short headers name the tiebreaks in full.
      await expect(page.locator('[data-testid=tour-standings] thead abbr').evaluateAll((as) => as.map((a) => a.getAttribute('title')))).resolves.toEqual(
        options.locale === 'de-DE' ? ['Platz', 'Spiele', 'Buchholz', 'Sonneborn-Berger'] : ['Rank', 'Games', 'Buchholz', 'Sonneborn–Berger'],
      );
      await screenshot(page, `tournament-standings-${options.viewport.width}-${options.locale}`);
      expect(real(watch.problems)).toEqual([]);
      await context.close();
    }
  }, 180_000);
});
