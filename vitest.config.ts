import { defineConfig } from 'vitest/config';

// .ci/run's second and third database legs set TEST_DATABASE_ONLY=1: the suites that touch no
// database (the engine, the bots and their solver, the web client's units) ran in the first leg.
const DATABASE_FREE = ['src/engine/**', 'src/bots/**', 'web/src/**'];
const databaseOnly = process.env.TEST_DATABASE_ONLY === '1';
// .ci/run's pooler leg sets TEST_WITHOUT_BROWSER=1: the web client's browser tests ran on PGlite
// and on Postgres before it; through the pooler they would only repeat the API calls the other
// suites make there (without them the leg took 584 s instead of 792).
const BROWSER = ['test/web/**'];
const withoutBrowser = process.env.TEST_WITHOUT_BROWSER === '1';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'web/**/*.test.ts'],
    // Checks every answer of a test service against openapi/openapi.json.
    setupFiles: ['test/support/setup.ts'],
    // On PGlite, says which Postgres-only suites are skipped, and why.
    globalSetup: ['test/support/skipped-on-pglite.ts'],
    // Each service checks its own answers and stream messages too, whoever the client is
    // (src/platform/http/answer-validation.ts); child processes and worker threads inherit the switch.
    env: { VALIDATE_RESPONSES: '1' },
    // The fault suite starts servers of its own and runs alone: `npm run test:faults`.
    exclude: ['**/node_modules/**', 'test/faults/**', ...(databaseOnly ? DATABASE_FREE : []), ...(withoutBrowser ? BROWSER : [])],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
