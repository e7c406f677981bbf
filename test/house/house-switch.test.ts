// HOUSE_BOTS as the operator sets it: `npm start`'s entry with the switch puts the house bots
// online (their own process, child of the serving one), and a stop takes them with it; started
// again, the same accounts come back. Under the primary with two workers, one of them holds the
// bots and their ladder: rated games among the levels. Processes of the service on one database:
// Postgres only.
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, testDriver, type ScratchDatabase } from '../support/db.ts';
import { startProcesses, type RunningProcess } from '../support/processes.ts';

const scratches: ScratchDatabase[] = [];
const scratchDatabase = async () => {
  const scratch = await createScratchDatabase();
  scratches.push(scratch);
  return scratch;
};
const running: RunningProcess[] = [];
afterAll(async () => {
  for (const p of running) await p.stop();
  for (const s of scratches) await s.drop();
});

type Online = { playerId: string; name: string; variants: string[] };
async function houseOnline(url: string, count: number): Promise<Online[]> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const bots = ((await (await fetch(`${url}/v1/bots/online`)).json()) as { items: Online[] }).items.filter((b) => b.name.startsWith('Computer'));
    if ((bots.length === count && bots.every((b) => b.variants.length === 3)) || Date.now() > deadline) return bots;
    await new Promise((r) => setTimeout(r, 100)); // the test's own polling
  }
}

describe.runIf(testDriver === 'postgres')('HOUSE_BOTS on a process of the service', () => {
  it('puts the levels named online, stops them with the service, and finds the same accounts on the next start', async () => {
    const scratch = await scratchDatabase();
    const [first] = await startProcesses(scratch, 1, { HOUSE_BOTS: 'random,greedy' });
    running.push(first!);
    const bots = await houseOnline(first!.url, 2);
    expect(bots.map((b) => b.name).sort(), first!.output()).toEqual(['Computer (beginner)', 'Computer (easy)']);
    expect(bots.every((b) => b.variants.join() === 'classic,halfOpen,bidding')).toBe(true);
    await first!.stop();
    expect(first!.child.exitCode).toBe(0);

    const [second] = await startProcesses(scratch, 1, { HOUSE_BOTS: 'random,greedy' });
    running.push(second!);
    const again = await houseOnline(second!.url, 2);
    expect(again.map((b) => b.playerId).sort()).toEqual(bots.map((b) => b.playerId).sort());
  }, 240_000);

  it('with two workers, one holds the bots and their ladder: the levels play rated games against each other', async () => {
    const scratch = await scratchDatabase();
    const [service] = await startProcesses(scratch, 1, { SINGLE_PROCESS: '0', WEB_CONCURRENCY: '2', HOUSE_BOTS: 'random,greedy', HOUSE_LADDER_PAUSE_SECONDS: '0' });
    running.push(service!);
    const bots = await houseOnline(service!.url, 2);
    expect(bots, service!.output()).toHaveLength(2);
    type Profile = { ratings: Record<string, { games: number } | undefined> };
    const played = async () => {
      let games = 0;
      for (const b of bots) for (const r of Object.values(((await (await fetch(`${service!.url}/v1/players/${b.playerId}`)).json()) as Profile).ratings)) games += r?.games ?? 0;
      return games;
    };
    // Two rated games each at least (nobody else plays here): the ladder's, one variant after another.
    const deadline = Date.now() + 120_000;
    while ((await played()) < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200)); // the test's own polling
    expect(await played(), service!.output()).toBeGreaterThanOrEqual(4);
    // One worker runs the ladder: it says so once.
    expect(service!.output().match(/house ladder: 1 rated game\(s\) at once among 2 levels/g)).toHaveLength(1);
    await service!.stop();
    expect(service!.child.exitCode).toBe(0);
  }, 240_000);
});
