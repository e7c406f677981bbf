// What every suite's configuration shares: the answer check and the test environment.
import type { ViteUserConfig } from 'vitest/config';

export const shared = {
  // Checks every answer of a test service against openapi/openapi.json.
  setupFiles: ['test/support/setup.ts'],
  // Each service checks its own answers and stream messages too, whoever the client is
  // (src/platform/http/answer-validation.ts); child processes and worker threads inherit the switch.
  env: { VALIDATE_RESPONSES: '1' },
  // TEST_REPORT=path adds vitest's JSON report there (.ci/run prints each leg's slowest files from it).
  reporters: process.env.TEST_REPORT ? ['default', ['json', { outputFile: process.env.TEST_REPORT }]] : ['default'],
} satisfies NonNullable<ViteUserConfig['test']>;
