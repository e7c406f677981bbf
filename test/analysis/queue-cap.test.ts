// The per-address cap of the analysis queue holds under requests sent at once: the count and the
// insert are one step per address (on Postgres the requests run on several connections at once).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisStore } from '../../src/analysis/store.ts';
import { DEFAULT_CONFIG } from '../../src/engine/types.ts';
import { DomainError } from '../../src/platform/errors.ts';
import { openTestStores, testDriver, type TestStores } from '../support/db.ts';

let stores: TestStores;
beforeAll(async () => {
  stores = await openTestStores();
});
afterAll(() => stores?.close());

const CAP = 2;
const REQUESTS = 40;

describe(`the analysis queue (${testDriver})`, () => {
  it('never queues more than the per-address cap, however many requests arrive at once', async () => {
    const anna = await stores.players.createPlayer({ name: 'Anna' });
    const ids = Array.from({ length: REQUESTS }, (_, i) => `queue-cap-${i}`);
    // Games to analyse (no pool runs here: the jobs stay queued).
    for (const id of ids)
      await stores.games.createGame({
        id,
        config: DEFAULT_CONFIG,
        status: 'cutting',
        serverSeed: 'e'.repeat(64),
        seedCommitment: 'f'.repeat(64),
        forehandPlayerId: anna.id,
        dealerPlayerId: null,
        reservedPlayerId: null,
      });
    const store = new AnalysisStore(stores.database);
    const answers = await Promise.allSettled(ids.map((id) => store.request(id, 'open', '203.0.113.9', { perAddress: CAP, total: 1000 })));
    const refused = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason] : []));
    expect(refused.every((e) => e instanceof DomainError && e.code === 'TOO_MANY_ANALYSES'), String(refused.find((e) => !(e instanceof DomainError)))).toBe(true);
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(CAP);
    const [{ n }] = await stores.database.query<{ n: number | string }>(`select count(*) as n from analyses where requested_by = $1`, ['203.0.113.9']);
    expect(Number(n)).toBe(CAP);
    // Another address has its own room.
    await expect(store.request(ids[0], 'seat', '203.0.113.10', { perAddress: CAP, total: 1000 })).resolves.toMatchObject({ status: 'queued' });
  });
});
