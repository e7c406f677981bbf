// No hidden card ever leaks (1/2): random classic and halfOpen games through HTTP, every reader
// checked after every move. The driver and the checks are in test/support/redaction.ts.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/service.ts';
import { SHARDS, randomSpec, runSharded } from '../support/redaction.ts';

const GAMES = Number(process.env.REDACTION_GAMES ?? 200);
const FIRST_SEED = 1;

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service?.close());

it(`shows no reader a card it may not see, in ${GAMES} random classic and halfOpen games`, { timeout: 900_000 }, async () => {
  const specs = Array.from({ length: GAMES }, (_, i) => randomSpec(FIRST_SEED + i, ['classic', 'halfOpen']));
  const { stats, leaks } = await runSharded(service, specs, SHARDS);
  console.log(`redaction (classic, halfOpen, seeds ${FIRST_SEED}..${FIRST_SEED + GAMES - 1}): ${JSON.stringify(stats)}`);
  expect(leaks).toEqual([]);
  expect(stats.games).toBe(GAMES);
  if (GAMES >= 50) {
    // The random games reach what they are meant to: both variants, ramsch, kontra, resigning.
    for (const n of [stats.byVariant.classic, stats.byVariant.halfOpen, stats.contracts.ramsch, stats.endings.kontra, stats.endings.resigned])
      expect(n ?? 0).toBeGreaterThan(0);
  }
});
