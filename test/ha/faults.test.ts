// The HA topology (deploy/ha/ha.sh: Patroni with etcd, a primary and a synchronous standby, two
// service nodes, HAProxy) under bot load (32 games at once, every move keyed), one fault per test,
// in turn: kill -9 of the primary's postmaster; the primary's whole machine (its Patroni and its
// Postgres) killed at once; a planned switchover; one service node killed; the
// standby lost, then back. In each: no acknowledged move lost or made twice (the ledger against
// the surviving primary's log), every game finished, every record verifies, the ratings
// recomputed agree, and the time from the fault to the first move acknowledged after it printed.
// Each test leaves the topology settled (a primary and its synchronous standby) for the next.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFault, faultRun, killGroup, haPackagesInstalled, startTopology, type FaultResult, type Topology } from '../../bench/ha-harness.ts';
import { sleep, untilReady } from '../../bench/fault-harness.ts';

const hasPackages = haPackagesInstalled();

let topology: Topology;
beforeAll(async () => {
  if (hasPackages) topology = await startTopology();
});
afterAll(async () => {
  await topology?.close();
});

/** Every check but the timing, which is printed (tests assert behaviour; bench:failover holds the targets). */
function expectSurvived(r: FaultResult): void {
  console.log(describeFault(r));
  expect(r.lost).toEqual([]);
  expect(r.doubled).toEqual([]);
  expect(r.gaps).toEqual([]);
  expect(r.unverified).toEqual([]);
  expect(r.unfinished).toBe(0);
  expect(r.failedGames).toBe(0);
  expect(r.samples).toEqual([]);
  expect(r.ratingDifferences).toEqual([]);
  expect(r.servedAgainMs).not.toBeNull();
}

const other = (n: number) => (n === 1 ? 2 : 1);

const only = process.env.HA_FAULTS?.split(',');
const fault = (n: number) => (only && !only.includes(String(n)) ? it.skip : it);

describe.skipIf(!hasPackages)('the HA topology under load', () => {
  fault(1)('1. kill -9 of the primary’s postmaster: its Patroni restarts it (or the standby takes over)', async () => {
    const primary = (await topology.primary())!;
    const r = await faultRun(topology, '1. kill -9 primary postmaster', () => process.kill(topology.postmasterPid(primary), 'SIGKILL'));
    expectSurvived(r);
    await topology.settled();
  });

  fault(2)('2. the primary’s machine (Patroni and Postgres) killed at once: the standby is promoted', async () => {
    const primary = (await topology.primary())!;
    const r = await faultRun(topology, '2. primary machine killed', () => topology.killMachine(primary));
    expectSurvived(r);
    expect(await topology.primary()).toBe(other(primary));
    // Every service node's listening connection moved to the new primary, and its caches were told.
    for (const n of [1, 2]) expect(readFileSync(join(topology.dir, `app${n}.log`), 'utf8')).toContain('"event":"databaseSessionRenewed"');
    // The old primary comes back as the standby (Patroni rewinds it with pg_rewind).
    await topology.ha('start-node', String(primary));
    await topology.settled();
  });

  fault(3)('3. a planned switchover', async () => {
    const primary = (await topology.primary())!;
    const r = await faultRun(topology, '3. planned switchover', () => topology.ha('switchover'));
    expectSurvived(r);
    await topology.settled();
    expect(await topology.primary()).toBe(other(primary));
  });

  fault(4)('4. one service node killed: HAProxy moves its clients to the other', async () => {
    // On the view stream: a stream cut off with its node resumes on the other one (Last-Event-ID).
    const r = await faultRun(topology, '4. service node 1 killed', () => killGroup(topology.groupOf('app1')), { protocol: 'stream' });
    expectSurvived(r);
    await topology.ha('start-app', '1');
    expect(await untilReady(topology.apps[0], 60_000)).not.toBeNull();
  });

  fault(5)('5. the standby lost, then back: the primary writes alone meanwhile, then synchronously again', async () => {
    const primary = (await topology.primary())!;
    const standby = other(primary);
    const r = await faultRun(topology, '5. standby lost, then back', async () => {
      topology.killMachine(standby);
      await sleep(4000);
      await topology.ha('start-node', String(standby));
    });
    expectSurvived(r);
    await topology.settled();
    expect(await topology.primary()).toBe(primary);
  });
});
