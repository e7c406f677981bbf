// Rated play in the browser (issue 23, "Where people meet it"): a guest finds the rated switch off,
// with the reason; two accounts in two browsers quick-pair into one rated game (one clicks a cell
// of the grid, the other joins that seek from the pool), play it to the end, and see their rating
// changes as the service says (the result, GET /v1/players/{id}); the player page shows the
// ratings, a chart of one point and the export link; the leaderboard lists both once they are no
// longer provisional (the threshold lowered for the test, so one game is enough).
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { accounts, createClient } from '@offiziersskat/client';
import { browserSuite, DESKTOP, PHONE, screenshot, Watch } from './support/browser.ts';
import { playToTheEnd } from './support/play.ts';
import { webFixture } from './support/web-suite.ts';
import { PASSWORD, signInWith as signIn } from './support/sign-in.ts';


interface ServerRating {
  rating: number;
  rd: number;
  games: number;
  provisional: boolean;
}

browserSuite('the web client: rated play', () => {
  // One rated game brings RD from 350 to about 290: with the threshold (RATING_PROVISIONAL_RD) at
  // 300 both players are established after it, and the leaderboard lists them.
  const web = webFixture({ service: { config: { ratings: { provisionalRd: 300 } } } });

  const signInWith = (page: Page, username: string) => signIn(page, web.service.url, username, ['[data-testid=quick-pairing]']);

  const classicOf = async (playerId: string): Promise<ServerRating> => (await web.service.http.get(`/v1/players/${playerId}`).expect(200)).body.ratings.classic;
  /** What a page failed at beyond the requests cut off by its own navigation (streams, polls). */
  const real = (problems: string[]) => problems.filter((p) => !/\(net::ERR_ABORTED\)$/.test(p));

  it('a guest sees the rated switch off, with the reason', async () => {
    const context = await web.browser.newContext(PHONE);
    const watch = new Watch(context);
    const page = await context.newPage();
    await page.goto(`${web.service.url}/`);
    await page.locator('#name').fill('Gast');
    await page.locator('form.sign-in button[type=submit]').click();
    await page.locator('[data-testid=quick-pairing]').waitFor();
    await expect(page.locator('[data-testid=quick-rated]').isDisabled()).resolves.toBe(true);
    await expect(page.locator('[data-testid=rated]').isDisabled()).resolves.toBe(true);
    await expect(page.locator('[data-testid=rated-needs-account]').first().textContent()).resolves.toContain('Konten');
    await screenshot(page, 'quick-pairing-guest');
    expect(real(watch.problems)).toEqual([]);
    await context.close();
  });

  it('two accounts quick-pair into a rated game, play it out, and see their ratings change as the service says', async () => {
    const api = createClient({ baseUrl: web.service.url });
    const anna = await accounts.signUp(api, { username: 'anna_rated', password: PASSWORD, name: 'Anna' });
    const bert = await accounts.signUp(api, { username: 'bert_rated', password: PASSWORD, name: 'Bert' });
    const desktop = await web.browser.newContext(DESKTOP);
    const phone = await web.browser.newContext(PHONE);
    const watches = [new Watch(desktop), new Watch(phone)];
    const a = await desktop.newPage();
    const b = await phone.newPage();
    await signInWith(a, 'anna_rated');
    await signInWith(b, 'bert_rated');

    // A seek made and withdrawn: the pool is empty again.
    await a.locator('[data-testid=quick-cell][data-variant=halfOpen][data-seconds="30"]').click();
    await a.locator('[data-testid=cancel-seek]:not([disabled])').waitFor();
    expect((await web.service.http.get('/v1/seeks').expect(200)).body.items).toHaveLength(1);
    await a.locator('[data-testid=cancel-seek]').click();
    await a.locator('[data-testid=cancel-seek]').waitFor({ state: 'detached' });
    expect((await web.service.http.get('/v1/seeks').expect(200)).body.items).toHaveLength(0);

    // Anna: rated, classic, 60 s a move. Bert finds her seek in the pool, marked rated, and joins.
    await a.locator('[data-testid=quick-rated]').check();
    await a.locator('[data-testid=quick-cell][data-variant=classic][data-seconds="60"]').click();
    await a.locator('[data-testid=seek-status] .seeking').waitFor();
    await screenshot(a, 'quick-pairing-seeking');
    const entry = b.locator('[data-testid=seek-pool] li[data-rated=true]');
    await entry.waitFor({ timeout: 15_000 });
    await expect(entry.textContent()).resolves.toContain('gewertet');
    await entry.locator('[data-testid=join-seek]').click();

    // Both at the same table: Bert from his POST's answer, Anna from her stream (or her poll).
    await b.locator('.game[data-you]').waitFor();
    await a.locator('.game[data-you]').waitFor();
    const gameId = a.url().split('/play/')[1];
    expect(b.url()).toContain(`/play/${gameId}`);
    const before = (await web.service.http.get(`/v1/games/${gameId}`).expect(200)).body;
    expect(before.rated).toBe(true);
    for (const page of [a, b]) await page.locator('[data-testid=rated-badge]').waitFor();

    await playToTheEnd([a, b]);

    // The result: each player's rating before and after, as the service has it.
    const view = (await web.service.http.get(`/v1/games/${gameId}`).expect(200)).body;
    expect(view.status).toBe('finished');
    const changes = view.result.ratingChanges as Record<'forehand' | 'dealer', { before: number; after: number }>;
    expect(changes).toBeTruthy();
    const ids = { forehand: view.players.forehand.playerId as string, dealer: view.players.dealer.playerId as string };
    for (const page of [a, b]) {
      const shown = page.locator('[data-testid=rating-changes]');
      await shown.waitFor();
      for (const seat of ['forehand', 'dealer'] as const) {
        const line = shown.locator(`li[data-seat=${seat}]`);
        await expect(line.getAttribute('data-after')).resolves.toBe(String(changes[seat].after));
        await expect(line.textContent()).resolves.toContain(`${Math.round(changes[seat].before)} → ${Math.round(changes[seat].after)}`);
      }
    }
    await screenshot(a, 'rated-result');
    for (const seat of ['forehand', 'dealer'] as const) {
      const rating = await classicOf(ids[seat]);
      expect(rating.games).toBe(1);
      expect(rating.rd).toBeLessThan(350);
      expect(Math.round(rating.rating)).toBe(Math.round(changes[seat].after));
      expect(changes[seat].before).toBe(1500);
    }

    // The player page: the rating as the service says, a chart of one game, the export link.
    await a.locator('[data-testid=profile-link]').click();
    const row = a.locator('[data-testid=rating-classic]');
    await row.waitFor();
    const annaRating = await classicOf(anna.playerId);
    await expect(row.getAttribute('data-rating')).resolves.toBe(String(annaRating.rating));
    await expect(row.locator('[data-testid=rating-value]').textContent()).resolves.toBe(`${Math.round(annaRating.rating)} ± ${Math.round(annaRating.rd)}`);
    await expect(a.locator('[data-testid=rating-chart]').getAttribute('data-points')).resolves.toBe('1');
    await expect(a.locator('[data-testid=rating-chart] title').first().textContent()).resolves.toContain('Classic');
    await expect(a.locator(`[data-testid=recent-games] li[data-game-id="${gameId}"]`).count()).resolves.toBe(1);
    const exportHref = await a.locator('[data-testid=export-link]').getAttribute('href');
    expect(exportHref).toBe(`/v1/players/${anna.playerId}/games/export`);
    const exported = await web.service.http.get(exportHref!).expect(200);
    expect(exported.headers['content-type']).toMatch(/application\/x-ndjson/);
    const records = exported.text.trim().split('\n').map((l) => JSON.parse(l));
    expect(records).toHaveLength(1);
    expect(records[0].events.length).toBeGreaterThan(0);
    await screenshot(a, 'player-page');

    // The leaderboard: both, no longer provisional, with the service's ratings, highest first.
    await a.locator('[data-testid=leaderboard-link]').click();
    await a.locator('[data-testid=leaderboard] tbody tr').nth(1).waitFor();
    const listed = await a.locator('[data-testid=leaderboard] tbody tr').evaluateAll((rows) => rows.map((r) => ({ id: r.getAttribute('data-player-id'), rating: r.querySelector('[data-testid=leaderboard-rating]')?.getAttribute('data-rating') })));
    const server = await Promise.all([anna.playerId, bert.playerId].map(async (id) => ({ id, rating: String(Math.round((await classicOf(id)).rating)) })));
    for (const s of server) expect((await classicOf(s.id)).provisional).toBe(false);
    expect(listed.map((l) => l.id).sort()).toEqual([anna.playerId, bert.playerId].sort());
    for (const s of server) expect(listed.find((l) => l.id === s.id)?.rating).toBe(s.rating);
    expect(Number(listed[0].rating)).toBeGreaterThanOrEqual(Number(listed[1].rating));
    await screenshot(a, 'leaderboard');
    // Bots only: none here.
    await a.locator('[data-testid=bots-only]').click();
    await a.locator('[data-testid=leaderboard-empty]:not([hidden])').waitFor();

    expect(real(watches[0].problems)).toEqual([]);
    expect(real(watches[1].problems)).toEqual([]);
    await desktop.close();
    await phone.close();
  });
});
