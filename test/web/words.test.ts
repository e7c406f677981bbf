// The words a person reads (issue 22), in Chromium: the contract in full with its trump, kontra
// and re on a phone and on a desktop; the untouched stock of a hand game counted for the declarer
// at the end, with its points and why; an open match found in the lobby and joined from there, its
// page asking the joining player to join.
import { expect, it } from 'vitest';
import { pointsOf, type Move, type Seat } from '../../src/engine/index.ts';
import { Client } from '../support/service.ts';
import { browserSuite, DESKTOP, PHONE, screenshot } from './support/browser.ts';
import { webFixture } from './support/web-suite.ts';

browserSuite('the web client: words', () => {
  const web = webFixture();

  it('shows the whole contract (trump, Kontra, Re) on a phone and on a desktop', async () => {
    const client = new Client(web.service.http);
    const { gameId, bySeat } = await client.startedGame({ kontra: true });
    // Forehand cuts and declares clubs; the dealer says Kontra, forehand Re.
    for (let i = 0; i < 12; i++) {
      const spectator = (await client.view(gameId)).body;
      if (spectator.status === 'playing' || !spectator.toMove) break;
      const seat = spectator.toMove as 'forehand' | 'dealer';
      const legal: { type: string; game?: string; schneider?: boolean }[] = (await client.view(gameId, bySeat[seat])).body.legalMoves;
      const move =
        legal.find((m) => m.type === 'declare' && m.game === 'clubs' && !m.schneider) ?? legal.find((m) => m.type === 'kontra') ?? legal.find((m) => m.type === 're') ?? legal[0];
      await client.move(gameId, bySeat[seat], move).expect(200);
    }
    const contract = (await client.view(gameId)).body.contract;
    expect(contract).toMatchObject({ game: 'clubs', kontra: true, re: true });

    for (const [device, words] of [
      [PHONE, ['Trumpf: Kreuz', 'Kontra', 'Re']],
      [DESKTOP, ['Trump: Clubs', 'Kontra', 'Re']],
    ] as const) {
      const context = await web.browser.newContext(device);
      const page = await context.newPage();
      await page.goto(`${web.service.url}/play/${gameId}`);
      const label = page.locator('[data-testid=contract]');
      await label.waitFor();
      const shown = await label.locator('.word').allTextContents();
      for (const w of words) expect(shown).toContain(w);
      // Nothing cut off: every word is as wide as it needs, inside the label.
      const clipped = await label.evaluate((el) => [el, ...el.querySelectorAll('.word')].some((x) => x.scrollWidth > x.clientWidth + 1));
      expect(clipped).toBe(false);
      await screenshot(page, `contract-${device === PHONE ? 'phone' : 'desktop'}`);
      await context.close();
    }
  });

  it('after a hand game shows the stock’s points for the declarer and why; the declarer’s tally is the result’s', async () => {
    const client = new Client(web.service.http);
    // A practice deal (a seed): the same cards every run, a stock worth points.
    const { gameId, bySeat } = await client.startedGame({ variant: 'bidding', seed: 'c0ffee'.padEnd(64, '0') });
    // A bid, a hold, a pass; the declarer plays grand hand (the stock untouched); then the first legal card.
    for (let i = 0; i < 80; i++) {
      const spectator = (await client.view(gameId)).body;
      if (spectator.status === 'finished' || !spectator.toMove) break;
      const seat = spectator.toMove as Seat;
      const mine = (await client.view(gameId, bySeat[seat])).body;
      const legal: Move[] = mine.legalMoves;
      const move =
        legal.find((m) => m.type === 'declare' && m.game === 'grand' && m.hand && !m.schneider) ??
        legal.find((m) => m.type === 'hold') ??
        (mine.bidding?.value ? undefined : legal.find((m) => m.type === 'bid')) ??
        legal.find((m) => m.type === 'pass') ??
        legal[0];
      await client.move(gameId, bySeat[seat], move!).expect(200);
    }
    const view = (await client.view(gameId)).body;
    expect(view.status).toBe('finished');
    expect(view.contract).toMatchObject({ game: 'grand', hand: true });
    const declarer = view.result.declarer as Seat;
    const name = view.players[declarer].name;
    const stock = pointsOf(view.stock);
    expect(stock, 'this deal’s stock is worth points').toBeGreaterThan(0);

    for (const [device, label, tally] of [
      [DESKTOP, `Stock (Skat): ${stock} points for ${name}, who played hand: the untouched stock counts for the declarer`, `${view.result.declarerPoints} points`],
      [PHONE, `Skat: ${stock} Augen für ${name}, der Hand spielt: der liegen gebliebene Skat zählt für den Alleinspieler`, `${view.result.declarerPoints} Augen`],
    ] as const) {
      const context = await web.browser.newContext(device);
      const page = await context.newPage();
      await page.goto(`${web.service.url}/play/${gameId}`);
      await page.locator('[data-testid=result]').waitFor();
      await expect(page.locator('[data-testid=stock] .label').textContent()).resolves.toBe(label);
      await expect(page.locator(`[data-testid=tally-${declarer}]`).textContent()).resolves.toContain(tally);
      await context.close();
    }
  });

  it('lists an open match in the lobby; its page asks the joining player to join', async () => {
    const client = new Client(web.service.http);
    const anna = await client.player('Anna');
    const match = (await web.service.http.post('/v1/matches').set(anna.auth).send({ games: 3 }).expect(201)).body;
    const context = await web.browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${web.service.url}/`);
    await page.locator('#name').fill('Bert');
    await page.locator('form.sign-in button[type=submit]').click();
    const entry = page.locator(`li[data-match-id="${match.id}"]`);
    await entry.waitFor();
    await expect(entry.textContent()).resolves.toContain('Match of 3 games');
    await screenshot(page, 'lobby-open-match');
    await entry.locator('a').click();
    await page.locator('[data-testid=join-match]').waitFor();
    const text = await page.locator('.match .waiting').textContent();
    expect(text).toContain('Anna waits for a second player');
    expect(text).not.toContain('share this page');
    await page.locator('[data-testid=join-match]').click();
    await page.waitForURL(/\/play\/(?!match)/);
    await context.close();
  });

  it("names the player who joins, in the notice and at the table", async () => {
    const context = await web.browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${web.service.url}/`);
    await page.locator('#name').fill('Carla');
    await page.locator('form.sign-in button[type=submit]').click();
    await page.locator('[data-testid=open-game]').click();
    await page.locator('.game[data-status=waiting]').waitFor();
    const gameId = page.url().split('/play/')[1];
    const dora = await new Client(web.service.http).player('Dora');
    await web.service.http.post(`/v1/games/${gameId}/join`).set(dora.auth).expect(200);
    await page.locator('.game:not([data-status=waiting])').waitFor();
    await expect.poll(() => page.locator('[data-testid=notice]').textContent()).toContain('Dora takes a seat');
    await expect(page.locator('.seat-info .name').allTextContents()).resolves.toContain('Dora');
    await context.close();
  });
});
