import { defineConfig } from 'vitest/config';

// .ci/run's second and third database legs set TEST_DATABASE_ONLY=1: the suites that touch no
// database (the engine, the bots and their solver, the tournaments' pairings and standings, the
// web client's units, the client package's units) ran in the first leg.
const DATABASE_FREE = ['src/engine/**', 'src/bots/**', 'src/tournaments/{blossom,swiss,arena,standings}.test.ts', 'web/src/**', 'packages/*/src/**'];
const databaseOnly = process.env.TEST_DATABASE_ONLY === '1';
// .ci/run's Postgres and pooler legs set TEST_WITHOUT_BROWSER=1: the web client's browser tests ran
// on PGlite; on a server they would only repeat the API calls the other suites make there (without
// them the pooler leg took 584 s instead of 792).
const BROWSER = ['test/web/**'];
const withoutBrowser = process.env.TEST_WITHOUT_BROWSER === '1';

// The pooler leg (DATABASE_POOL_MODE=transaction) repeats what touches the database's sessions
// (transactions, LISTEN, advisory locks, races between processes); the suites below check what the
// HTTP layer answers (views' redaction over many games, the schema fuzzer, the document, the
// walkthroughs) and ran on both databases already: once there keeps .ci/run within its budget.
const POOLER_REPEATS = [
  'test/http/redaction*.test.ts',
  'test/http/schema-fuzz*.test.ts',
  'test/http/request-bounds.test.ts',
  'test/http/openapi*.test.ts',
  'test/http/series-openapi.test.ts',
  'test/http/docs.test.ts',
  'test/readme.test.ts',
];
const poolerLeg = process.env.DATABASE_POOL_MODE === 'transaction';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'test/**/*.test.ts', 'web/**/*.test.ts'],
    // Checks every answer of a test service against openapi/openapi.json.
    setupFiles: ['test/support/setup.ts'],
    // On PGlite, says which Postgres-only suites are skipped, and why.
    globalSetup: ['test/support/skipped-on-pglite.ts', 'test/support/client-build.ts'],
    // Each service checks its own answers and stream messages too, whoever the client is
    // (src/platform/http/answer-validation.ts); child processes and worker threads inherit the switch.
    env: { VALIDATE_RESPONSES: '1' },
    // The fault suites start servers of their own and run alone: `npm run test:faults`, `npm run test:ha`.
    exclude: ['**/node_modules/**', 'test/faults/**', 'test/ha/**', ...(databaseOnly ? DATABASE_FREE : []), ...(withoutBrowser ? BROWSER : []), ...(poolerLeg ? POOLER_REPEATS : [])],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
