// Two people in two browsers: one opens a game (the bidding variant: bid, hold, pass, the stock,
// laying away) on a phone in German, the other finds it in the lobby on a desktop in English,
// joins, and both play it to the end; each sees the other's moves live, from the game's stream.
// The stock is said in words, and at the end the laid-away cards show their points and why they
// count for the declarer, as the result counts them.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { pointsOf } from '../../src/engine/index.ts';
import { browserSuite, DESKTOP, PHONE, screenshot, Watch } from './support/browser.ts';
import { webFixture } from './support/web-suite.ts';
import { playToTheEnd, takeTurn } from './support/play.ts';

browserSuite('the web client: two players', () => {
  const web = webFixture();

  async function signIn(page: Page, name: string) {
    await page.goto(`${web.service.url}/`);
    await page.locator('#name').fill(name);
    await page.locator('form.sign-in button[type=submit]').click();
    await page.locator('[data-testid=open-game]').waitFor();
  }

  it('a game opened in one browser is joined from the lobby of another and played out by both', async () => {
    const phone = await web.browser.newContext(PHONE);
    const desktop = await web.browser.newContext(DESKTOP);
    const watches = [new Watch(phone), new Watch(desktop)];
    const anna = await phone.newPage();
    const bert = await desktop.newPage();

    await signIn(anna, 'Anna');
    await anna.locator('select[name=variant]').selectOption('bidding');
    await anna.locator('select[name=scoring]').selectOption('simple');
    await anna.locator('[data-testid=open-game]').click();
    await anna.locator('.game[data-status=waiting]').waitFor();
    const gameId = anna.url().split('/play/')[1];
    await expect(anna.locator('[data-testid=status]').textContent()).resolves.toContain('Warte auf einen Gegner');

    await signIn(bert, 'Bert');
    const entry = bert.locator(`li[data-game-id="${gameId}"]`);
    await entry.waitFor();
    await expect(entry.textContent()).resolves.toContain('With bidding');
    await screenshot(bert, 'lobby-desktop');
    await entry.locator('[data-testid=join]').click();
    await bert.locator('.game:not([data-status=waiting])').waitFor();
    // Anna's page learns of the join from the stream, without a reload.
    await anna.locator('.game:not([data-status=waiting])').waitFor();

    // Forehand cuts; then the dealer says first: its page shows the bid ladder.
    const [forehand, dealer] = (await anna.locator('.game').getAttribute('data-you')) === 'forehand' ? [anna, bert] : [bert, anna];
    await forehand.locator('.decision [data-move=cut]').waitFor();
    expect(await takeTurn(forehand, 'clicks')).toBe(true);
    await dealer.locator('.decision select').waitFor();
    await screenshot(dealer, 'bidding');
    // The stock in words, in the page's language, never "▮, ▮": the deal's last news, and its place on the table.
    const german = dealer === anna;
    await dealer.locator('[data-testid=notice]', { hasText: german ? /^Zwei Karten gehen verdeckt in den Skat: der Alleinspieler darf sie aufnehmen/ : /^Two cards go face down to the stock \(Skat\): the declarer may pick them up/ }).waitFor();
    await expect(dealer.locator('[data-testid=stock] .label').textContent()).resolves.toBe(
      german ? 'Skat: der Alleinspieler nimmt ihn auf, oder er zählt im Handspiel für ihn' : 'Stock (Skat): picked up by the declarer, or counted for it in a hand game',
    );
    expect(await dealer.locator('.game').textContent()).not.toContain('▮');

    let tableShot = false;
    await playToTheEnd([anna, bert], {
      cards: 'clicks',
      onTurn: async (page, n) => {
        if (!tableShot && n > 12 && page === bert) {
          tableShot = true;
          await screenshot(bert, 'table-desktop');
        }
      },
    });

    // Both see the same end (a passed-in game is possible: then there is no declarer).
    for (const page of [anna, bert]) await page.locator('[data-testid=result]').waitFor();
    const view = (await web.service.http.get(`/v1/games/${gameId}`).expect(200)).body;
    expect(view.status).toBe('finished');
    const scores = async (page: Page) => (await page.locator('.result .scores').textContent())!.replace(/[^\d+−-]/g, '');
    expect(await scores(anna)).toBe(await scores(bert));
    await expect(bert.locator('.result .headline').textContent()).resolves.toMatch(/won|lost|Passed in|A draw|resigned/);

    // The declarer picked up the stock (the pages' first choice) and laid two cards away: at the
    // end both tables show them with their points and why they count, and the declarer's tally is
    // the result's figure.
    const declarer = view.result.declarer as 'forehand' | 'dealer';
    const laidAway = pointsOf(view.discards);
    const name = view.players[declarer].name;
    await expect(anna.locator('[data-testid=discards] .label').textContent()).resolves.toBe(`Gedrückt: ${laidAway} Augen für ${name}: gedrückte Karten zählen für den Alleinspieler`);
    await expect(bert.locator('[data-testid=discards] .label').textContent()).resolves.toBe(`Laid away: ${laidAway} points for ${name}: the cards the declarer lays away count for the declarer`);
    await expect(anna.locator(`[data-testid=tally-${declarer}]`).textContent()).resolves.toContain(`${view.result.declarerPoints} Augen`);
    await expect(bert.locator(`[data-testid=tally-${declarer}]`).textContent()).resolves.toContain(`${view.result.declarerPoints} points`);
    for (const w of watches) expect(w.problems).toEqual([]);
    await phone.close();
    await desktop.close();
  });
});
