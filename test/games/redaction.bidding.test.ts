// No hidden card ever leaks (2/2): random games of the bidding variant through HTTP (stock,
// discards, hand games, passed-in games), every reader checked after every move. The driver
// and the checks are in test/support/redaction.ts.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/service.ts';
import { SHARDS, randomSpec, runSharded } from '../support/redaction.ts';

const GAMES = Number(process.env.REDACTION_GAMES ?? 100);
const FIRST_SEED = 100_001;

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service?.close());

it(`shows no reader a card it may not see, in ${GAMES} random bidding games`, { timeout: 900_000 }, async () => {
  const specs = Array.from({ length: GAMES }, (_, i) => randomSpec(FIRST_SEED + i, ['bidding']));
  const { stats, leaks } = await runSharded(service, specs, SHARDS);
  console.log(`redaction (bidding, seeds ${FIRST_SEED}..${FIRST_SEED + GAMES - 1}): ${JSON.stringify(stats)}`);
  expect(leaks).toEqual([]);
  expect(stats.games).toBe(GAMES);
  if (GAMES >= 50) {
    // The random games reach what they are meant to: passed in, hand games, the stock picked
    // up and discards laid away, null, kontra, overbids, resigning.
    const { endings, contracts } = stats;
    for (const n of [endings.passedIn, endings.hand, endings.stockPickedUp, contracts.null, endings.kontra, endings.overbid, endings.resigned])
      expect(n ?? 0).toBeGreaterThan(0);
  }
});
