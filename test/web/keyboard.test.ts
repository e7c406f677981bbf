// A whole game against the computer with the keyboard alone, as a player without sight plays it:
// Tab to a control, Enter to use it, and nothing seen but what the table's live region says. It
// must have said every card played, every trick taken, whose turn it was and the result, in the
// game's order and each once.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { beyondUnrequestedAnalysis, browserSuite, Watch } from './support/browser.ts';
import { webFixture } from './support/web-suite.ts';

/** Tab presses it took to reach each card played (the table puts the keyboard on one). */
const tabsToCards: number[] = [];

/** Presses Tab until the element with the keyboard matches `selector` (false if it never does). */
async function tabTo(page: Page, selector: string, most = 80): Promise<boolean> {
  for (let i = 0; i < most; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) {
      if (selector.startsWith('button.card[data-legal]')) tabsToCards.push(i);
      return true;
    }
    await page.keyboard.press('Tab');
  }
  return false;
}

/** The element with the keyboard: its name, whether it is a card and whether it says it cannot be used. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement;
    return { card: e?.matches('button.card') ?? false, name: e?.getAttribute('aria-label') ?? '', disabled: e?.getAttribute('aria-disabled') === 'true', legal: e?.hasAttribute('data-legal') ?? false };
  });

/**
 * The player's cards as Tab goes through them: back to the first (Shift+Tab), then forward to
 * the last, then back to a playable one. What each said: its name and whether it can be played.
 */
type Heard = { name: string; disabled: boolean; legal: boolean };
async function walkCards(page: Page): Promise<{ cards: Heard[]; shown: number }> {
  while ((await focused(page)).card) await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  const cards: Heard[] = [];
  for (let now = await focused(page); now.card; now = await focused(page)) {
    cards.push({ name: now.name, disabled: now.disabled, legal: now.legal });
    await page.keyboard.press('Tab');
  }
  do await page.keyboard.press('Shift+Tab');
  while (!(await page.evaluate(() => document.activeElement?.matches('button.card[data-legal]') ?? false)));
  return { cards, shown: await page.locator('.seat.bottom button.card').count() };
}
const walked = new Set<Page>();
const heard = new Map<Page, { cards: Heard[]; shown: number }>();

const version = (page: Page) => page.locator('.game').getAttribute('data-version');

/** One decision or card by Tab and Enter; false when it is not this player's turn. */
async function keyboardTurn(page: Page): Promise<boolean> {
  const status = await page.locator('.game').getAttribute('data-status');
  if (status === 'finished' || (await page.locator('.status.mine').count()) === 0) return false;
  const before = await version(page);
  const press = async (selector: string) => {
    if (!(await tabTo(page, selector))) throw new Error(`Tab never reached ${selector} (status ${status})`);
    await page.keyboard.press('Enter');
  };
  if ((await page.locator('.decision [data-move=discard]').count()) > 0) {
    // Two cards to lay away: each chosen with Enter (the table stays; the choice is pressed).
    for (const n of [1, 2]) {
      await press('button.card.selectable[aria-pressed=false]');
      await page.locator('button.card.selectable[aria-pressed=true]').nth(n - 1).waitFor();
    }
    await press('.decision [data-move=discard]:not([disabled])');
  } else if ((await page.locator('.decision').count()) > 0) {
    // Bidding stays short: a first bid, then a pass once the other has raised.
    const raised = (await page.locator('.decision .bid-status').count()) > 0 && (await page.locator('.decision [data-move=bid]').count()) > 0;
    await press(raised ? '.decision [data-move=pass]' : '.decision button.move:not([disabled])');
  } else if (status === 'playing') {
    if (!walked.has(page)) {
      walked.add(page);
      heard.set(page, await walkCards(page));
    }
    await press('button.card[data-legal]:not([aria-disabled])');
  } else return false;
  await page.waitForFunction((v) => document.querySelector('.game')?.getAttribute('data-version') !== v || document.querySelector('.notice .error') !== null, before, { timeout: 15_000 });
  const error = page.locator('.notice .error');
  if ((await error.count()) > 0) throw new Error(`the page refused a move: ${await error.textContent()}`);
  return true;
}

/** What the live region says in each language (the page's words, web/src/i18n.ts). */
const SPEECH = {
  en: {
    context: { viewport: { width: 1280, height: 800 }, locale: 'en-US' },
    play: /^(Ida|Computer) plays (Seven|Eight|Nine|Ten|Jack|Queen|King|Ace) of (Clubs|Spades|Hearts|Diamonds)$/,
    card: /^(Seven|Eight|Nine|Ten|Jack|Queen|King|Ace) of (Clubs|Spades|Hearts|Diamonds)(, key \w)?$/,
    trick: (name: string, n: number) => `${name} takes the trick (${n} points)`,
    isTrick: / takes the trick /,
    yourTurn: 'Your turn',
    theirTurn: 'Computer to move',
    step: /^Event 1 of \d+: \S/,
    lastStep: /^Event (\d+) of \1: \S/,
  },
  de: {
    context: { viewport: { width: 390, height: 844 }, locale: 'de-DE', hasTouch: true },
    play: /^(Ida|Computer) spielt (Kreuz|Pik|Herz|Karo) (Sieben|Acht|Neun|Zehn|Bube|Dame|König|Ass)$/,
    card: /^(Kreuz|Pik|Herz|Karo) (Sieben|Acht|Neun|Zehn|Bube|Dame|König|Ass)(, Taste \w)?$/,
    trick: (name: string, n: number) => `${name} bekommt den Stich (${n} Augen)`,
    isTrick: / bekommt den Stich /,
    yourTurn: 'Du bist am Zug',
    theirTurn: 'Computer ist am Zug',
    step: /^Ereignis 1 von \d+: \S/,
    lastStep: /^Ereignis (\d+) von \1: \S/,
  },
};

browserSuite('the web client: a game by keyboard and live region alone', () => {
  const web = webFixture();

  it.each(Object.entries(SPEECH))('plays a bidding game against the computer by Tab and Enter; the live region says cards, tricks, turns, result (%s)', { timeout: 300_000 }, async (_, speech) => {
    const context = await web.browser.newContext(speech.context);
    const watch = new Watch(context);
    const page = await context.newPage();
    await page.goto(`${web.service.url}/`);

    // Sign in as a guest: Tab to the name, type it, Enter.
    expect(await tabTo(page, '#name')).toBe(true);
    await page.keyboard.type('Ida');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=play-computer]').waitFor();
    // The options by keyboard: the bidding variant, first seat (arrow keys change a focused select).
    expect(await tabTo(page, 'select[name=variant]')).toBe(true);
    await page.keyboard.press('End');
    await expect(page.locator('select[name=variant]').inputValue()).resolves.toBe('bidding');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('seat');
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('select[name=seat]').inputValue()).resolves.toBe('forehand');
    expect(await tabTo(page, '[data-testid=play-computer]')).toBe(true);
    await page.keyboard.press('Enter');
    await page.locator('.game[data-you]').waitFor();
    const gameId = new URL(page.url()).pathname.split('/').pop()!;

    // Everything the live region says, line by line, from now on.
    await page.evaluate(() => {
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      new MutationObserver((changes) => {
        for (const c of changes) for (const n of c.addedNodes) if (n.parentElement?.matches('[data-testid=announcer]')) said.push(n.textContent ?? '');
      }).observe(document.body, { childList: true, subtree: true });
    });

    // Play: our turns by keyboard; the computer's seat is played by the page itself.
    for (let turns = 0; (await page.locator('.game').getAttribute('data-status')) !== 'finished'; ) {
      if (await keyboardTurn(page)) turns++;
      else await page.waitForFunction(() => document.querySelector('.status.mine') !== null || document.querySelector('.game')?.getAttribute('data-status') === 'finished', null, { timeout: 20_000 });
      expect(turns).toBeLessThan(100);
    }
    // When the turn came, the keyboard was already on a card to play (no Tab needed).
    expect(new Set(tabsToCards.splice(0))).toEqual(new Set([0]));
    // Tab went through every card of the player's own, each named, the unplayable ones saying so.
    const { cards, shown } = heard.get(page)!;
    expect(cards.length).toBe(shown);
    for (const c of cards) {
      expect(c.name).toMatch(speech.card);
      expect(c.disabled).toBe(!c.legal);
    }
    const headline = (await page.locator('[data-testid=result] .headline').textContent())!;
    await page.waitForFunction((h) => ((window as unknown as { said: string[] }).said ?? []).includes(h), headline, { timeout: 10_000 });
    const said: string[] = await page.evaluate(() => (window as unknown as { said: string[] }).said);

    // Every card played (by its name: "Queen of Hearts", "Herz Dame", never a code) and every trick
    // taken, once each and in the game's order, as the record has them.
    const record = (await web.service.http.get(`/v1/games/${gameId}/record`).expect(200)).body;
    const names = { forehand: record.players.forehand.name === 'Ida' ? 'Ida' : 'Computer', dealer: record.players.dealer.name === 'Ida' ? 'Ida' : 'Computer' };
    const plays = said.filter((l) => speech.play.test(l));
    const tricks = said.filter((l) => speech.isTrick.test(l));
    const events = record.events.map((e: { event: { type: string } }) => e.event);
    expect(plays.length).toBeGreaterThan(0);
    expect(plays.length).toBe(events.filter((e: { type: string }) => e.type === 'played').length);
    expect(tricks).toEqual(
      events.filter((e: { type: string }) => e.type === 'trickTaken').map((e: { winner: 'forehand' | 'dealer'; points: number }) => speech.trick(names[e.winner], e.points)),
    );
    // Whose turn: both said; the result at the end.
    expect(said).toContain(speech.yourTurn);
    expect(said).toContain(speech.theirTurn);
    expect(said.at(-1)).toBe(headline);
    // Nothing said twice in a row (a drawing of the table says nothing new).
    for (let i = 1; i < said.length; i++) expect(said[i], `line ${i}: ${said[i]}`).not.toBe(said[i - 1]);

    // The replay says each step as the keys take it: one event on, then to the end.
    await page.goto(`${web.service.url}/replay/${gameId}`);
    await page.locator('[data-testid=replay-step][data-at="0"]').waitFor();
    const replaySaid = () => page.locator('[data-testid=replay-announcer] p').allTextContents();
    await page.keyboard.press('ArrowRight');
    await page.locator('[data-testid=replay-announcer] p').first().waitFor();
    const [step1] = await replaySaid();
    expect(step1).toMatch(speech.step);
    // The same sentence as the step line the page shows.
    expect(step1.split(': ').slice(1).join(': ')).toBe((await page.locator('[data-testid=replay-step]').textContent())!.split(' — ')[1]);
    // To the end by its button (Tab, Enter): said, and the keyboard stays on the button, now inert.
    expect(await tabTo(page, '[data-testid=replay-last]')).toBe(true);
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=replay-announcer] p').nth(1).waitFor();
    expect((await replaySaid())[1]).toMatch(speech.lastStep);
    await expect(page.evaluate(() => [document.activeElement?.getAttribute('data-testid'), document.activeElement?.getAttribute('aria-disabled')])).resolves.toEqual(['replay-last', 'true']);
    // Beyond the streams the page's own navigation cut off.
    expect(beyondUnrequestedAnalysis(watch.problems).filter((p) => !/\(net::ERR_ABORTED\)$/.test(p))).toEqual([]);
    await context.close();
  });
});
