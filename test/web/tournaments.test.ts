// Tournaments in the browser: an account creates an arena with the form (a wrong field is said
// beside it), two people (desktop in English, a phone in German) and a bot join it; it starts by
// the clock, each person's game opens by itself, is played, the next one opens by itself, and the
// standings the page shows are the service's. A Swiss event of three rounds with five entrants
// (a person and four bots): a bye each round, the person's games open by themselves round after
// round, and the final standings stay on the page. The tournaments' minutes and ticks are
// shortened for the test (TOURNAMENT_MINUTE_MS, TOURNAMENT_TICK_MS).
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { accounts, createClient } from '@offiziersskat/client';
import { runTournamentBot } from '../../src/cli/tournament-bot.ts';
import { browserSuite, DESKTOP, screenshot, Watch } from './support/browser.ts';
import { takeTurn } from './support/play.ts';
import { testConfig } from '../support/service.ts';
import { webFixture } from './support/web-suite.ts';
import { PASSWORD, signInWith as signIn } from './support/sign-in.ts';

/** The phone of the issue: 390 × 844, German. */
const PHONE = { viewport: { width: 390, height: 844 }, locale: 'de-DE', hasTouch: true };
/**
 * An arena "minute" lasts 9 s here: the shortest arena (10 minutes) lasts 90 s, long enough for
 * what the test looks at mid-event on a loaded machine (the test ends by a withdrawal, not the clock).
 */
const MINUTE_MS = 9000;

interface Standing {
  playerId: string;
  score: number;
  games: number;
  rank: number;
  withdrawn: boolean;
}

browserSuite('the web client: tournaments', () => {
  const web = webFixture({ service: { config: { tournaments: { ...testConfig().tournaments, tickMs: 150, minuteMs: MINUTE_MS } } } });
  /** What a page failed at beyond the requests cut off by its own navigation (streams, polls). */
  const real = (problems: string[]) => problems.filter((p) => !/\(net::ERR_ABORTED\)$/.test(p));
  const tournamentOf = async (id: string) => (await web.service.http.get(`/v1/tournaments/${id}`).expect(200)).body;

  const signInWith = (page: Page, username: string) => signIn(page, web.service.url, username, ['[data-testid=tournaments-link]', '[data-testid=quick-pairing]']);

  /** No horizontal scrolling: the page is as wide as the screen. */
  const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  /** The standings as the page shows them: player, score, games. */
  const shownStandings = (page: Page) =>
    page.locator('[data-testid=tour-standings] tbody tr').evaluateAll((rows) => rows.map((r) => ({ playerId: r.getAttribute('data-player-id'), score: Number(r.getAttribute('data-score')), games: Number(r.getAttribute('data-games')) })));
  const sameStandings = async (page: Page, id: string) => {
    // The page follows the stream: wait until it shows what the service says (the service may move on meanwhile: ask again).
    for (let tries = 0; ; tries++) {
      const server = (await tournamentOf(id)).standings.map((s: Standing) => ({ playerId: s.playerId, score: s.score, games: s.games }));
      try {
        await page.waitForFunction((want) => {
          const rows = [...document.querySelectorAll('[data-testid=tour-standings] tbody tr')].map((r) => `${r.getAttribute('data-player-id')}:${r.getAttribute('data-score')}:${r.getAttribute('data-games')}`);
          return rows.join(',') === want;
        }, server.map((s: { playerId: string; score: number; games: number }) => `${s.playerId}:${s.score}:${s.games}`).join(','), { timeout: 10_000 });
        return server;
      } catch (e) {
        if (tries >= 3) throw new Error(`the page shows ${JSON.stringify(await shownStandings(page))}, the service ${JSON.stringify(server)}`, { cause: e });
      }
    }
  };

  /** What a table shows, for a failure's message: where, its status, whose turn, its version. */
  const tableState = (page: Page) =>
    page
      .evaluate(() => {
        const game = document.querySelector('.game');
        return `${location.pathname} status=${game?.getAttribute('data-status')} version=${game?.getAttribute('data-version')} turn="${document.querySelector('.status')?.textContent?.trim()}"`;
      })
      .catch((e: Error) => `unreadable (${e.message})`);

  /**
   * A person's short game: a couple of moves, then resigning (the arena counts it as any other
   * result). Keeps the test short on a loaded machine: how a full game is played in the browser
   * is the other suites' business.
   */
  /** The pages of the people playing, and why each one's last turn was not taken (for a failure's message). */
  const playing: Page[] = [];
  const refused = new Map<Page, string>();
  /** What each person's part of the test is doing. */
  const doing = new Map<Page, string>();
  const everyTable = async () => (await Promise.all(playing.map(async (p, i) => `page ${i}: ${await tableState(p)} doing ${doing.get(p)}${refused.has(p) ? ` (its last turn: ${refused.get(p)})` : ''}`))).join('; ');

  /**
   * The table of the game the page's address names: after the address changes, the table of the
   * game before may be shown for a moment, and its status is not this game's.
   */
  const tableOf = (page: Page) => page.locator(`.game[data-game-id="${/^\/play\/([^/]+)$/.exec(new URL(page.url()).pathname)?.[1] ?? ''}"][data-you]`);

  async function playShort(page: Page): Promise<void> {
    const game = tableOf(page);
    await game.waitFor();
    // This table only: the next game may open by itself the moment this one is over.
    const path = new URL(page.url()).pathname;
    const goingOn = async () => new URL(page.url()).pathname === path && (await game.getAttribute('data-status').catch(() => 'finished')) !== 'finished';
    let turns = 0;
    doing.set(page, `playShort at ${path}`);
    while (turns < 2 && (await goingOn())) {
      if (
        await takeTurn(page).catch((e: Error) => {
          refused.set(page, e.message.split('\n')[0] ?? '');
          return false;
        })
      )
        turns++;
      // The other side's move, the end, or the next game opening by itself (a bot's first move
      // there may be slow on a loaded machine: this table is left then).
      else
        await page
          .waitForFunction(
            (at) => location.pathname !== at || document.querySelector('.status.mine') !== null || document.querySelector('.game')?.getAttribute('data-status') === 'finished',
            path,
            { timeout: 45_000 },
          )
          .catch(async (e) => {
            throw new Error(`no turn came in 45 s: ${await tableState(page)}; ${await everyTable()}`, { cause: e });
          });
    }
    // Resigning, armed first; again if a move of the other side came in between and the page refused it.
    const end = Date.now() + 30_000;
    while (await goingOn()) {
      if (Date.now() > end) throw new Error(`could not resign: ${await page.locator('.notice').textContent().catch(() => '')}`);
      const confirm = page.locator('[data-testid=resign-confirm]');
      if ((await confirm.count()) > 0) await confirm.click().catch(() => {});
      else await page.locator('[data-testid=resign]').click().catch(() => {});
      await page.locator('.game[data-status=finished]').waitFor({ timeout: 2_000 }).catch(() => {});
    }
  }

  it('an arena: created with the form, two people and a bot, games opening by themselves, live standings', async () => {
    const api = createClient({ baseUrl: web.service.url });
    const annaId = (await accounts.signUp(api, { username: 'anna_arena', password: PASSWORD, name: 'Anna' })).playerId;
    const bertId = (await accounts.signUp(api, { username: 'bert_arena', password: PASSWORD, name: 'Bert' })).playerId;
    const desktop = await web.browser.newContext(DESKTOP);
    const phone = await web.browser.newContext(PHONE);
    const watches = [new Watch(desktop), new Watch(phone)];
    const a = await desktop.newPage();
    const b = await phone.newPage();
    await signInWith(a, 'anna_arena');
    await signInWith(b, 'bert_arena');

    // The form: a field out of range is said beside it, and nothing is sent.
    await a.locator('[data-testid=tournaments-link]').click();
    await a.locator('[data-testid=tour-form]').waitFor();
    await a.locator('#tour-name').fill('Advent arena');
    await a.locator('#tour-minutes').fill('5');
    await a.locator('[data-error-for=minutes]:not([hidden])').waitFor();
    await expect(a.locator('#tour-minutes').getAttribute('aria-invalid')).resolves.toBe('true');
    await a.locator('[data-testid=tour-create]').click();
    await expect(a.locator('[data-testid=tour-form]').count()).resolves.toBe(1);
    await a.locator('#tour-minutes').fill('10');
    await a.locator('[data-error-for=minutes][hidden]').waitFor({ state: 'attached' });
    await a.locator('#tour-turnSeconds').fill('60');
    // Starts in a few seconds (the picker shows minutes; its value takes seconds too).
    await a.locator('#tour-startsAt').evaluate((input: HTMLInputElement, at) => {
      input.value = at;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, localSeconds(new Date(Date.now() + 8_000)));
    await a.locator('[data-testid=tour-create]').click();
    await a.locator('.tournament[data-status=upcoming]').waitFor();
    const id = (await a.locator('.tournament').getAttribute('data-tournament-id'))!;
    await expect(a.locator('[data-testid=tour-clock]').textContent()).resolves.toMatch(/^Starts in 00:0\d$/);
    await screenshot(a, 'tournament-upcoming');
    await a.locator('[data-testid=tour-join]').click();
    await a.locator('[data-entrant=in]').waitFor();

    // Bert finds it in the list (German) and joins on his phone; the bot joins by the runner.
    await b.locator('[data-testid=tournaments-link]').click();
    await b.locator(`[data-testid=tour-list-upcoming] li[data-tournament-id="${id}"] a`).click();
    await b.locator('[data-testid=tour-join]').click();
    await b.locator('[data-entrant=in]').waitFor();
    await expect(b.locator('.tour-entry').textContent()).resolves.toContain('Du spielst mit');
    expect(await fitsWidth(b)).toBe(true);
    await screenshot(b, 'tournament-phone');
    const stopBot = new AbortController();
    const bot = runTournamentBot({ server: web.service.url, tournamentId: id, name: 'Arena bot', strategy: 'greedy', signal: stopBot.signal });

    try {
      // It starts by the clock; two of the three are paired at once, and a person's table opens by itself.
      const firstGames = await Promise.race([a, b].map((p) => p.waitForURL(/\/play\/[^/]+$/, { timeout: 30_000 }).then(() => p)));
      await firstGames.locator('.game[data-you]').waitFor();
      const started = await tournamentOf(id);
      expect(started.status).toBe('running');
      expect(started.pairings.length).toBeGreaterThan(0);

      // Each person plays a (short) game once paired; the one who waited is paired as soon as
      // another is free; a person whose game is over gets the next one by itself.
      const people = [a, b];
      playing.push(a, b);
      const gamesOf = async (playerId: string) => (await tournamentOf(id)).standings.find((s: Standing) => s.playerId === playerId)?.games ?? 0;
      const playedBy = new Map<Page, string>();
      const done = new Set<Page>();
      let allDone = () => {};
      const bothDone = new Promise<void>((resolve) => (allDone = resolve));
      await Promise.all(
        people.map(async (page) => {
          doing.set(page, 'waiting for its first game');
          await page.waitForURL(/\/play\/[^/]+$/, { timeout: 40_000 });
          playedBy.set(page, page.url());
          await playShort(page);
          done.add(page);
          if (done.size === people.length) allDone();
          // Until the other person's first game is over too, this one plays the games that open by
          // themselves: the arena may pair the two at once, and the other waits for this one's moves.
          while (done.size < people.length) {
            const at = page.url();
            // At a table: its own status (the one before may still be shown for a moment).
            const status = /^\/play\/[^/]+$/.test(new URL(at).pathname) ? await tableOf(page).getAttribute('data-status', { timeout: 30_000 }) : null;
            if (status !== null && status !== 'finished') await playShort(page);
            else {
              doing.set(page, `waiting to leave ${new URL(at).pathname}`);
              await Promise.race([bothDone, page.waitForURL((url) => url.href !== at, { timeout: 120_000 })]);
            }
          }
        }),
      );
      // The arena counts a game once it is over (its next tick at the latest).
      await expect.poll(() => gamesOf(annaId), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
      await expect.poll(() => gamesOf(bertId), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
      // The next game opens by itself at a finished table (the arena pairs them again at once).
      await Promise.race(people.map((p) => p.waitForURL((url) => url.href !== playedBy.get(p) && /\/play\/[^/]+$/.test(url.pathname), { timeout: 30_000 })));

      // The tournament's page, reached in the page (no reload): live standings, the service's.
      await a.locator('[data-testid=tournaments-link]').click();
      await a.locator(`[data-testid=tour-list-running] li[data-tournament-id="${id}"] a`).click();
      await a.locator('.tournament[data-status=running]').waitFor();
      await expect(a.locator('[data-testid=tour-clock]').textContent()).resolves.toMatch(/^Ends in \d\d:\d\d$/);
      await sameStandings(a, id);
      await a.locator('h2', { hasText: 'Games being played' }).waitFor();
      await screenshot(a, 'tournament-arena');

      // Anna withdraws: marked so, her score kept.
      await a.locator('[data-testid=tour-withdraw]').click();
      await a.locator('[data-entrant=withdrawn]').waitFor();
      const anna = (await tournamentOf(id)).standings.find((s: Standing) => s.playerId === annaId);
      expect(anna.withdrawn).toBe(true);
      await a.locator(`[data-testid=tour-standings] tr[data-player-id="${anna.playerId}"] [data-testid=withdrawn]`).waitFor();
      await expect(a.locator(`[data-testid=tour-standings] tr[data-player-id="${anna.playerId}"]`).getAttribute('data-games')).resolves.toBe(String(anna.games));
      // A game being played (Bert's with the bot) is there to watch: the spectator's table.
      const watch = a.locator('[data-testid=tour-games] [data-testid=tour-watch]', { hasText: 'Watch' }).first();
      if ((await watch.count()) > 0) {
        await watch.click();
        await a.locator('.game[data-you=spectator]').waitFor();
      }
    } finally {
      stopBot.abort();
      await bot.catch(() => {});
    }
    expect(real(watches[0].problems)).toEqual([]);
    expect(real(watches[1].problems)).toEqual([]);
    await desktop.close();
    await phone.close();
  }, 240_000);

  /**
   * A Swiss round's pairings as a visitor's phone (German, not signed in) shows them while
   * `gameId`, a pairing's game, is still being played: the service's round, one bye, that game.
   */
  async function roundShown(id: string, gameId: string): Promise<void> {
    const visitor = await web.browser.newContext(PHONE);
    const watch = new Watch(visitor);
    const page = await visitor.newPage();
    await page.goto(`${web.service.url}/tournaments/${id}`);
    await page.locator(`.tournament[data-status=running] [data-testid=tour-games] li[data-game-id="${gameId}"][data-finished=false]`).waitFor();
    const round = (await tournamentOf(id)).round;
    await expect(page.locator('h2', { hasText: `Paarungen der Runde ${round}` }).count()).resolves.toBe(1);
    await expect(page.locator('[data-testid=tour-games] li[data-bye=true]').count()).resolves.toBe(1);
    await expect(page.locator('[data-testid=tour-games] li:not([data-bye])').count()).resolves.toBe(2);
    await screenshot(page, 'tournament-swiss-round');
    expect(real(watch.problems)).toEqual([]);
    await visitor.close();
  }

  it('a Swiss of three rounds and five entrants: a bye each round, games open by themselves, the standings stay', async () => {
    const api = createClient({ baseUrl: web.service.url });
    const org = await accounts.signUp(api, { username: 'cleo_swiss', password: PASSWORD, name: 'Cleo' });
    const phone = await web.browser.newContext(PHONE);
    const watch = new Watch(phone);
    const page = await phone.newPage();
    await signInWith(page, 'cleo_swiss');
    // Everybody joins before the start (a Swiss event that starts with fewer than two ends at once).
    const tour = await api.withToken(org.token).request<{ id: string }>('POST', '/v1/tournaments', {
      body: { name: 'Schweizer Abend', system: 'swiss', variant: 'classic', turnSeconds: 60, startsAt: new Date(Date.now() + 15_000).toISOString(), rounds: 3, gamesPerRound: 1 },
    });
    const bots = ['Rot', 'Grün', 'Eichel', 'Schell'].map((name) => runTournamentBot({ server: web.service.url, tournamentId: tour.id, name, strategy: 'greedy' }));
    await page.goto(`${web.service.url}/tournaments/${tour.id}`);
    await page.locator('.tournament[data-status=upcoming] [data-testid=tour-join]').click();
    await page.locator('[data-entrant=in]').waitFor();
    await expect(page.locator('[data-testid=tour-clock]').textContent()).resolves.toMatch(/^Beginnt in 00:\d\d$/);

    // Round after round: Cleo's game opens by itself (she plays a short one), then she is back on
    // the tournament's page for the next. While her first game is on, its round cannot end: a
    // visitor's page (not signed in) shows that round's pairings, hers among them, and one bye.
    const played = new Set<string>();
    let pairingsSeen = false;
    for (;;) {
      const now = await tournamentOf(tour.id);
      if (now.status === 'finished') break;
      const path = new URL(page.url()).pathname;
      if (/^\/play\/[^/]+$/.test(path)) {
        played.add(path);
        if (!pairingsSeen) {
          await page.locator('.game[data-you]').waitFor();
          await roundShown(tour.id, path.slice('/play/'.length));
          pairingsSeen = true;
        }
        await playShort(page);
        // The next round's game opens by itself once every pairing has ended; or back to the page.
        await page.waitForURL((url) => url.pathname !== path, { timeout: 3_000 }).catch(() => page.goto(`${web.service.url}/tournaments/${tour.id}`));
        continue;
      }
      if (!path.endsWith(`/tournaments/${tour.id}`)) await page.goto(`${web.service.url}/tournaments/${tour.id}`);
      await page.waitForURL(/\/play\/[^/]+$/, { timeout: 3_000 }).catch(() => {});
    }

    const summaries = await Promise.all(bots);
    const final = await tournamentOf(tour.id);
    expect(final.status).toBe('finished');
    expect(final.round).toBe(3);
    expect(pairingsSeen).toBe(true);
    // Three rounds of two games and a bye: six games; every entrant in every round, a bye at most
    // once, so three entrants played two games and two played three.
    const records = (await web.service.http.get(`/v1/tournaments/${tour.id}/games/export`).expect(200)).text.trim().split('\n').map((l) => JSON.parse(l));
    expect(records).toHaveLength(6);
    const gamesOf = (playerId: string) => records.filter((r) => r.players.forehand.playerId === playerId || r.players.dealer.playerId === playerId).length;
    expect(final.standings.map((s: Standing) => gamesOf(s.playerId)).sort()).toEqual([2, 2, 2, 3, 3]);
    // Each of Cleo's games opened by itself on her page.
    expect(played.size).toBe(gamesOf(org.playerId));
    for (const bot of summaries) expect(bot.standing?.rank).toBe(final.standings.find((s: Standing) => s.playerId === bot.playerId).rank);

    // The final standings on the page: the service's, under their title.
    await page.goto(`${web.service.url}/tournaments/${tour.id}`);
    await page.locator('.tournament[data-status=finished]').waitFor();
    await expect(page.locator('h2', { hasText: 'Endstand' }).count()).resolves.toBe(1);
    await sameStandings(page, tour.id);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'tournament-swiss-final');
    expect(real(watch.problems)).toEqual([]);
    await phone.close();
  }, 150_000);
});

/** A local date and time with seconds, as <input type=datetime-local step=1> takes it. */
function localSeconds(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}T${p(at.getHours())}:${p(at.getMinutes())}:${p(at.getSeconds())}`;
}
