// The fault suite (`npm run test:faults`): each file starts its own PostgreSQL server and service
// processes, stops, restarts or kills them. One file at a time: they measure recovery times.
import { defineConfig } from 'vitest/config';
import { shared } from './vitest.shared.ts';

export default defineConfig({
  test: {
    include: ['test/faults/**/*.test.ts'],
    fileParallelism: false,
    // Every answer of every service (its own PostgreSQL's processes too) checked against
    // openapi/openapi.json (src/platform/http/answer-validation.ts; test/support/setup.ts fails the test).
    ...shared,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
