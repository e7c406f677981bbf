// Every test file: the answers of the test services are checked against openapi/openapi.json
// (test/support/openapi.ts). Their fetch callers are covered here; the supertest client of
// test/support/service.ts checks its own. A test during which any answer did not match fails,
// even if it caught the error itself.
import { afterEach } from 'vitest';
import { takeMismatches, validatingFetch } from './openapi.ts';

globalThis.fetch = validatingFetch(globalThis.fetch);

afterEach(() => {
  const mismatches = takeMismatches();
  if (mismatches.length > 0)
    throw new Error(`${mismatches.length} answer(s) during this test did not match openapi/openapi.json:\n${mismatches.join('\n\n')}`);
});
