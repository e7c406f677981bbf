// Chromium for the end-to-end tests: Debian's package at /usr/bin/chromium driven by
// playwright-core (which downloads no browser). Without it the browser suites are skipped with
// one line saying why — unless REQUIRE_BROWSER=1 (CI), where they fail instead.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { describe } from 'vitest';

/** Debian's Chromium (CHROMIUM_PATH points elsewhere, e.g. to check the skip on this machine). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const present = existsSync(CHROMIUM);
const required = process.env.REQUIRE_BROWSER === '1';

/** A describe that needs Chromium: skipped without it, failing without it under REQUIRE_BROWSER=1. */
export function browserSuite(name: string, body: () => void): void {
  if (!present && !required) {
    const reason = `skipped: no Chromium at ${CHROMIUM} (apt-get install chromium; REQUIRE_BROWSER=1 makes this a failure)`;
    console.warn(`${name}: ${reason}`);
    describe.skip(`${name} — ${reason}`, body);
    return;
  }
  describe(name, body);
}

/**
 * Chromium, headless, in a closed network. Playwright gives every launch a fresh temporary
 * profile (its own --user-data-dir); the background-networking flags keep Chromium from calling
 * out (its connections are refused here, and would show up as failed requests).
 */
export async function launchBrowser(): Promise<Browser> {
  if (!present) throw new Error(`REQUIRE_BROWSER=1, but there is no Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Phone and desktop, in the two languages the client speaks. */
export const PHONE = { viewport: { width: 360, height: 780 }, locale: 'de-DE', hasTouch: true };
export const DESKTOP = { viewport: { width: 1280, height: 900 }, locale: 'en-US' };
/** The phone every page must fit without horizontal overflow: 390 × 844, in English. */
export const PHONE_390 = { viewport: { width: 390, height: 844 }, locale: 'en-US', hasTouch: true, isMobile: true };

/**
 * Everything that went wrong on a page: console errors, uncaught exceptions, failed requests,
 * and answers with an error status. Every browser test ends with `expect(watch.problems).toEqual([])`.
 */
export class Watch {
  readonly problems: string[] = [];

  constructor(context: BrowserContext) {
    context.on('page', (page) => this.page(page));
    for (const page of context.pages()) this.page(page);
  }

  private page(page: Page): void {
    page.on('console', (m) => {
      if (m.type() === 'error') this.problems.push(`console error: ${m.text()}`);
    });
    page.on('pageerror', (e) => this.problems.push(`uncaught: ${e.message}`));
    page.on('requestfailed', (r) => this.problems.push(`failed request: ${r.method()} ${r.url()} (${r.failure()?.errorText})`));
    page.on('response', (r) => {
      if (r.status() >= 400) this.problems.push(`HTTP ${r.status()}: ${r.request().method()} ${r.url()}`);
    });
  }
}

/**
 * Problems other than a finished game's replay asking for an analysis nobody requested yet: its
 * GET …/analysis answers 404 ANALYSIS_NOT_FOUND, which Chromium also logs (without the address)
 * as a resource that failed to load. Any other 404 still shows as its own `HTTP 404` line.
 */
export const beyondUnrequestedAnalysis = (problems: readonly string[]): string[] =>
  problems.filter(
    (p) => !/^HTTP 404: GET \S+\/v1\/games\/[^/?]+\/analysis(\?lens=\w+)?$/.test(p) && p !== 'console error: Failed to load resource: the server responded with a status of 404 (Not Found)',
  );

const ARTEFACTS = fileURLToPath(new URL('../../../test-artifacts/screenshots/', import.meta.url));

/** A screenshot for people to look at (test-artifacts/, not committed): the whole page, or one part of it. */
export async function screenshot(page: Page, name: string, part?: Locator): Promise<void> {
  mkdirSync(ARTEFACTS, { recursive: true });
  const path = join(ARTEFACTS, `${name}.png`);
  await (part ? part.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
}

/** A screenshot of one part of a page (a panel), for people to look at. */
export async function screenshotOf(part: Locator, name: string): Promise<void> {
  mkdirSync(ARTEFACTS, { recursive: true });
  await part.screenshot({ path: join(ARTEFACTS, `${name}.png`) });
}
