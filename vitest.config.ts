import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'web/**/*.test.ts'],
    // Checks every answer of a test service against openapi/openapi.json.
    setupFiles: ['test/support/setup.ts'],
    // The fault suite starts servers of its own and runs alone: `npm run test:faults`.
    exclude: ['**/node_modules/**', 'test/faults/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
