// Playing in the browser the way a person does: decisions by clicking their buttons, cards by
// pressing the key printed on them (or clicking), nothing else.
import type { Page } from 'playwright-core';

const version = (page: Page) => page.locator('.game').getAttribute('data-version');

/**
 * One move if it is this page's player's turn; false when there is nothing to do now. Bidding
 * stays short: the first bid, a hold, then a pass. `cards`: play cards with keys or clicks.
 */
export async function takeTurn(page: Page, cards: 'keys' | 'clicks' = 'keys'): Promise<boolean> {
  const status = await page.locator('.game').getAttribute('data-status');
  if (status === null || status === 'finished' || status === 'waiting') return false;
  if ((await page.locator('.status.mine').count()) === 0) return false;
  const before = await version(page);
  const decision = page.locator('.decision');
  if ((await decision.count()) > 0) {
    if ((await page.locator('.decision [data-move=discard]').count()) > 0) {
      await page.locator('button.card.selectable[aria-pressed=false]').first().click();
      await page.locator('button.card.selectable[aria-pressed=false]').first().click();
      await page.locator('.decision [data-move=discard]').click();
    } else {
      const raised = (await page.locator('.decision .bid-status').count()) > 0 && (await page.locator('.decision [data-move=bid]').count()) > 0;
      const button = raised ? page.locator('.decision [data-move=pass]') : page.locator('.decision button.move:not([disabled])').first();
      await button.click();
    }
  } else {
    const legal = page.locator('button.card[data-legal]').first();
    if ((await legal.count()) === 0) return false;
    if (cards === 'keys') await page.keyboard.press((await legal.getAttribute('data-key'))!);
    else await legal.click();
  }
  await page.waitForFunction(
    (v) => document.querySelector('.game')?.getAttribute('data-version') !== v || document.querySelector('.notice .error') !== null,
    before,
    { timeout: 15_000 },
  );
  const error = page.locator('.notice .error');
  if ((await error.count()) > 0) throw new Error(`the page refused a move: ${await error.textContent()}`);
  return true;
}

/** Plays every page's side until all of them show the finished game. */
export async function playToTheEnd(pages: Page[], options: { cards?: 'keys' | 'clicks'; onTurn?: (page: Page, n: number) => Promise<void> } = {}): Promise<number> {
  let moves = 0;
  for (;;) {
    const statuses = await Promise.all(pages.map((p) => p.locator('.game').getAttribute('data-status')));
    if (statuses.every((s) => s === 'finished')) return moves;
    let moved = false;
    for (const page of pages) {
      if (await takeTurn(page, options.cards)) {
        moved = true;
        moves++;
        await options.onTurn?.(page, moves);
      }
    }
    // Nobody here may move: the other side (a person, the computer) is thinking.
    if (!moved)
      await Promise.race(
        pages.map((p) =>
          p.waitForFunction(() => document.querySelector('.status.mine') !== null || document.querySelector('.game')?.getAttribute('data-status') === 'finished', null, { timeout: 20_000 }),
        ),
      );
  }
}
