// Signing in through the web client's own form, as a person does: the browser suites' accounts
// all share one passphrase.
import type { Page } from 'playwright-core';

export const PASSWORD = 'a long and unusual passphrase 7';

/**
 * Opens the lobby at `baseUrl`, signs in as `username` with PASSWORD and waits until every
 * selector in `ready` is drawn (what the test reads next: signed-in parts of the lobby).
 */
export async function signInWith(page: Page, baseUrl: string, username: string, ready: readonly string[]): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('[data-testid=sign-in]').click();
  for (const selector of ready) await page.locator(selector).waitFor();
}
