// `npm run test:browser`: the web client in Debian's Chromium (test/web/), each suite with a service
// of its own. Without /usr/bin/chromium the suites are skipped with a reason (REQUIRE_BROWSER=1:
// they fail instead).
import { defineConfig } from 'vitest/config';
import { shared } from './vitest.shared.ts';

export default defineConfig({
  test: {
    ...shared,
    include: ['test/web/**/*.test.ts'],
    globalSetup: ['test/support/client-build.ts', 'test/support/db-template.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
