// Every test file: the answers of the test services are checked against openapi/openapi.json
// (test/support/openapi.ts). The services check their own (VALIDATE_RESPONSES=1, from the vitest
// config) and report to this worker's file, which child processes and worker threads inherit
// through the environment; fetch callers are checked here too, the supertest client of
// test/support/service.ts checks its own. A test during which any answer did not match fails,
// even if it caught the error itself.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterAll, afterEach } from 'vitest';
import { takeMismatches, validatingFetch } from './openapi.ts';

const report = join(tmpdir(), `offiziersskat-answers-${process.pid}-${threadId}.log`);
process.env.VALIDATE_RESPONSES_REPORT = report;

// Once per process: the suites share their processes (vitest.config.ts, isolate: false), and this
// file runs before each of them.
const WRAPPED = Symbol.for('offiziersskat.validatingFetch');
const wrapped = globalThis as { [WRAPPED]?: true };
if (!wrapped[WRAPPED]) {
  globalThis.fetch = validatingFetch(globalThis.fetch);
  wrapped[WRAPPED] = true;
}

function failOnMismatches() {
  const mismatches = takeMismatches();
  if (mismatches.length > 0)
    throw new Error(`${mismatches.length} answer(s) during this test did not match openapi/openapi.json:\n${mismatches.join('\n\n')}`);
}

afterEach(failOnMismatches);
// What a service answered after the last test (in an afterAll, while closing) fails the file.
afterAll(() => {
  try {
    failOnMismatches();
  } finally {
    rmSync(report, { force: true });
  }
});
