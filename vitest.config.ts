import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'web/**/*.test.ts'],
    // Checks every answer of a test service against openapi/openapi.json.
    setupFiles: ['test/support/setup.ts'],
    // On PGlite, says which Postgres-only suites are skipped, and why.
    globalSetup: ['test/support/skipped-on-pglite.ts'],
    // Each service checks its own answers and stream messages too, whoever the client is
    // (src/http/answer-validation.ts); child processes and worker threads inherit the switch.
    env: { VALIDATE_RESPONSES: '1' },
    // The fault suite starts servers of its own and runs alone: `npm run test:faults`.
    exclude: ['**/node_modules/**', 'test/faults/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
