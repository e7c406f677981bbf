// The fixture of the browser suites: the web client built, a test service and Chromium, started
// once before a suite's tests and closed after them.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestService, type TestService } from '../../support/service.ts';
import { launchBrowser } from './browser.ts';
import { ensureWebBuild } from './build.ts';

/** Building the client (vite) and starting the service and Chromium: well over a minute on a loaded machine. */
const SETUP_MS = 240_000;

export interface WebFixture {
  readonly service: TestService;
  readonly browser: Browser;
}

export interface WebFixtureOptions {
  /** Whether the suite needs the web client built (default true; /docs does not). */
  build?: boolean;
  /** The test service's options. */
  service?: Parameters<typeof startTestService>[0];
}

/** Call inside a `browserSuite`: its tests then read `service` and `browser` from the fixture. */
export function webFixture(options: WebFixtureOptions = {}): WebFixture {
  let service: TestService | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (options.build !== false) await ensureWebBuild();
    service = await startTestService(options.service);
    browser = await launchBrowser();
  }, SETUP_MS);
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });
  const started = <T>(part: T | undefined, name: string): T => {
    if (part === undefined) throw new Error(`the web fixture's ${name} is not started: read it inside a test or hook`);
    return part;
  };
  return {
    get service() {
      return started(service, 'service');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
}
