// The order of the run's files: vitest's (failed first, then the longest of the last run, else
// the largest), except that the suites known to take longest start first even without a last run
// (a fresh clone, CI): started last, one of them would run on alone while the other workers idle.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The longest suites, longest first (docs/architecture.md, "Tests", has the figures). */
const LONGEST = [
  'test/games/redaction.test.ts',
  'test/games/redaction.bidding.test.ts',
  'test/exports/export.test.ts',
  'test/http/schema-fuzz.test.ts',
  'src/bots/pimc.test.ts',
  'src/engine/properties.test.ts',
];

const rank = (spec: TestSpecification) => {
  const i = LONGEST.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
  return i < 0 ? LONGEST.length : i;
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
