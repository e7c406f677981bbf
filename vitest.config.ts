// `npm test`: every unit and integration suite, on embedded PGlite (or on the Postgres server of
// DATABASE_URL). The browser suites (`npm run test:browser`), the fault suite (`npm run
// test:faults`) and the HA suite (`npm run test:ha`) have configurations of their own.
import { defineConfig } from 'vitest/config';
import { shared } from './vitest.shared.ts';
import { LongestFirst } from './test/support/sequencer.ts';

// .ci/run's second and third database legs set TEST_DATABASE_ONLY=1: the suites that touch no
// database (the engine, the bots and their solver, the tournaments' pairings and standings, the
// web client's units, the client package's units) ran in the first leg.
const DATABASE_FREE = ['src/engine/**', 'src/bots/**', 'src/tournaments/{blossom,swiss,arena,standings}.test.ts', 'web/src/**', 'packages/*/src/**'];
const databaseOnly = process.env.TEST_DATABASE_ONLY === '1';

// The pooler leg (DATABASE_POOL_MODE=transaction) repeats what touches the database's sessions
// (transactions, LISTEN, advisory locks, races between processes); the suites below check what the
// HTTP layer answers (views' redaction over many games, the schema fuzzer, the document, the
// walkthroughs, the Python example bot) and ran on both databases already: once there keeps .ci/run
// within its budget.
const POOLER_REPEATS = [
  'test/games/redaction*.test.ts',
  'test/http/schema-fuzz*.test.ts',
  'test/http/request-bounds.test.ts',
  'test/http/openapi*.test.ts',
  'test/matches/openapi.test.ts',
  'test/http/docs.test.ts',
  'test/readme.test.ts',
  'test/cli/python-bot.test.ts',
];
const poolerLeg = process.env.DATABASE_POOL_MODE === 'transaction';

// The suites share their worker processes and module cache (isolate: false): a file costs no new
// process, no second import of the service and no second compile of PGlite's WebAssembly, about a
// third of the run's CPU. The files that replace a module with a mock (vi.mock) run isolated.
const MOCKING = ['test/accounts/signin-limits.test.ts', 'test/http/abuse.test.ts'];
const EXCLUDE = ['**/node_modules/**', 'test/web/**', 'test/faults/**', 'test/ha/**', ...(databaseOnly ? DATABASE_FREE : []), ...(poolerLeg ? POOLER_REPEATS : [])];

// What both projects share (the global setup stays with the root: it runs once for both).
const { reporters, ...perProject } = shared;
const common = { ...perProject, testTimeout: 60_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    // On PGlite, says which Postgres-only suites are skipped, and why; builds the client package if
    // its source changed; makes the run's migrated database, which every test database copies.
    globalSetup: ['test/support/skipped-on-pglite.ts', 'test/support/client-build.ts', 'test/support/db-template.ts'],
    // Two cores: a third worker fills the time the others wait on a socket, a timer or a child process.
    maxWorkers: 3,
    reporters,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          ...common,
          name: 'shared',
          include: ['src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'test/**/*.test.ts', 'web/**/*.test.ts'],
          exclude: [...EXCLUDE, ...MOCKING],
          isolate: false,
        },
      },
      { test: { ...common, name: 'isolated', include: MOCKING, exclude: EXCLUDE } },
    ],
  },
});
