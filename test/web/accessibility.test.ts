// Every page checked by axe-core (its source read from node_modules and run in the page, no CDN):
// the sign-in, the lobby, the account, a device's sign-in, a table waiting, the table while
// bidding, while playing and at its result, a table watched, a match's page, the replay with its
// analysis, the tournaments (the list; one upcoming, one running, one finished), the leaderboard,
// a player's page and a page that finds nothing. Each in English and German (the page's language
// switch), on a desktop (1280 × 800) and a phone (390 × 844, the same page resized): no serious or
// critical violation. One service, one browser, pages in sequence.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { accounts, createClient } from '@offiziersskat/client';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { testConfig } from '../support/service.ts';
import { resignRunning, until } from '../support/tournaments.ts';
import { beyondUnrequestedAnalysis, browserSuite, Watch } from './support/browser.ts';
import { playToTheEnd, takeTurn } from './support/play.ts';
import { PASSWORD, signInWith } from './support/sign-in.ts';
import { webFixture } from './support/web-suite.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

browserSuite('the web client: accessibility (axe-core)', () => {
  const web = webFixture({
    service: {
      config: {
        analysis: { workers: 1, queueMax: 100, maxPerAddress: 10, leaseMs: 30_000, pollMs: 100, seatSamples: 8 },
        tournaments: { ...testConfig().tournaments, tickMs: 150 },
      },
    },
  });

  /** The serious and critical violations on the page as it is now, one line each. */
  const violations = async (page: Page, where: string): Promise<string[]> => {
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
    const found = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(c: Document, o: object): Promise<{ violations: Violation[] }> } }).axe;
      return (await axe.run(document, { resultTypes: ['violations'] })).violations;
    });
    return found
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${where}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 6).join(', ')}`);
  };

  /**
   * The page in both languages (switched by its own button, then back) and both sizes; `ready`:
   * what the page shows once drawn.
   */
  const checkPage = async (page: Page, name: string, ready: string, found: string[], look?: (lang: string) => Promise<void>) => {
    for (const round of [0, 1]) {
      await page.locator(ready).first().waitFor();
      const lang = await page.evaluate(() => document.documentElement.lang);
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
        found.push(...(await violations(page, `${name} (${lang}, ${size})`)));
      }
      await look?.(lang);
      // The other language (the switch draws the same page again), then back.
      await page.locator('[data-testid=language]').click();
      await page.waitForFunction((was) => document.documentElement.lang !== was, lang);
      if (round === 1) await page.locator(ready).first().waitFor();
    }
    await page.setViewportSize(VIEWPORTS.desktop);
  };

  /** Skat's names of the cards, in the page's language; a playable card's also its key. */
  const CARD_NAME: Record<string, RegExp> = {
    en: /^(Seven|Eight|Nine|Ten|Jack|Queen|King|Ace) of (Clubs|Spades|Hearts|Diamonds)(, key \w)?$/,
    de: /^(Kreuz|Pik|Herz|Karo) (Sieben|Acht|Neun|Zehn|Bube|Dame|König|Ass)(, Taste \w)?$/,
  };
  /** The table's cards: the player's own are buttons, named, the unplayable ones aria-disabled; the other's open stacks named pictures. */
  const cardsNamed = (page: Page) => async (lang: string) => {
    const own = await page.locator('.table button.card').evaluateAll((els) => els.map((e) => [e.getAttribute('aria-label'), e.getAttribute('aria-disabled'), e.hasAttribute('data-legal')]));
    expect(own.length).toBeGreaterThan(0);
    for (const [label, disabled, legal] of own) {
      expect(label).toMatch(CARD_NAME[lang]);
      expect(disabled).toBe(legal ? null : 'true');
    }
    const shown = await page.locator('.seat.top .stack .open svg[role=img]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    for (const label of shown) expect(label).toMatch(CARD_NAME[lang]);
  };

  it('finds no serious or critical violation on any page, in English and German, on a desktop and a phone', { timeout: 600_000 }, async () => {
    const api = createClient({ baseUrl: web.service.url });
    const ada = await accounts.signUp(api, { username: 'ada_a11y', password: PASSWORD, name: 'Ada' });
    const bea = await accounts.signUp(api, { username: 'bea_a11y', password: PASSWORD, name: 'Bea' });
    const cleo = await accounts.signUp(api, { username: 'cleo_a11y', password: PASSWORD, name: 'Cleo' });
    const http = web.service.http;
    // A rated game ended by a resignation: a leaderboard with rows and a player with a rating history.
    const rated = (await http.post('/v1/games').set({ Authorization: `Bearer ${ada.token}` }).send({ rated: true, seat: 'forehand' }).expect(201)).body.id;
    await http.post(`/v1/games/${rated}/join`).set({ Authorization: `Bearer ${bea.token}` }).expect(200);
    await http.post(`/v1/games/${rated}/moves`).set({ Authorization: `Bearer ${bea.token}` }).send({ move: { type: 'resign' } }).expect(200);
    // A match of two games, its first resigned: a score sheet with a line, the second game on.
    const match = (await http.post('/v1/matches').set({ Authorization: `Bearer ${ada.token}` }).send({ games: 2 }).expect(201)).body;
    const joined = (await http.post(`/v1/matches/${match.id}/join`).set({ Authorization: `Bearer ${bea.token}` }).expect(200)).body;
    await http.post(`/v1/games/${joined.currentGameId}/moves`).set({ Authorization: `Bearer ${bea.token}` }).send({ move: { type: 'resign' } }).expect(200);
    // Tournaments: one tomorrow; one that runs (two entrants), then finishes.
    const tours = api.withToken(ada.token);
    const upcoming = await tours.request<{ id: string }>('POST', '/v1/tournaments', { body: { name: 'Morgenturnier', system: 'swiss', variant: 'classic', turnSeconds: 60, startsAt: new Date(Date.now() + 86_400_000).toISOString(), rounds: 3 } });
    const running = await tours.request<{ id: string }>('POST', '/v1/tournaments', { body: { name: 'Abendturnier', system: 'swiss', variant: 'classic', turnSeconds: 300, startsAt: new Date(Date.now() + 4_000).toISOString(), rounds: 3 } });
    // Its entrants are others: Ada's page would follow her own game there.
    for (const entrant of [bea, cleo]) await http.post(`/v1/tournaments/${running.id}/join`).set({ Authorization: `Bearer ${entrant.token}` }).expect(200);

    const context = await web.browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'en-US' });
    const watch = new Watch(context);
    const page = await context.newPage();
    const found: string[] = [];

    await page.goto(`${web.service.url}/`);
    await checkPage(page, 'sign-in', '#username', found);
    await signInWith(page, web.service.url, 'ada_a11y', ['[data-testid=play-computer]']);
    await checkPage(page, 'lobby', '[data-testid=play-computer]', found);
    await page.goto(`${web.service.url}/account`);
    await checkPage(page, 'account', 'main h1, main h2', found);
    await page.goto(`${web.service.url}/device`);
    await checkPage(page, 'device sign-in', '[data-testid=device-form]', found);
    // A table waiting for its second player.
    const open = (await http.post('/v1/games').set({ Authorization: `Bearer ${ada.token}` }).send({}).expect(201)).body.id;
    await page.goto(`${web.service.url}/play/${open}`);
    await checkPage(page, 'table, waiting', '.game[data-status=waiting]', found);

    // A game against the computer with bidding: the table while bidding, while playing, its result.
    await page.goto(`${web.service.url}/`);
    await page.locator('select[name=variant]').selectOption('bidding');
    await page.locator('select[name=seat]').selectOption('forehand');
    await page.locator('[data-testid=play-computer]').click();
    await page.locator('.game[data-you]').waitFor();
    const gameId = new URL(page.url()).pathname.split('/').pop()!;
    while ((await page.locator('.game').getAttribute('data-status')) === 'cutting') await takeTurn(page);
    await page.locator('.game[data-status=bidding] .status.mine').waitFor();
    await checkPage(page, 'table, bidding', '.game[data-status=bidding] .decision', found);
    await page.locator('.game[data-status=bidding] .status.mine').waitFor();
    let playingChecked = false;
    await playToTheEnd([page], {
      onTurn: async () => {
        if (!playingChecked && (await page.locator('button.card[data-legal]').count()) > 0) {
          playingChecked = true;
          await checkPage(page, 'table, playing', 'button.card[data-legal]', found, cardsNamed(page));
        }
      },
    });
    await checkPage(page, 'table, result', '[data-testid=result]', found);

    // The replay with the game's analysis done.
    await http.post(`/v1/games/${gameId}/analysis`).expect((r) => expect([200, 202]).toContain(r.status));
    await until(async () => (await http.get(`/v1/games/${gameId}/analysis`)).body.status === 'done', 120_000, 'the analysis');
    await page.goto(`${web.service.url}/replay/${gameId}?analysis`);
    await checkPage(page, 'replay and analysis', '[data-testid=analysis][data-status=done] [data-testid=analysis-graph]', found);
    // The graph's text alternative: a table of its points (a named caption, a row a point).
    const graphPoints = Number(await page.locator('[data-testid=analysis-graph]').getAttribute('data-points'));
    await expect(page.locator('[data-testid=analysis-graph-values] tbody tr').count()).resolves.toBe(graphPoints);

    await page.goto(`${web.service.url}/tournaments`);
    await checkPage(page, 'tournaments', 'main h1', found);
    await page.goto(`${web.service.url}/tournaments/${upcoming.id}`);
    await checkPage(page, 'tournament, upcoming', '.tournament[data-status=upcoming]', found);
    await until(async () => (await http.get(`/v1/tournaments/${running.id}`)).body.status === 'running', 30_000, 'the start');
    await page.goto(`${web.service.url}/tournaments/${running.id}`);
    await checkPage(page, 'tournament, running', '.tournament[data-status=running]', found);
    const players = new Map([bea, cleo].map((p) => [p.playerId, { ...p, name: p.name, auth: { Authorization: `Bearer ${p.token}` } }]));
    // Its games end by resignations, round after round.
    await until(async () => {
      const now = (await http.get(`/v1/tournaments/${running.id}`)).body;
      if (now.status === 'finished') return true;
      await resignRunning(http, now.pairings ?? [], players as never);
      return false;
    }, 60_000, 'the end');
    await page.goto(`${web.service.url}/tournaments/${running.id}`);
    await checkPage(page, 'tournament, finished', '.tournament[data-status=finished]', found);

    await page.goto(`${web.service.url}/leaderboard/classic`);
    await checkPage(page, 'leaderboard', 'main table', found);
    await page.goto(`${web.service.url}/players/${ada.playerId}`);
    await checkPage(page, 'player', '[data-testid=rating-chart]', found);
    const ratingPoints = Number(await page.locator('[data-testid=rating-chart]').getAttribute('data-points'));
    await expect(page.locator('[data-testid=rating-chart-values] tbody tr').count()).resolves.toBe(ratingPoints);
    await page.goto(`${web.service.url}/play/match/${match.id}`);
    await checkPage(page, 'match', 'main h1', found);
    // Someone else's game, watched.
    const watched = (await http.post('/v1/games').set({ Authorization: `Bearer ${bea.token}` }).send({ variant: 'halfOpen' }).expect(201)).body.id;
    await http.post(`/v1/games/${watched}/join`).set({ Authorization: `Bearer ${cleo.token}` }).expect(200);
    await page.goto(`${web.service.url}/play/${watched}`);
    await checkPage(page, 'table, watching', '.game[data-you=spectator]', found);
    await page.goto(`${web.service.url}/tournaments/no-such-tournament`);
    await checkPage(page, 'not found', 'main .error', found);

    expect(found, found.join('\n')).toEqual([]);
    // Beyond what a page leaving cuts off (its streams and polls) and the page that finds nothing.
    const real = beyondUnrequestedAnalysis(watch.problems).filter((p) => !/\(net::ERR_ABORTED\)$/.test(p) && !/no-such-tournament|status of 404/.test(p));
    expect(real).toEqual([]);
    await context.close();
  });
});
